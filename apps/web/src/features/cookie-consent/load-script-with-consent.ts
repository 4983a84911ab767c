import { type ConsentCategory, getConsent, subscribeToConsent } from "./consent-store";
import { THIRD_PARTY_SCRIPTS } from "./third-party-scripts";

const injected = new Map<string, Promise<boolean>>();

/**
 * Injects `<script src>` once, and only if the user consented to `category`.
 * Resolves true when the script loaded, false when consent is missing or loading failed.
 */
export function loadScriptWithConsent(category: ConsentCategory, src: string): Promise<boolean> {
  if (!getConsent()?.[category]) return Promise.resolve(false);
  const existing = injected.get(src);
  if (existing) return existing;
  const loading = new Promise<boolean>((resolve) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.dataset.consentCategory = category;
    script.onload = () => resolve(true);
    script.onerror = () => {
      injected.delete(src);
      resolve(false);
    };
    document.head.append(script);
  });
  injected.set(src, loading);
  return loading;
}

/** Loads every configured script whose category is consented to, now and after each change. */
export function startConsentedScripts(): () => void {
  const loadAll = () => {
    for (const script of THIRD_PARTY_SCRIPTS)
      void loadScriptWithConsent(script.category, script.src);
  };
  loadAll();
  return subscribeToConsent(loadAll);
}
