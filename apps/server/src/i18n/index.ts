import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@fre/shared";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { type Catalog, fr } from "./fr.ts";
import { formatFre } from "./fre-amount.ts";
import { ru } from "./ru.ts";
import { zh } from "./zh.ts";

export { FRE_CONTEXTS, type FreContext, formatFre } from "./fre-amount.ts";

const catalogs: Record<Language, Catalog> = { fr, en, es, ru, zh };

export type ErrorMessageKey = keyof Catalog["errors"];
export type MailMessageKey = keyof Catalog["mail"];

export type MessageValues = Record<string, string | number>;

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralRulesOf(language: Language) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/** `{name, plural|select, key {text} …}` starting at `start`, or null when the text is not one. */
function blockAt(text: string, start: number) {
  const head = /\{\s*(\w+)\s*,\s*(plural|select)\s*,/y;
  head.lastIndex = start;
  const match = head.exec(text);
  if (!match) return null;
  const branches = new Map<string, string>();
  const branchKey = /\s*(=?[\w-]+)\s*\{|\s*\}/y;
  let index = head.lastIndex;
  for (;;) {
    branchKey.lastIndex = index;
    const key = branchKey.exec(text);
    if (!key) return null;
    if (!key[1]) break; // the block's closing brace
    let depth = 1;
    let end = branchKey.lastIndex;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === "{") depth++;
      else if (text[end] === "}") depth--;
    }
    if (depth > 0) return null;
    branches.set(key[1], text.slice(branchKey.lastIndex, end - 1));
    index = end;
  }
  return {
    name: match[1] as string,
    kind: match[2] as "plural" | "select",
    branches,
    end: branchKey.lastIndex,
  };
}

/**
 * Renders a catalog text. `{{name}}` inserts a value. ICU-style blocks pick a branch:
 * `{count, plural, one {# minute} other {# minutes}}` by the language's plural rules
 * (`=N` matches exactly, then the CLDR category — one, few, many… —, then `other`; `#` is the
 * number in the language's digits), `{unit, select, second {…} other {…}}` by the value itself.
 * Branches may hold values and further blocks; an unknown value or a malformed block stays as is.
 */
function render(language: Language, text: string, values: MessageValues, count?: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "{") {
      const simple = /\{\{(\w+)\}\}/y;
      simple.lastIndex = i;
      const placeholder = simple.exec(text);
      if (placeholder) {
        const name = placeholder[1] as string;
        out += name in values ? String(values[name]) : placeholder[0];
        i = simple.lastIndex;
        continue;
      }
      const block = blockAt(text, i);
      if (block && !(block.name in values)) {
        out += text.slice(i, block.end);
        i = block.end;
        continue;
      }
      if (block) {
        const value = values[block.name] as string | number;
        let branch: string | undefined;
        let inner = count;
        if (block.kind === "plural") {
          const n = Number(value);
          branch =
            block.branches.get(`=${n}`) ?? block.branches.get(pluralRulesOf(language).select(n));
          inner = numberFormatOf(language).format.format(n);
        } else {
          branch = block.branches.get(String(value));
        }
        branch ??= block.branches.get("other") ?? "";
        out += render(language, branch, values, inner);
        i = block.end;
        continue;
      }
    } else if (char === "#" && count !== undefined) {
      out += count;
      i++;
      continue;
    }
    out += char;
    i++;
  }
  return out;
}

/** A catalog text with its values (see `render`), exported for tests. */
export function formatMessage(language: Language, text: string, values: MessageValues = {}) {
  return render(language, text, values);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks the best supported language from an Accept-Language header (French when none fits). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split("-")[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export function errorMessage(
  language: Language,
  key: ErrorMessageKey,
  values?: MessageValues,
): string {
  return render(language, catalogs[language].errors[key], presentValues(language, values));
}

export function mailText(language: Language, key: MailMessageKey, values?: MessageValues): string {
  return render(language, catalogs[language].mail[key], presentValues(language, values));
}

export type NotificationTextKey = keyof Catalog["notifications"];

export function notificationText(
  language: Language,
  key: NotificationTextKey,
  values?: MessageValues,
) {
  const entry = catalogs[language].notifications[key];
  const shown = presentValues(language, values);
  return {
    title: render(language, entry.title, shown),
    message: render(language, entry.message, shown),
  };
}

const numberFormats = new Map<Language, { format: Intl.NumberFormat }>();
function numberFormatOf(language: Language) {
  let entry = numberFormats.get(language);
  if (!entry) {
    entry = { format: new Intl.NumberFormat(language) };
    numberFormats.set(language, entry);
  }
  return entry;
}

export type ShopItemId = keyof Catalog["shopItems"];

/** A shop item's name as the shop shows it ("Boîte de 7 jours"), never its id. */
export function shopItemName(language: Language, itemId: string): string {
  const names = catalogs[language].shopItems;
  return itemId in names ? names[itemId as ShopItemId] : names.other;
}

/**
 * What a value passed to a text reads as, by its name — the one place raw values become words:
 * FRE amounts by the app's rule (`amount` credited or spent: balance; `bonus`: a rate in FRE/h;
 * `min`, `max`, `minimum`: a rule's own digits), a shop item (`item`, its id) by its name
 * (`itemName`). Values already formatted (not a decimal string) are left as they are.
 */
export function presentValues(language: Language, values: MessageValues = {}): MessageValues {
  const shown: MessageValues = { ...values };
  const showFre = (name: string, context: "balance" | "rate" | "exact") => {
    const value = values[name];
    if (value !== undefined) shown[name] = formatFre(language, String(value), context);
  };
  showFre("amount", "balance");
  showFre("bonus", "rate");
  for (const name of ["min", "max", "minimum"]) showFre(name, "exact");
  if (typeof values.item === "string") shown.itemName = shopItemName(language, values.item);
  return shown;
}
