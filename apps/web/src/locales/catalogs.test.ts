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

/** A family's forms: ordinal ones (`key_ordinal_one`…) follow the language's ordinal rules. */
const pluralCategories = (language: string, family = "") =>
  [
    ...new Intl.PluralRules(language, {
      type: family.endsWith("_ordinal_#") ? "ordinal" : "cardinal",
    }).resolvedOptions().pluralCategories,
  ].sort();

const namespaces = readdirSync(join(root, "fr")).filter((file) => file.endsWith(".json"));

/**
 * « tu » in French: the pronouns and possessives (TON the currency is written in capitals), an
 * imperative with a pronoun that is not the « vous » form (« reconnecte-le »), and the singular
 * imperatives the app's texts are likely to hold (apps/server/src/i18n/catalogs.test.ts holds the
 * same rule for the server's texts).
 */
const TU_FORMS = [
  /(?<![\p{L}\p{N}])[Tt](?:u|on|a|es|oi|e)(?![\p{L}\p{N}])/u,
  /(?<![\p{L}])[Tt]['’](?=\p{L})/u,
  /(?<![\p{L}])\p{L}+(?<!ez|ons)-(?:le|la|les|moi|toi|en|y|lui|leur|nous)(?![\p{L}])/u,
  /(?:^|[.!?:;]\s+|\b(?:ou|et|puis)\s+)(?:[Rr]éessaie|[Ee]ssaie|[Cc]onnecte|[Rr]elie|[Cc]onfirme|[Ee]nvoie|[Cc]hoisis|[Cc]lique|[Tt]ouche|[Oo]uvre|[Ss]aisis|[Vv]érifie|[Aa]ttends|[Rr]eviens|[Ll]ance|[Jj]oue|[Ii]nstalle|[Aa]ugmente|[Aa]ccorde|[Uu]tilise|[Pp]artage|[Rr]éclame|[Dd]émarre)(?![\p{L}])/u,
];
const tuFormIn = (text: string) =>
  TU_FORMS.map((form) => form.exec(text)?.[0]).find((found) => found !== undefined);

/** Placeholders that would put an internal id on screen instead of a name. */
const ID_PLACEHOLDER = /^(?:id|item|\w*Id|\w*_id)$/;
/** The packs' product names (spec §9) are also their ids: never bare, always called a pack. */
const PACK_WORD: Record<string, RegExp> = {
  fr: /pack/i,
  en: /pack/i,
  es: /pack/i,
  ru: /пак/i,
  zh: /礼包/,
};
/** Namespaces other people own (decision 0024 leaves them to their features). */
const OTHERS = new Set(["kyc.json", "legal.json"]);
const ours = namespaces.filter((namespace) => !OTHERS.has(namespace));
/** Admin screens show ids on purpose (an audit entry's target, an order to settle). */
const forAdmins = (namespace: string, key: string) =>
  namespace === "admin.json" || key.startsWith("admin.");
/** The text the user sends a friend (group.shareText): the user's own voice, « tu » is theirs. */
const USER_TO_FRIEND = new Set(["app.json:group.shareText"]);

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
          expect(forms, `${language}/${namespace}:${family}`).toEqual(
            pluralCategories(language, family),
          );
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

  it("speaks to the user as « vous » in French", () => {
    const found = ours.flatMap((namespace) =>
      [...load("fr", namespace)].flatMap(([key, text]) => {
        const form = USER_TO_FRIEND.has(`${namespace}:${key}`) ? undefined : tuFormIn(text);
        return form ? [`${namespace}:${key}: « ${form} »`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it("calls the shop's boxes « boîtes » in French", () => {
    const found = ours.flatMap((namespace) =>
      [...load("fr", namespace)]
        .filter(([, text]) => /\bbox(?:es)?\b/i.test(text))
        .map(([key]) => `${namespace}:${key}`),
    );
    expect(found).toEqual([]);
  });

  it("puts no id on a user's screen: no placeholder fed an id, no item id in any text", () => {
    for (const language of LANGUAGES) {
      for (const namespace of ours) {
        for (const [key, text] of load(language, namespace)) {
          const where = `${language}/${namespace}:${key}`;
          const ids = forAdmins(namespace, key)
            ? []
            : placeholders(text).filter((name) => ID_PLACEHOLDER.test(name ?? ""));
          expect(ids, where).toEqual([]);
          expect(text, where).not.toMatch(/\bBOX\d+\b/);
          if (/\bFRE\d+\b/.test(text)) expect(text, where).toMatch(PACK_WORD[language] as RegExp);
        }
      }
    }
  });

  it("quotes the wallet button by its real label and says which language TON Connect speaks", () => {
    for (const language of LANGUAGES) {
      const connect = load(language, "ton.json").get("card.connect") ?? "";
      const step = load(language, "help.json").get("howToBuy.steps.connect") ?? "";
      expect(connect).not.toBe("");
      expect(step, language).toContain(connect);
      expect(step, language).toContain("TON Connect");
      expect(step, language).not.toContain("Connect Wallet");
    }
  });

  it("the « tu » detector finds the forms it is meant to, and not TON the currency", () => {
    expect(tuFormIn("Relie ton portefeuille TON.")).toBe("ton");
    expect(tuFormIn("Relie le portefeuille TON.")).toBe("Relie");
    expect(tuFormIn("Réessaie ou paie manuellement.")).toBe("Réessaie");
    expect(tuFormIn("reconnecte-le pour payer")).toBe("reconnecte-le");
    expect(tuFormIn("Ta commande, tes FRE, toi")).toBe("Ta");
    expect(tuFormIn("Va-t'en")).toBe("t'");
    expect(tuFormIn("Payez 2 TON avec votre portefeuille TON.")).toBeUndefined();
    expect(tuFormIn("Reconnectez-le, demandez-en un, allons-y.")).toBeUndefined();
    expect(tuFormIn("Une boîte à la fois : elle s'arrête à la date affichée.")).toBeUndefined();
  });

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

describe("the free slot's referral rule", () => {
  const read = (language: string, namespace: string) =>
    JSON.parse(readFileSync(join(root, language, namespace), "utf8"));
  it("says a referral gives a bonus spin once verified and past a first session", () => {
    const games = read("fr", "games.json");
    const help = read("fr", "help.json");
    for (const text of [
      games.descriptions.slot,
      help.faq.items.referrals.a,
      help.faq.items.games.a,
    ] as string[]) {
      expect(text).toMatch(/vérifié son (adresse )?e-mail/);
      expect(text).toMatch(/première session/);
      expect(text).not.toMatch(/par filleul actif\./);
    }
  });
});
