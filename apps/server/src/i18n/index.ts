import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@fre/shared";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { type Catalog, fr } from "./fr.ts";
import { ru } from "./ru.ts";
import { zh } from "./zh.ts";

const catalogs: Record<Language, Catalog> = { fr, en, es, ru, zh };

export type ErrorMessageKey = keyof Catalog["errors"];
export type MailMessageKey = keyof Catalog["mail"];

function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
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
  values?: Record<string, string | number>,
): string {
  return interpolate(catalogs[language].errors[key], values);
}

export function mailText(
  language: Language,
  key: MailMessageKey,
  values?: Record<string, string | number>,
): string {
  return interpolate(catalogs[language].mail[key], values);
}

export type NotificationTextKey = keyof Catalog["notifications"];

export function notificationText(
  language: Language,
  key: NotificationTextKey,
  values?: Record<string, string | number>,
) {
  const entry = catalogs[language].notifications[key];
  return { title: interpolate(entry.title, values), message: interpolate(entry.message, values) };
}

const numberFormats = new Map<Language, { format: Intl.NumberFormat; separator: string }>();
function numberFormatOf(language: Language) {
  let entry = numberFormats.get(language);
  if (!entry) {
    const format = new Intl.NumberFormat(language);
    const separator = format.formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    entry = { format, separator };
    numberFormats.set(language, entry);
  }
  return entry;
}

/** "1234.500000000" → "1 234,5" (fr), "1,234.5" (en)…: exact, from the decimal string. */
export function formatFreAmount(language: Language, decimal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) return decimal;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const { format, separator } = numberFormatOf(language);
  const trimmed = fraction.replace(/0+$/, "");
  return `${sign}${format.format(BigInt(whole))}${trimmed ? separator + trimmed : ""}`;
}
