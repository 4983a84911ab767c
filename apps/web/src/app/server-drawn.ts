/**
 * Hydrating a screen the server drew (decision 0022), loaded only when public/boot.js found
 * one in the page: start.tsx hydrates instead of rendering afresh when this browser would draw
 * exactly the same thing (same page, same language).
 */
import type { createRouter } from "./router";
import { setSsrState, type ViewFacts } from "./ssr-state";

declare global {
  interface Window {
    /** A screen the server drew (public/boot.js, from the page's #fre-ssr). */
    __freSsr?: { url: string; facts: ViewFacts; serverTime: number };
  }
}

/**
 * Readies hydration of the server's screen: the page's lazy modules loaded by the router, the
 * server's facts and instant in place (the root layout ends them once the page is hydrated).
 * Resolves to true, or false when the browser must render the screen itself.
 */
export async function adoptServerRender(
  container: HTMLElement,
  router: ReturnType<typeof createRouter>,
  language: string | undefined,
) {
  const drawn = window.__freSsr;
  if (!drawn || !container.hasAttribute("data-ssr")) return false;
  const here = `${window.location.pathname}${window.location.search}`;
  if (drawn.url !== here || drawn.facts.language !== language) return false;
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  setSsrState({ ...drawn.facts, serverTime: drawn.serverTime });
  return true;
}
