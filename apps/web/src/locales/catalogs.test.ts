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

/** i18next plural forms: `key_one`, `key_few`… Each language has its own set (CLDR). */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** Keys with every plural family folded to `key_#`, and each family's forms. */
function folded(catalog: Map<string, string>) {
  const keys = new Set<string>();
  const forms = new Map<string, string[]>();
  for (const key of catalog.keys()) {
    const match = PLURAL.exec(key);
    if (!match) {
      keys.add(key);
      continue;
    }
    const family = `${match[1]}_#`;
    keys.add(family);
    forms.set(family, [...(forms.get(family) ?? []), match[2] as string].sort());
  }
  return { keys: [...keys].sort(), forms };
}

const pluralCategories = (language: string) =>
  [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();

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
        expect(folded(catalog).keys).toEqual(folded(source).keys);
        for (const [key, text] of catalog) {
          const match = PLURAL.exec(key);
          // A plural form answers to the French "other" form of its family.
          const french = match ? source.get(`${match[1]}_other`) : source.get(key);
          expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(
            placeholders(french ?? ""),
          );
        }
      });
    }
    it(`${namespace} has each plural in exactly the forms of each language`, () => {
      for (const language of LANGUAGES) {
        for (const [family, forms] of folded(load(language, namespace)).forms) {
          expect(forms, `${language}/${namespace}:${family}`).toEqual(pluralCategories(language));
        }
      }
    });
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
