import { LANGUAGES, type Language } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { type Catalog, fr } from "./fr.ts";
import { notificationText } from "./index.ts";
import { ru } from "./ru.ts";
import { zh } from "./zh.ts";

// Issue 34 point 12: plurals by the language's rules, never « (s) »; « » with a non-breaking
// space inside (apps/web/src/locales/plurals.test.ts holds the same rules for the web's texts).
const catalogs: Record<Language, Catalog> = { fr, en, es, ru, zh };

function texts(tree: unknown, prefix = ""): [string, string][] {
  if (typeof tree === "string") return [[prefix, tree]];
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    texts(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** A hand-made plural: « tour(s) », « spin(s) », « reçu(e)s ». */
const HAND_PLURAL = /\p{L}\((?:s|e|es|x)\)/u;

describe("server catalogs: plurals and guillemets", () => {
  it("no text makes its plural by hand", () => {
    for (const language of LANGUAGES) {
      const found = texts(catalogs[language]).filter(([, text]) => HAND_PLURAL.test(text));
      expect(found, language).toEqual([]);
    }
  });

  it("the referral bonus spins are counted by each language's rule", () => {
    const message = (language: Language, count: number) =>
      notificationText(language, "slot_available_bonus", { count }).message;
    expect(message("fr", 1)).toBe("Vous avez 1 tour bonus de parrainage à jouer !");
    expect(message("fr", 3)).toBe("Vous avez 3 tours bonus de parrainage à jouer !");
    expect(message("en", 1)).toBe("You have 1 referral bonus spin to play!");
    expect(message("en", 2)).toBe("You have 2 referral bonus spins to play!");
    expect(message("es", 1)).toBe("¡Tienes 1 tirada extra por referidos!");
    expect(message("ru", 1)).toContain("1 бонусное вращение");
    expect(message("ru", 3)).toContain("3 бонусных вращения");
    expect(message("ru", 5)).toContain("5 бонусных вращений");
    expect(message("zh", 2)).toContain("2 次");
  });

  it("French guillemets hold a non-breaking space, never a plain one", () => {
    const plain = texts(fr).filter(([, text]) => /«[ \t]|[ \t]»/.test(text));
    expect(plain).toEqual([]);
  });
});
