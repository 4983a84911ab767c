import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "@fre/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";

// Issue 34 point 12: plurals and ordinals by i18next's rules (never « (s) »), and « » with a
// non-breaking space inside (U+00A0 or U+202F) in every French text.
const root = import.meta.dirname;
type Tree = { [key: string]: string | Tree };
const namespaces = readdirSync(join(root, "fr")).filter((file) => file.endsWith(".json"));
const catalog = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(root, language, namespace), "utf8")) as Tree;

function texts(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[prefix ? `${prefix}.${key}` : key, value] as [string, string]]
      : texts(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** A hand-made plural: « commande(s) », « order(s) », « reçu(e)s ». */
const HAND_PLURAL = /\p{L}\((?:s|e|es|x)\)/u;

async function instance() {
  const i18n = i18next.createInstance();
  const resources: Record<string, Record<string, Tree>> = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    for (const namespace of ["admin.json", "app.json", "shop.json", "games.json"]) {
      (resources[language] as Record<string, Tree>)[namespace.replace(".json", "")] = catalog(
        language,
        namespace,
      );
    }
  }
  await i18n.init({ lng: "fr", resources, interpolation: { escapeValue: false } });
  return i18n;
}

describe("plurals, ordinals and guillemets in the web catalogs", () => {
  it("no text makes its plural by hand", () => {
    for (const language of LANGUAGES) {
      for (const namespace of namespaces) {
        const found = texts(catalog(language, namespace)).filter(([, t]) => HAND_PLURAL.test(t));
        expect(found, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it("French guillemets hold a non-breaking space, never a plain one", () => {
    for (const namespace of namespaces) {
      const plain = texts(catalog("fr", namespace)).filter(([, t]) => /«[ \t]|[ \t]»/.test(t));
      expect(plain, namespace).toEqual([]);
    }
  });

  it("counts members, groups and orders by the language's rule", async () => {
    const i18n = await instance();
    const counts = (lng: string, members: number, groups: number) =>
      i18n.t("leaguesAdmin.counts", {
        lng,
        ns: "admin",
        members: i18n.t("leaguesAdmin.members", {
          lng,
          ns: "admin",
          count: members,
          value: members,
        }),
        groups: i18n.t("leaguesAdmin.groups", { lng, ns: "admin", count: groups, value: groups }),
      });
    expect(counts("fr", 1, 1)).toBe("1 membre · 1 groupe");
    expect(counts("fr", 12, 2)).toBe("12 membres · 2 groupes");
    expect(counts("en", 1, 3)).toBe("1 member · 3 groups");
    expect(counts("ru", 2, 5)).toBe("2 участника · 5 групп");
    const totals = (lng: string, count: number) =>
      i18n.t("admin.totals", { lng, ns: "shop", count, total: "1" });
    expect(totals("fr", 1)).toBe("1 commande — 1 TON reçus (commandes payées)");
    expect(totals("fr", 3)).toBe("3 commandes — 1 TON reçus (commandes payées)");
    expect(totals("en", 1)).toMatch(/^1 order — /);
    expect(totals("ru", 21)).toMatch(/^21 заказ — /);
  });

  it("says « 1re place », « 2e place », « 1st place » by the ordinal rules", async () => {
    const i18n = await instance();
    const place = (lng: string, rank: number) =>
      i18n.t("leaguesAdmin.rewardOf", { lng, ns: "admin", count: rank, ordinal: true, rank });
    expect([1, 2, 3].map((rank) => place("fr", rank))).toEqual([
      "1re place",
      "2e place",
      "3e place",
    ]);
    expect([1, 2, 3, 4].map((rank) => place("en", rank))).toEqual([
      "1st place",
      "2nd place",
      "3rd place",
      "4th place",
    ]);
    const week = (lng: string, rank: number) =>
      i18n.t("leaderboard.history.rank", {
        lng,
        ns: "app",
        count: rank,
        ordinal: true,
        rank,
        size: 20,
      });
    expect(week("fr", 1)).toBe("1er sur 20");
    expect(week("fr", 7)).toBe("7e sur 20");
    expect(week("en", 2)).toBe("2nd of 20");
  });
});
