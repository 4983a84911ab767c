/**
 * Hydrating a screen the server drew (decision 0022), loaded only when the page carries its
 * answers (#fre-ssr): start.tsx hydrates instead of rendering afresh when this browser would draw
 * exactly the same thing (same page, same language).
 */
import type { DrawnPage } from "@fre/shared";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { earlyRequestOf, setSsrState } from "../lib/ssr-state";
import type { createRouter } from "./router";

function readDrawn(): DrawnPage | undefined {
  try {
    const drawn = JSON.parse(document.getElementById("fre-ssr")?.textContent ?? "null");
    return drawn?.answers && drawn.facts ? (drawn as DrawnPage) : undefined;
  } catch {
    return undefined;
  }
}

const drawn = readDrawn();

/**
 * The server's answers become the early requests the app adopts (lib/api-client.ts), as if
 * boot.js had sent them: the page's own request brackets them (the mining clock's offset).
 */
export function adoptServerAnswers(): void {
  if (!drawn) return;
  const timing = performance.getEntriesByType?.("navigation")[0] as
    | PerformanceNavigationTiming
    | undefined;
  const sentAt = timing ? Math.round(performance.timeOrigin + timing.requestStart) : Date.now();
  const receivedAt = timing
    ? Math.round(performance.timeOrigin + timing.responseStart)
    : Date.now();
  const early: NonNullable<typeof window.__freEarly> = {};
  for (const [url, answer] of Object.entries(drawn.answers)) {
    // No answer at all (status 0): the app asks again itself.
    if (!(answer.status >= 200 && answer.status <= 599)) continue;
    early[url] = earlyRequestOf(answer, sentAt, receivedAt);
  }
  window.__freEarly = early;
}

/**
 * Readies hydration of the server's screen: the page's lazy modules loaded by the router, the
 * server's facts and instant in place (the signed-in layout ends them once hydrated). Resolves
 * to what hydrates the app into it, or undefined when the browser must draw the screen itself.
 */
export async function adoptServerRender(
  container: HTMLElement,
  router: ReturnType<typeof createRouter>,
  language: string | undefined,
) {
  if (!drawn || !container.hasAttribute("data-ssr")) return undefined;
  const here = `${window.location.pathname}${window.location.search}`;
  if (drawn.url !== here || drawn.facts.language !== language) return undefined;
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  setSsrState({ ...drawn.facts, serverTime: drawn.serverTime });
  return (app: ReactNode) => {
    hydrateRoot(container, app, {
      // A screen that changed in between (a session that ended meanwhile): React draws it
      // afresh; worth knowing, not an error for the user.
      onRecoverableError: (error) => console.warn("Server render not adopted", error),
    });
  };
}
