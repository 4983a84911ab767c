import { useTranslation } from "react-i18next";
import { applyLanguage } from "./i18n";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

export interface LanguageState {
  /** The UI language: what i18next resolved, French until it has. */
  language: Language;
  /** Switches the UI language on this device (a profile's choice is saved by preferences). */
  setLanguage: (language: Language) => Promise<void>;
}

/** The current UI language; components re-render when it changes. */
export function useLanguage(): LanguageState {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage;
  return {
    language: isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE,
    setLanguage: applyLanguage,
  };
}
