import { createHmac } from "node:crypto";
import { sign } from "@telegram-apps/init-data-node";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_TELEGRAM_BOT_TOKEN } from "./global-setup";
import { fillSignIn, me, newUser, pathOf, signUpViaApi, useBrowser } from "./support";

const chromium = useBrowser();

/** Telegram's dark theme, as the host hands it to a Mini App. */
const THEME = {
  bg_color: "#17212b",
  secondary_bg_color: "#232e3c",
  text_color: "#f5f5f5",
  hint_color: "#708499",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
};

interface StubState {
  ready: number;
  expand: number;
  backVisible: boolean;
  backHandler: (() => void) | null;
}

/**
 * What telegram-web-app.js would put on the page inside Telegram, stubbed before any of the
 * page's scripts runs; it records what the app asks of the host.
 */
function installTelegramStub({ initData, theme }: { initData: string; theme: typeof THEME }) {
  const state: StubState = { ready: 0, expand: 0, backVisible: false, backHandler: null };
  const host = window as unknown as Record<string, unknown>;
  host.__tgStub = state;
  host.Telegram = {
    WebApp: {
      initData,
      themeParams: theme,
      colorScheme: "dark",
      ready() {
        state.ready += 1;
      },
      expand() {
        state.expand += 1;
      },
      onEvent() {},
      BackButton: {
        show() {
          state.backVisible = true;
        },
        hide() {
          state.backVisible = false;
        },
        onClick(handler: () => void) {
          state.backHandler = handler;
        },
      },
    },
  };
}

let telegramId = 500_000_000 + Math.floor(Math.random() * 1_000_000);

/** Init data our e2e bot signs for a Telegram user, now. */
function launchData(id: number, username: string) {
  return sign(
    { user: { id, first_name: "Nadia", username, language_code: "fr" } },
    E2E_TELEGRAM_BOT_TOKEN,
    new Date(),
  );
}

/**
 * Init data as an older Telegram client sends it: no `signature` field, only the bot-token
 * `hash` over the sorted lines. `ageSeconds` back-dates it.
 */
function legacyLaunchData(id: number, language: string, ageSeconds = 0) {
  const fields: Record<string, string> = {
    auth_date: String(Math.floor(Date.now() / 1000) - ageSeconds),
    user: JSON.stringify({ id, first_name: "Oleg", language_code: language }),
  };
  const lines = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const key = createHmac("sha256", "WebAppData").update(E2E_TELEGRAM_BOT_TOKEN).digest();
  const hash = createHmac("sha256", key).update(lines).digest("hex");
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** Opens FRE as Telegram opens a Mini App: stub first, launch parameters in the hash. */
async function openInTelegram(initData: string) {
  const { context, page, errors } = await chromium.open();
  await context.addInitScript(installTelegramStub, { initData, theme: THEME });
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify(THEME),
  });
  await page.goto(`/#${hash}`);
  return { context, page, errors };
}

const stub = (page: Page) =>
  page.evaluate(() => {
    const state = (window as unknown as { __tgStub: StubState }).__tgStub;
    return { ready: state.ready, expand: state.expand, backVisible: state.backVisible };
  });

