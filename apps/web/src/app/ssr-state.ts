/**
 * A signed-in screen rendered by the server (server-render.tsx, decision 0022) and hydrated
 * here: what the server knew of the browser when it rendered, so that hydration draws exactly
 * the same thing. Components that read the browser (storage, permissions) take the server's
 * value while hydrating (`useSyncExternalStore`'s server snapshot) and their own right after.
 */
import type { Language } from "@fre/shared";

/** The browser's facts the server renders with, kept in a cookie (app/view-facts.ts). */
export interface ViewFacts {
  language: Language;
  /** IANA zone dates are shown in. */
  timeZone: string;
  /** The push offer may show: permission never asked and the offer not dismissed. */
  pushOffer: boolean;
}

/** The cookie the signed-in layout writes (URL-encoded `l=fr&z=Europe/Paris&p=1`). */
export const VIEW_COOKIE = "fre_view";

export interface SsrState extends ViewFacts {
  /** The instant (server clock, ms) the render shows. */
  serverTime: number;
}

let current: SsrState | undefined;

export function setSsrState(state: SsrState | undefined): void {
  current = state;
}

/** While a server render is drawn or hydrated: what it knew. Undefined otherwise. */
export function ssrState(): SsrState | undefined {
  return current;
}

/** For useSyncExternalStore: the value read from the browser never changes by itself. */
export const subscribeNever = () => () => undefined;
