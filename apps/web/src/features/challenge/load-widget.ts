import type { ChallengeAction } from "@fre/shared";

/** The widget's strings (ALTCHA's `Strings`), from our catalogs. */
export type WidgetStrings = Record<string, string>;

/** The `<altcha-widget>` element's methods we use (the package's own typings, narrowed). */
export interface AltchaElement extends HTMLElement {
  verify(): Promise<{ payload: string } | null>;
  reset(): void;
}

/** Where the widget asks its challenge: our server, never a third party. */
export const challengeUrl = (action: ChallengeAction) => `/api/challenge?action=${action}`;

/**
 * Loads the ALTCHA widget (its own chunk, fetched only by the sign-up screen and a first mining
 * start — decision 0044) and gives it our strings under our language code.
 */
export async function loadWidget(language: string, strings?: WidgetStrings) {
  // The "external" build: its solver runs in a worker file served by us (the page's CSP allows
  // workers from 'self' only, not the main build's blob: workers), and its CSS is a file too.
  const [, , worker] = await Promise.all([
    import("altcha/external"),
    import("altcha/altcha.css"),
    import("altcha/workers/sha?url"),
  ]);
  globalThis.$altcha.algorithms.set("SHA-256", () => new Worker(worker.default));
  if (strings) globalThis.$altcha.i18n.set(language, strings as never);
}

/**
 * A widget element in `parent`, set up for `action` by its attributes (read when it mounts): no
 * logo, no footer link, our strings; `auto`/`display` as given.
 */
export async function createWidget(
  parent: HTMLElement,
  action: ChallengeAction,
  language: string,
  options: { auto?: "onload"; display?: "invisible" } = {},
  onStateChange?: (event: Event) => void,
): Promise<AltchaElement> {
  const element = document.createElement("altcha-widget") as AltchaElement;
  element.setAttribute("language", language);
  element.setAttribute("name", "altcha");
  element.setAttribute("challenge", challengeUrl(action));
  // The proof takes a few hundred ms: no artificial wait on top.
  element.setAttribute(
    "configuration",
    JSON.stringify({ hideLogo: true, hideFooter: true, minDuration: 0 }),
  );
  if (options.auto) element.setAttribute("auto", options.auto);
  if (options.display) element.setAttribute("display", options.display);
  // Before it mounts: with `auto: onload` it may be solved at once.
  if (onStateChange) element.addEventListener("statechange", onStateChange);
  parent.replaceChildren(element);
  // Its methods (verify) exist once it is mounted.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return element;
}
