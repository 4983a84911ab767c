import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "@fre/shared";
import { describe, expect, it } from "vitest";

const root = import.meta.dirname;
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

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(root, language, namespace), "utf8")) as Tree);
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const namespaces = readdirSync(join(root, "fr")).filter((file) => file.endsWith(".json"));

describe("translation catalogs", () => {
  it("has a folder per supported language with the same namespaces as French", () => {
    for (const language of LANGUAGES) {
      expect(
        readdirSync(join(root, language))
          .filter((f) => f.endsWith(".json"))
          .sort(),
      ).toEqual([...namespaces].sort());
    }
  });

  for (const namespace of namespaces) {
    const source = load("fr", namespace);
    for (const language of LANGUAGES.filter((l) => l !== "fr")) {
      it(`${language}/${namespace} has exactly the French keys and placeholders`, () => {
        const catalog = load(language, namespace);
        expect([...catalog.keys()].sort()).toEqual([...source.keys()].sort());
        for (const [key, text] of source) {
          expect(placeholders(catalog.get(key) ?? ""), `${language}/${namespace}:${key}`).toEqual(
            placeholders(text),
          );
        }
      });
    }
    it(`no ${namespace} entry is empty in any language`, () => {
      for (const language of LANGUAGES) {
        for (const [key, text] of load(language, namespace)) {
          expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe("");
        }
      }
    });
  }

  it("keeps the spec's French texts verbatim", () => {
    const common = load("fr", "common.json");
    expect(common.get("errorScreen.title")).toBe("Une erreur est survenue");
    expect(common.get("errorScreen.unexpected")).toBe("Une erreur inattendue est survenue.");
    expect(common.get("errorScreen.reload")).toBe("Recharger la page");
    const landing = load("fr", "landing.json");
    expect(landing.get("hero.start")).toBe("Commencer à miner");
    expect(landing.get("hero.login")).toBe("Se connecter");
    expect(landing.get("cta.register")).toBe("Créer un compte");
    expect(landing.get("footer.copyright")).toContain("2024");
    const admin = load("fr", "admin.json");
    expect(admin.get("security.tooShort")).toBe("Le code doit contenir au moins 6 caractères");
    expect(admin.get("console")).toBe("Console d'administration");
  });
});