describe("FRE as a Telegram Mini App", () => {
  const id = telegramId++;
  const username = `tg_e2e_${id % 100_000}`;

  it("a new Telegram user continues with Telegram, follows the theme and the back button", async () => {
    const { page, errors } = await openInTelegram(launchData(id, username));
    // No account linked to this Telegram user: the sign-in screen offers "Continuer avec Telegram".
    await page.waitForURL("**/login");
    const button = page.getByRole("button", { name: "Continuer avec Telegram" });
    await button.waitFor();
    await button.click();
    await page.waitForURL("**/dashboard");
    expect((await me(page)).nickname).toBe(username);
    // No e-mail yet: one is asked where the "verify your e-mail" banner would be, and the
    // placeholder address is shown nowhere.
    await page.getByTestId("telegram-email").waitFor();
    expect(await page.content()).not.toContain("telegram.invalid");

    // The host was told the app is ready and may take the whole height.
    await expect.poll(async () => (await stub(page)).ready).toBeGreaterThan(0);
    expect((await stub(page)).expand).toBeGreaterThan(0);
    // Telegram's dark theme: its colours as CSS variables, and the page's background is Telegram's.
    const theme = await page.evaluate(() => ({
      variable: getComputedStyle(document.documentElement)
        .getPropertyValue("--tg-theme-bg-color")
        .trim(),
      scheme: document.documentElement.dataset.tgScheme,
      background: getComputedStyle(document.documentElement).backgroundColor,
    }));
    expect(theme).toEqual({ variable: "#17212b", scheme: "dark", background: "rgb(23, 33, 43)" });

    // The back button: hidden at home, shown elsewhere, and it goes back.
    expect((await stub(page)).backVisible).toBe(false);
    await page.getByRole("link", { name: "Groupe" }).first().click();
    await page.waitForURL("**/group");
    await expect.poll(async () => (await stub(page)).backVisible).toBe(true);
    await page.evaluate(() =>
      (window as unknown as { __tgStub: StubState }).__tgStub.backHandler?.(),
    );
    await page.waitForURL("**/dashboard");
    await expect.poll(async () => (await stub(page)).backVisible).toBe(false);
    expect(errors).toEqual([]);
  });

  it("the next opening from Telegram is signed in by itself", async () => {
    const { page, errors } = await openInTelegram(launchData(id, username));
    await page.waitForURL("**/dashboard");
    expect((await me(page)).nickname).toBe(username);
    expect(errors).toEqual([]);
  });

  it("a member signs in with a password inside Telegram and links it, then opens signed in", async () => {
    const user = newUser("tglink");
    await signUpViaApi(user);
    const linkId = telegramId++;
    const { page, errors } = await openInTelegram(launchData(linkId, "tg_linker"));
    await page.waitForURL("**/login");
    await fillSignIn(page, user.email, user.password);
    // Signed in, and this Telegram account is linked to nobody: the link is offered.
    const prompt = page.getByRole("region", { name: "Lier votre compte Telegram" });
    await prompt.waitFor();
    await prompt.getByLabel("Mot de passe", { exact: true }).fill(user.password);
    await prompt.getByRole("button", { name: "Lier", exact: true }).click();
    await expect.poll(() => prompt.textContent()).toContain("C'est fait");
    expect(errors).toEqual([]);

    const again = await openInTelegram(launchData(linkId, "tg_linker"));
    await again.page.waitForURL("**/dashboard");
    expect((await me(again.page)).email).toBe(user.email);
    expect(again.errors).toEqual([]);
  });

  it("an older client's init data (no signature field) is accepted: Continue with Telegram is offered", async () => {
    const { page, errors } = await openInTelegram(legacyLaunchData(telegramId++, "fr"));
    await page.waitForURL("**/login");
    await page.getByRole("button", { name: "Continuer avec Telegram" }).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a failed sign-in says so in the Telegram user's language, with what to do", async () => {
    // Issued two days ago: refused as expired. The visitor chose no language on this device,
    // their Telegram speaks English.
    const { page, errors } = await openInTelegram(
      legacyLaunchData(telegramId++, "en", 2 * 24 * 3600),
    );
    const notice = page
      .getByRole("alert")
      .filter({ hasText: "Signing in with Telegram did not work" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("open it again from the Telegram bot");
    await notice.getByRole("button", { name: "Sign in with an e-mail" }).click();
    await page.waitForURL("**/login");
    expect(await notice.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("outside Telegram, the sign-in screen has no Telegram button", async () => {
    const { page, errors } = await chromium.open();
    await page.goto("/login");
    await page.getByRole("button", { name: "Se connecter" }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole("button", { name: "Continuer avec Telegram" }).count()).toBe(0);
    expect(pathOf(page)).toBe("/login");
    expect(errors).toEqual([]);
  });
});
