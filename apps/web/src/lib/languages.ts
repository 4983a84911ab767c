import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@fre/shared";
import { readStored, STORAGE_KEYS } from "./storage";

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen on this device, else French (the product's source language). */
export function storedLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for Intl formatting. */
export function intlLocale(language: string): string {
  return language === "zh" ? "zh-CN" : language;
}
