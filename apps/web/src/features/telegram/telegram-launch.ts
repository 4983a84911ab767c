/**
 * The Mini App's launch parameters. Telegram opens the app with them in the URL's hash
 * (`#tgWebAppData=…&tgWebAppThemeParams=…`); public/boot.js keeps that hash for the tab (the
 * router drops it on the first navigation) and marks <html data-tg>. Tiny on purpose: the login
 * page and the wallet read it outside Telegram too.
 */
export const LAUNCH_KEY = "fre.tg";
const RETURN_URL_KEY = "fre.tgReturn";

interface TelegramWebAppGlobal {
  Telegram?: { WebApp?: TelegramWebApp };
}

/** The part of telegram-web-app.js's `window.Telegram.WebApp` FRE uses, when a page loaded it. */
export interface TelegramWebApp {
  initData: string;
  themeParams?: Record<string, string>;
  colorScheme?: "light" | "dark";
  ready(): void;
  expand(): void;
  onEvent(event: string, handler: () => void): void;
  BackButton: { show(): void; hide(): void; onClick(handler: () => void): void };
}

export function webApp(): TelegramWebApp | null {
  const app = (window as TelegramWebAppGlobal).Telegram?.WebApp;
  return app && typeof app.ready === "function" ? app : null;
}

function storedLaunch(): URLSearchParams {
  try {
    return new URLSearchParams(sessionStorage.getItem(LAUNCH_KEY) ?? "");
  } catch {
    return new URLSearchParams();
  }
}

/** Whether FRE runs as a Telegram Mini App (boot.js decided, before the first paint). */
export const inTelegram = () => document.documentElement.dataset.tg !== undefined;

/** The signed init data the server checks (the host's, else the launch hash's). */
export function launchInitData(): string | null {
  return webApp()?.initData || storedLaunch().get("tgWebAppData") || null;
}

/** Telegram's theme (`bg_color`, `text_color`…), from the host or the launch hash. */
export function launchThemeParams(): Record<string, string> {
  const fromHost = webApp()?.themeParams;
  if (fromHost && Object.keys(fromHost).length > 0) return fromHost;
  try {
    return JSON.parse(storedLaunch().get("tgWebAppThemeParams") ?? "{}");
  } catch {
    return {};
  }
}

/** Set once this tab's launch was dealt with (signed in, linked, declined, or spent). */
const SETTLED_KEY = "fre.tgSettled";

export function settled(): boolean {
  try {
    return sessionStorage.getItem(SETTLED_KEY) === "1";
  } catch {
    return false;
  }
}

export function settle(): void {
  try {
    sessionStorage.setItem(SETTLED_KEY, "1");
  } catch {
    // No storage: the next start asks the server again, which answers as it should.
  }
}

export function rememberReturnUrl(url: string | null): void {
  try {
    if (url) sessionStorage.setItem(RETURN_URL_KEY, url);
  } catch {
    // No storage: the wallet returns with "back".
  }
}

/**
 * TON Connect's return strategy inside Telegram: back to the Mini App's t.me link when the server
 * gave one, otherwise "back". Undefined outside Telegram (the widget's defaults).
 */
export function miniAppTonActions():
  | { returnStrategy: "back"; twaReturnUrl?: `${string}://${string}` }
  | undefined {
  if (!inTelegram()) return undefined;
  let url: string | null = null;
  try {
    url = sessionStorage.getItem(RETURN_URL_KEY);
  } catch {
    url = null;
  }
  return url?.startsWith("https://t.me/")
    ? { returnStrategy: "back", twaReturnUrl: url as `${string}://${string}` }
    : { returnStrategy: "back" };
}
