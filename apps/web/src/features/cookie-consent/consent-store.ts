import type { CookieConsent } from "@fre/shared";
import { useSyncExternalStore } from "react";
import { readStored, STORAGE_KEYS, writeStored } from "../../lib/storage";

export type { CookieConsent };
export type ConsentCategory = "functional" | "analytics" | "advertising";

export const ALL_ACCEPTED: CookieConsent = {
  necessary: true,
  functional: true,
  analytics: true,
  advertising: true,
};
export const ALL_REFUSED: CookieConsent = {
  necessary: true,
  functional: false,
  analytics: false,
  advertising: false,
};

function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof CookieConsent, unknown>> | null;
    if (
      value &&
      typeof value.functional === "boolean" &&
      typeof value.analytics === "boolean" &&
      typeof value.advertising === "boolean"
    ) {
      return {
        necessary: true,
        functional: value.functional,
        analytics: value.analytics,
        advertising: value.advertising,
      };
    }
  } catch {
    // Corrupt value: ask again.
  }
  return null;
}

export interface ConsentState {
  /** What the user decided on this device, or null while undecided. */
  consent: CookieConsent | null;
  /** The dialog was reopened from the privacy settings button. */
  dialogOpen: boolean;
}

let state: ConsentState = {
  consent: parseConsent(readStored(STORAGE_KEYS.cookieConsent)),
  dialogOpen: false,
};
const listeners = new Set<() => void>();

function setState(next: ConsentState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getConsent(): CookieConsent | null {
  return state.consent;
}

/** Records a decision on this device (the caller also saves it on the profile if signed in). */
export function storeConsent(consent: CookieConsent): void {
  const normalised: CookieConsent = { ...consent, necessary: true };
  writeStored(STORAGE_KEYS.cookieConsent, JSON.stringify(normalised));
  setState({ consent: normalised, dialogOpen: false });
}

export function openConsentDialog(): void {
  setState({ ...state, dialogOpen: true });
}

export function closeConsentDialog(): void {
  setState({ ...state, dialogOpen: false });
}

const serverState: ConsentState = { consent: null, dialogOpen: false };

export function useConsentState(): ConsentState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}

export function subscribeToConsent(listener: (consent: CookieConsent | null) => void) {
  return subscribe(() => listener(state.consent));
}
