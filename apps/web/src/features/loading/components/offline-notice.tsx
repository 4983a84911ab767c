import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Logo } from "../../../components/ui/logo";
import { isNetworkError } from "../../../lib/api-client";
import { meQuery } from "../../../lib/session";

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** navigator.onLine, followed; "online" on the server and while hydrating. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Messages of a failed dynamic import (a route's chunk) in Chromium, Firefox and Safari. */
const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

/**
 * True when `error` means the app could not reach the server: a request without an answer, a
 * route chunk that did not load, or anything failing while the browser says it is offline.
 */
export function isOfflineError(error: unknown): boolean {
  if (typeof navigator !== "undefined" && !navigator.onLine) return true;
  if (isNetworkError(error)) return true;
  return error instanceof TypeError && CHUNK_FAILURE.test(error.message);
}

/**
 * What a screen that could not load for want of a network shows instead of a spinner: the
 * reason and a retry, which reloads the page (a chunk that failed once is not fetched again
 * by the browser). Back online, it retries by itself.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  useEffect(() => {
    const retry = () => window.location.reload();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, []);
  return (
    <main
      data-testid="offline-notice"
      className="grid min-h-dvh place-items-center px-6 text-center"
    >
      <div className="flex max-w-sm flex-col items-center gap-4">
        <Logo className="size-14 opacity-80" />
        <h1 className="text-xl font-bold text-white">{t("errors.network")}</h1>
        <Button size="lg" data-testid="offline-retry" onClick={() => window.location.reload()}>
          {t("errors.retry")}
        </Button>
      </div>
    </main>
  );
}

/**
 * Opening the app without a network (the service worker serves it offline, or the server is
 * unreachable): who is signed in cannot be known, so instead of a screen that cannot load,
 * the offline notice — until the first answer.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  // Reads the session query's state only: the app's own observers fetch it.
  const { data, error } = useQuery({ ...meQuery, enabled: false });
  if (data === undefined && isNetworkError(error)) return <OfflineNotice />;
  return children;
}

/**
 * While the browser is offline, a strip under the header says so on every screen (fixed, so
 * nothing moves); the screens' requests fail fast and are asked again once back online.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  // The live region stays in the page so that going offline is announced.
  return (
    <div role="status" className="pointer-events-none fixed inset-x-3 top-[4.5rem] z-50">
      {online ? null : (
        <p
          data-testid="offline-banner"
          className="mx-auto max-w-md rounded-2xl border border-amber-300/40 bg-night-850 px-4 py-2 text-center text-sm font-medium text-amber-100 shadow-xl"
        >
          {t("errors.network")}
        </p>
      )}
    </div>
  );
}
