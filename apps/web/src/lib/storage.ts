/** localStorage that never throws (private browsing, disabled storage, quota). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the choice then lasts for this page view only.
  }
}

export const STORAGE_KEYS = {
  language: "fre.language",
  cookieConsent: "fre.cookieConsent",
  /** Set while a session is believed to exist, so the landing can wait for /api/me. */
  signedInHint: "fre.signedIn",
} as const;
