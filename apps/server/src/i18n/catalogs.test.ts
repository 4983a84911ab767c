import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type Language } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { type Catalog, fr } from "./fr.ts";
import { ru } from "./ru.ts";
import { zh } from "./zh.ts";

const catalogs: Record<Language, Catalog> = { fr, en, es, ru, zh };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const texts = (language: Language) => flatten(catalogs[language] as unknown as Tree);

/** `{{name}}` values and the names of `{name, plural|select, …}` blocks. */
const placeholders = (text: string) =>
  [
    ...[...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]),
    ...[...text.matchAll(/\{\s*(\w+)\s*,\s*(?:plural|select)\s*,/g)].map((m) => m[1]),
  ]
    .filter((name, i, all) => all.indexOf(name) === i)
    .sort();

/**
 * « tu » in French: the pronouns and possessives (TON the currency is written in capitals), an
 * imperative with a pronoun that is not the « vous » form (« reconnecte-le »), and the singular
 * imperatives the app's texts are likely to hold.
 */
const TU_FORMS = [
  /(?<![\p{L}\p{N}])[Tt](?:u|on|a|es|oi|e)(?![\p{L}\p{N}])/u,
  /(?<![\p{L}])[Tt]['’](?=\p{L})/u,
  /(?<![\p{L}])\p{L}+(?<!ez|ons)-(?:le|la|les|moi|toi|en|y|lui|leur|nous)(?![\p{L}])/u,
  /(?:^|[.!?:;]\s+|\b(?:ou|et|puis)\s+)(?:[Rr]éessaie|[Ee]ssaie|[Cc]onnecte|[Rr]elie|[Cc]onfirme|[Ee]nvoie|[Cc]hoisis|[Cc]lique|[Tt]ouche|[Oo]uvre|[Ss]aisis|[Vv]érifie|[Aa]ttends|[Rr]eviens|[Ll]ance|[Jj]oue|[Ii]nstalle|[Aa]ugmente|[Aa]ccorde|[Uu]tilise|[Pp]artage|[Rr]éclame|[Dd]émarre)(?![\p{L}])/u,
];

export const tuFormIn = (text: string) =>
  TU_FORMS.map((form) => form.exec(text)?.[0]).find((found) => found !== undefined);

/** Placeholders that would put an internal id on screen instead of a name. */
const ID_PLACEHOLDER = /^(?:id|item|\w*Id|\w*_id)$/;
/** The packs' product names (spec §9) are also their ids: never bare, always called a pack. */
const PACK_WORD: Record<Language, RegExp> = {
  fr: /pack/i,
  en: /pack/i,
  es: /pack/i,
  ru: /пак/i,
  zh: /礼包/,
};

/** The items the migrations sell, and what the shop screen calls them (web shop.json). */
function seededItems() {
  const sql = readFileSync(
    join(import.meta.dirname, "../db/migrations/0011_ton_and_shop.sql"),
    "utf8",
  );
  return [...sql.matchAll(/\('(\w+)', '(pack|box)', \d+, (NULL|\d+),/g)].map((m) => ({
    id: m[1] as string,
    kind: m[2] as "pack" | "box",
    days: m[3] === "NULL" ? null : Number(m[3]),
  }));
}

function webShopName(language: Language, item: ReturnType<typeof seededItems>[number]) {
  const shop = JSON.parse(
    readFileSync(
      join(import.meta.dirname, `../../../web/src/locales/${language}/shop.json`),
      "utf8",
    ),
  ) as { item: { packName: string; boxName: string } };
  return item.kind === "pack"
    ? shop.item.packName.replace("{{pack}}", item.id)
    : shop.item.boxName.replace("{{days}}", String(item.days));
}

describe("server catalogs", () => {
  for (const language of LANGUAGES.filter((l) => l !== "fr")) {
    it(`${language} has the French placeholders in every text`, () => {
      const source = texts("fr");
      for (const [key, text] of texts(language)) {
        expect(placeholders(text), `${language}:${key}`).toEqual(
          placeholders(source.get(key) ?? ""),
        );
      }
    });
  }

  it("speaks to the user as « vous » in French", () => {
    const found = [...texts("fr")].flatMap(([key, text]) => {
      const form = tuFormIn(text);
      return form ? [`${key}: « ${form} »`] : [];
    });
    expect(found).toEqual([]);
  });

  it("calls the shop's boxes « boîtes » in French", () => {
    const found = [...texts("fr")].filter(([, text]) => /\bbox(?:es)?\b/i.test(text));
    expect(found).toEqual([]);
  });

  it("puts no id on screen: no placeholder fed an id, no item id in any text", () => {
    for (const language of LANGUAGES) {
      for (const [key, text] of texts(language)) {
        const where = `${language}:${key}`;
        expect(
          placeholders(text).filter((name) => ID_PLACEHOLDER.test(name ?? "")),
          where,
        ).toEqual([]);
        expect(text, where).not.toMatch(/\bBOX\d+\b/);
        if (/\bFRE\d+\b/.test(text)) expect(text, where).toMatch(PACK_WORD[language]);
      }
    }
  });

  it("names every item of the shop as the shop screen does, in every language", () => {
    const items = seededItems();
    expect(items.map((item) => item.id)).toEqual([
      "FRE1",
      "FRE3",
      "FRE5",
      "BOX7",
      "BOX15",
      "BOX22",
      "BOX30",
    ]);
    for (const language of LANGUAGES) {
      const names = catalogs[language].shopItems as Record<string, string>;
      for (const item of items) {
        expect(names[item.id], `${language}:${item.id}`).toBe(webShopName(language, item));
      }
    }
  });

  it("the « tu » detector finds the forms it is meant to, and not TON the currency", () => {
    expect(tuFormIn("Relie ton portefeuille TON.")).toBe("ton");
    expect(tuFormIn("Relie le portefeuille TON.")).toBe("Relie");
    expect(tuFormIn("Le portefeuille n'a pas pu être relié. Réessaie.")).toBe(". Réessaie");
    expect(tuFormIn("Relié à ton compte")).toBe("ton");
    expect(tuFormIn("Ta commande")).toBe("Ta");
    expect(tuFormIn("reconnecte-le pour payer")).toBe("reconnecte-le");
    expect(tuFormIn("si tu veux")).toBe("tu");
    expect(tuFormIn("Inscris-toi")).toBe("toi");
    expect(tuFormIn("t'inscrire")).toBe("t'");
    expect(tuFormIn("Payez 2 TON avec votre portefeuille TON.")).toBeUndefined();
    expect(tuFormIn("Reconnectez-le, demandez-en un, allons-y.")).toBeUndefined();
    expect(tuFormIn("Une boîte à la fois : elle s'arrête à la date affichée.")).toBeUndefined();
    expect(tuFormIn("Consultez votre boîte de réception. Date : 12/01.")).toBeUndefined();
  });
});
