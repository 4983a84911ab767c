import i18n, { type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import frCommon from "../locales/fr/common.json";
import frLanding from "../locales/fr/landing.json";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, storedLanguage } from "./languages";
import { STORAGE_KEYS, writeStored } from "./storage";

export const NAMESPACES = [
  "common",
  "landing",
  "auth",
  "app",
  "admin",
  "messages",
  "contest",
  "pwa",
  "help",
  "shop",
  "ton",
  "kyc",
  "withdrawals",
  "games",
  "legal",
  "ads",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

// French common + landing ship in the entry chunk (source language, fallback and the
// landing page); every other catalog is its own small chunk fetched on demand.
const lazyCatalogs = import.meta.glob<{ default: Record<string, unknown> }>([
  "../locales/*/*.json",
  "!../locales/fr/common.json",
  "!../locales/fr/landing.json",
]);

const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyCatalogs[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

export function initI18n(): Promise<unknown> {
  i18n.on("languageChanged", syncDocumentLanguage);
  return i18n
    .use(chunkBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: "currentOnly",
      ns: ["common", "landing"],
      defaultNS: "common",
      resources: { fr: { common: frCommon, landing: frLanding } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
}

/** Switches the UI language and remembers it on this device. */
export async function applyLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  if (i18n.resolvedLanguage !== language) await i18n.changeLanguage(language);
}

export function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

export { i18n };
