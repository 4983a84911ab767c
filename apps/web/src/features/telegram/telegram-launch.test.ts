import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyTheme } from "./telegram-host";
import {
  LAUNCH_KEY,
  launchInitData,
  launchThemeParams,
  miniAppTonActions,
} from "./telegram-launch";

/** Just enough of a browser: <html>'s dataset and style, sessionStorage, window. */
function fakePage() {
  const store = new Map<string, string>();
  const properties = new Map<string, string>();
  const root = {
    dataset: {} as Record<string, string>,
    style: { setProperty: (name: string, value: string) => properties.set(name, value) },
  };
  vi.stubGlobal("document", { documentElement: root });
  vi.stubGlobal("window", {});
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  });
  return { root, store, properties };
}

let page: ReturnType<typeof fakePage>;
beforeEach(() => {
  page = fakePage();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the Mini App's launch", () => {
  it("reads the init data and the theme from the launch hash boot.js kept", () => {
    const theme = { bg_color: "#17212b" };
    page.store.set(
      LAUNCH_KEY,
      new URLSearchParams({
        tgWebAppData: "user=%7B%7D&hash=ab",
        tgWebAppThemeParams: JSON.stringify(theme),
      }).toString(),
    );
    expect(launchInitData()).toBe("user=%7B%7D&hash=ab");
    expect(launchThemeParams()).toEqual(theme);
  });

  it("prefers the host's init data when telegram-web-app.js is on the page", () => {
    vi.stubGlobal("window", {
      Telegram: { WebApp: { initData: "from-host", ready() {}, themeParams: {} } },
    });
    expect(launchInitData()).toBe("from-host");
  });

  it("has nothing outside Telegram", () => {
    expect(launchInitData()).toBeNull();
    expect(launchThemeParams()).toEqual({});
    expect(miniAppTonActions()).toBeUndefined();
  });

  it("sends TON Connect back to the Mini App inside Telegram", () => {
    page.root.dataset.tg = "";
    expect(miniAppTonActions()).toEqual({ returnStrategy: "back" });
    page.store.set("fre.tgReturn", "https://t.me/fre_bot/app");
    expect(miniAppTonActions()).toEqual({
      returnStrategy: "back",
      twaReturnUrl: "https://t.me/fre_bot/app",
    });
  });
});

describe("applyTheme", () => {
  it("sets Telegram's colours as CSS variables and says whether the theme is dark", () => {
    applyTheme({ bg_color: "#17212b", text_color: "#f5f5f5" });
    expect(page.properties.get("--tg-theme-bg-color")).toBe("#17212b");
    expect(page.properties.get("--tg-theme-text-color")).toBe("#f5f5f5");
    expect(page.root.dataset.tgScheme).toBe("dark");
    applyTheme({ bg_color: "#ffffff" });
    expect(page.root.dataset.tgScheme).toBe("light");
  });

  it("takes colours only: anything else a host sends is ignored", () => {
    applyTheme({ bg_color: "red; background: url(x)", "x-y": "#000", text_color: "#fff" });
    expect([...page.properties.keys()]).toEqual(["--tg-theme-text-color"]);
  });
});
