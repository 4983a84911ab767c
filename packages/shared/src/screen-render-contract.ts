/**
 * The contract between the API server and the web build's renderer for the screens the server
 * draws (decision 0022): apps/server/src/web-render.ts asks, apps/web/src/server-render.tsx draws,
 * apps/web/src/app/server-drawn.ts adopts what the page carried.
 */
import type { Language } from "./constants.ts";

/** The browser's facts a screen is drawn with, kept in the VIEW_COOKIE cookie. */
export interface ViewFacts {
  language: Language;
  /** IANA zone dates are shown in. */
  timeZone: string;
  /** The push offer may show: permission never asked and the offer not dismissed. */
  pushOffer: boolean;
}

/** Written by the signed-in layout (URL-encoded `l=fr&z=Europe/Paris&p=1`), read by the server. */
export const VIEW_COOKIE = "fre_view";

/** An API answer read for the screen, as the API sent it. */
export interface ScreenAnswer {
  status: number;
  /** The JSON body. */
  body: string;
}

export interface ScreenRequest {
  /** Path and query of the screen ("/dashboard"). */
  url: string;
  facts: ViewFacts;
  /** The screen's first reads (boot.js's URLs), answered for this user. */
  answers: Record<string, ScreenAnswer>;
  /** When the reads were sent and answered (server clock, ms). */
  sentAt: number;
  receivedAt: number;
}

export interface ScreenRender {
  /** What goes inside #root. */
  html: string;
  /** The instant (server clock, ms) the render shows; the browser hydrates at it. */
  serverTime: number;
}

/** What the page carries beside the drawn screen (`#fre-ssr`). */
export interface DrawnPage {
  url: string;
  facts: ViewFacts;
  serverTime: number;
  answers: Record<string, ScreenAnswer>;
}
