import type { ChallengeAction } from "@fre/shared";

/** The widget's strings (ALTCHA's `Strings`), from our catalogs. */
export type WidgetStrings = Record<string, string>;

/** The `<altcha-widget>` element's methods we use (the package's own typings, narrowed). */
export interface AltchaElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void>;
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
  await import("altcha");
  if (strings) globalThis.$altcha.i18n.set(language, strings as never);
}

/** A widget element configured for `action`: no logo, no footer link, our strings. */
export async function createWidget(
  action: ChallengeAction,
  language: string,
  extra: Record<string, unknown> = {},
): Promise<AltchaElement> {
  const element = document.createElement("altcha-widget") as AltchaElement;
  element.setAttribute("language", language);
  element.setAttribute("name", "altcha");
  await element.configure({
    challenge: challengeUrl(action),
    hideLogo: true,
    hideFooter: true,
    // The proof takes a few hundred ms: no artificial wait on top.
    minDuration: 0,
    ...extra,
  });
  return element;
}
