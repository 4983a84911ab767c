import type { QueryClient } from "@tanstack/react-query";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { isApiError } from "../../lib/api-client";
import { applyLanguage, loadNamespaces } from "../../lib/i18n";
import { fetchMe, meQuery, setMe } from "../../lib/session";
import { signInWithTelegram, telegramConfigQuery } from "./api/telegram-api";
import { TelegramLinkPrompt } from "./components/telegram-link-prompt";
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
      void signIn(router, queryClient, initData).catch(reportFailure);
    });
  }
}

function reportFailure(error: unknown) {
  // A spent or stale launch: the user can still sign in with a password; nothing to alarm about.
  if (isApiError(error)) settle();
  console.warn("Telegram sign-in did not complete", isApiError(error) ? error.error : error);
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
  const config = await queryClient.fetchQuery(telegramConfigQuery);
  rememberReturnUrl(config.miniAppUrl);
  if (!config.enabled) return;
  await signIn(router, queryClient, initData).catch(reportFailure);
}
