import type { QueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { ApiError, isApiError } from "../../lib/api-client";
import { applyLanguage, i18n, loadNamespaces } from "../../lib/i18n";
import { isLanguage, type Language, storedLanguage } from "../../lib/languages";
import { fetchMe, meQuery, setMe } from "../../lib/session";
import { readStored, STORAGE_KEYS } from "../../lib/storage";
import { signInWithTelegram, telegramConfigQuery } from "./api/telegram-api";
import { TelegramLinkPrompt } from "./components/telegram-link-prompt";
import {
  type TelegramFailureReason,
  TelegramSignInFailure,
} from "./components/telegram-sign-in-failure";
import { applyTheme, telegramHost } from "./telegram-host";
import {
  launchInitData,
  launchThemeParams,
  rememberReturnUrl,
  settle,
  settled,
} from "./telegram-launch";

/** The app's router as this module uses it (the app passes its own). */
export interface MiniAppRouter {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void> | void;
}

/** Screens Telegram's back button would leave the app from: it is hidden there. */
const HOME_SCREENS = new Set(["/", "/dashboard"]);
function showLinkPrompt(initData: string) {
  const host = document.body.appendChild(document.createElement("div"));
  const root = createRoot(host);
  const close = () => {
    settle();
    root.unmount();
    host.remove();
  };
  void loadNamespaces("auth").then(() =>
    root.render(createElement(TelegramLinkPrompt, { initData, onDone: close })),
  );
}

/**
 * Signs in with the launch's init data: a linked account opens at once; a visitor with no linked
 * account goes to the sign-in screen (its "Continuer avec Telegram" button, or a password
 * sign-in that then offers to link); a signed-in user is offered the link.
 */
async function signIn(router: MiniAppRouter, queryClient: QueryClient, initData: string) {
  if (settled()) return;
  const { outcome } = await signInWithTelegram(initData);
  if (outcome === "signed-in") {
    settle();
    const me = await fetchMe();
    if (me) await applyLanguage(me.language);
    setMe(queryClient, me);
    if (
      HOME_SCREENS.has(router.state.location.pathname) ||
      router.state.location.pathname === "/login"
    ) {
      await router.navigate("/dashboard", { replace: true });
    }
  } else if (outcome === "link-available") {
    showLinkPrompt(initData);
  } else if (outcome === "choose") {
    await router.navigate("/login", { replace: true });
    // Once signed in with a password, the link is offered.
    const stop = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] !== meQuery.queryKey[0] || !event.query.state.data) return;
      stop();
      void signIn(router, queryClient, initData).catch((error) =>
        reportFailure(router, initData, error),
      );
    });
  }
}

function failureReason(error: unknown): TelegramFailureReason {
  if (isApiError(error, "TELEGRAM_INIT_DATA_EXPIRED")) return "expired";
  if (isApiError(error, "TELEGRAM_DISABLED")) return "unavailable";
  if (isApiError(error, "NETWORK_ERROR") || !isApiError(error)) return "network";
  return "invalid";
}

/** The language chosen on this device, else the Telegram user's own (when FRE speaks it). */
function failureLanguage(initData: string): Language {
  if (isLanguage(readStored(STORAGE_KEYS.language))) return storedLanguage();
  try {
    const user = JSON.parse(new URLSearchParams(initData).get("user") ?? "{}");
    if (isLanguage(user.language_code)) return user.language_code;
  } catch {
    // Unreadable init data: the page's language.
  }
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : storedLanguage();
}

/** Tells the visitor the sign-in failed and what to do, in their language. */
async function showFailure(router: MiniAppRouter, initData: string, reason: TelegramFailureReason) {
  const language = failureLanguage(initData);
  await loadNamespaces("auth");
  await i18n.loadLanguages(language);
  const host = document.body.appendChild(document.createElement("div"));
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  const signInWithEmail = () => {
    close();
    void router.navigate("/login");
  };
  root.render(
    createElement(TelegramSignInFailure, {
      reason,
      language,
      onSignIn: signInWithEmail,
      onClose: close,
    }),
  );
}

/**
 * A failed launch sign-in: the visitor is told why and what to do (a signed-in user is already
 * in; nothing to say). The launch is settled: the same init data would fail again.
 */
async function reportFailure(router: MiniAppRouter, initData: string, error: unknown) {
  settle();
  console.warn("Telegram sign-in did not complete", isApiError(error) ? error.error : error);
  const me = await fetchMe().catch(() => null);
  if (me) return;
  await showFailure(router, initData, failureReason(error));
}

/**
 * Runs FRE as a Telegram Mini App (loaded by start.tsx only when boot.js saw Telegram's launch):
 * Telegram's theme and back button, ready/expand, and the sign-in with the launch's init data.
 */
export async function startMiniApp(router: MiniAppRouter, queryClient: QueryClient) {
  try {
    await runMiniApp(router, queryClient);
  } catch (error) {
    console.warn("Telegram Mini App not started", error);
  }
}

async function runMiniApp(router: MiniAppRouter, queryClient: QueryClient) {
  const host = await telegramHost();
  applyTheme(launchThemeParams());
  host.onThemeChanged(applyTheme);
  const syncBackButton = (pathname: string) => host.setBackButton(!HOME_SCREENS.has(pathname));
  syncBackButton(router.state.location.pathname);
  router.subscribe((state) => syncBackButton(state.location.pathname));
  host.onBackButton(() => void router.navigate(-1));
  host.ready();
  host.expand();

  const initData = launchInitData();
  if (!initData) return;
  try {
    const config = await queryClient.fetchQuery(telegramConfigQuery);
    rememberReturnUrl(config.miniAppUrl);
    if (!config.enabled) {
      if (!settled())
        await reportFailure(
          router,
          initData,
          new ApiError(404, { error: "TELEGRAM_DISABLED", message: "" }),
        );
      return;
    }
    await signIn(router, queryClient, initData);
  } catch (error) {
    await reportFailure(router, initData, error);
  }
}
