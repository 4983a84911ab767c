/**
 * A signed-in screen rendered by the server (server-render.tsx, decision 0022) and hydrated
 * here: what the server knew of the browser when it rendered, so that hydration draws exactly
 * the same thing. Components that read the browser (storage, permissions) take the server's
 * value while hydrating (`useSyncExternalStore`'s server snapshot) and their own right after.
 */
import type { ScreenAnswer, ViewFacts } from "@fre/shared";
import type { EarlyRequest } from "./api-client";

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

/** A screen's answer, read on the server, as an early request the app adopts (api-client). */
export function earlyRequestOf(
  answer: ScreenAnswer,
  sentAt: number,
  receivedAt: number,
): EarlyRequest {
  const empty = answer.status === 204 || answer.status === 304;
  return {
    sentAt,
    receivedAt,
    response: Promise.resolve(
      new Response(empty ? null : answer.body, {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      }),
    ),
  };
}
