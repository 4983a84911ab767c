import { type TelegramWebApp, webApp } from "./telegram-launch";

/** What FRE asks of the Telegram host. */
export interface TelegramHost {
  ready(): void;
  expand(): void;
  setBackButton(visible: boolean): void;
  onBackButton(handler: () => void): void;
  onThemeChanged(handler: (theme: Record<string, string>) => void): void;
}

function webAppHost(app: TelegramWebApp): TelegramHost {
  return {
    ready: () => app.ready(),
    expand: () => app.expand(),
    setBackButton: (visible) => (visible ? app.BackButton.show() : app.BackButton.hide()),
    onBackButton: (handler) => app.BackButton.onClick(handler),
    onThemeChanged: (handler) => app.onEvent("themeChanged", () => handler(app.themeParams ?? {})),
  };
}

/**
 * The host: telegram-web-app.js's `window.Telegram.WebApp` when the page has one, otherwise
 * Telegram's own message protocol through @telegram-apps/bridge (FRE loads no third-party
 * script from telegram.org; decision 0042). The bridge comes in its own chunk, only here.
 */
export async function telegramHost(): Promise<TelegramHost> {
  const app = webApp();
  if (app) return webAppHost(app);
  const { postEvent, on } = await import("@telegram-apps/bridge");
  const send = (run: () => void) => {
    try {
      run();
    } catch (error) {
      // An unknown host (a plain browser holding a Telegram launch hash): nothing to tell.
      console.warn("Telegram host unreachable", error);
    }
  };
  return {
    ready: () => send(() => postEvent("web_app_ready")),
    expand: () => send(() => postEvent("web_app_expand")),
    setBackButton: (visible) =>
      send(() => postEvent("web_app_setup_back_button", { is_visible: visible })),
    onBackButton: (handler) => {
      on("back_button_pressed", handler);
    },
    onThemeChanged: (handler) => {
      on("theme_changed", (event) =>
        handler((event as { theme_params?: Record<string, string> }).theme_params ?? {}),
      );
    },
  };
}

/** Telegram's theme as CSS variables (`bg_color` → `--tg-theme-bg-color`) on <html>. */
export function applyTheme(theme: Record<string, string>): void {
  const root = document.documentElement;
  for (const [key, value] of Object.entries(theme)) {
    if (!/^[a-z_]{1,40}$/.test(key) || !/^#[0-9a-f]{3,8}$/i.test(String(value))) continue;
    root.style.setProperty(`--tg-theme-${key.replaceAll("_", "-")}`, String(value));
  }
  // FRE's palette is dark: it takes Telegram's colours under a dark theme, and under a light one
  // keeps its own (light text on Telegram's white would not be readable).
  const bg = theme.bg_color;
  root.dataset.tgScheme = bg && luminance(bg) < 0.5 ? "dark" : "light";
}

function luminance(hex: string): number {
  const digits = hex.replace("#", "");
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
