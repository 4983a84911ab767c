/**
 * The facts the server draws a signed-in screen with (decision 0022): this browser's language,
 * time zone and whether the push offer may show, kept in the `fre_view` cookie (no personal
 * data). Written by the signed-in layout, read by the server on the next page load.
 */

import { VIEW_COOKIE } from "@fre/shared";
import { pushOfferPending } from "../features/pwa";

export function rememberViewFacts(language: string): void {
  try {
    const facts = new URLSearchParams({
      l: language,
      z: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
      p: pushOfferPending() ? "1" : "0",
    });
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written once per page
    document.cookie = `${VIEW_COOKIE}=${encodeURIComponent(facts.toString())}; path=/; max-age=31536000; samesite=lax${secure}`;
  } catch {
    // Cookies off: the screens are drawn in the browser.
  }
}
