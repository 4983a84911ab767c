import { type ReactNode, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PageLoader } from "../components/ui/spinner";
import { justSignedOut, type Me, useMe } from "../lib/session";
import { rateLimitWait } from "./rate-limit-wait";
import { RateLimitedScreen } from "./rate-limited-screen";

// The signed-in and admin guards load with their area (lazy routes): the landing never needs them.

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="grid max-w-sm justify-items-center gap-4 text-center">
        <h1 className="text-xl font-bold text-white">{t("errors.loadFailed")}</h1>
        <Alert tone="error">{t("errors.network")}</Alert>
        <Button onClick={onRetry}>{t("errors.retry")}</Button>
      </div>
    </main>
  );
}

function RequireSession({ children }: { children: (me: Me) => ReactNode }) {
  const { data: me, isPending, isError, error, refetch } = useMe();
  const location = useLocation();
  const retry = useCallback(() => void refetch(), [refetch]);
  if (isPending) return <PageLoader fullScreen />;
  if (isError && me === undefined) {
    // A busy address or a user over their share: wait and check again, never "signed out".
    const wait = rateLimitWait(error);
    if (wait !== null) return <RateLimitedScreen seconds={wait} onRetry={retry} />;
    return <SessionError onRetry={retry} />;
  }
  if (!me) {
    const state = justSignedOut()
      ? undefined
      : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return children(me);
}

/** Every screen of the authenticated area. */
export function RequireAuth() {
  return <RequireSession>{() => <Outlet />}</RequireSession>;
}

/** /admin…: visitors sign in first, non-admins go to /dashboard. */
export function RequireAdmin() {
  return (
    <RequireSession>
      {(me) => (me.role === "admin" ? <Outlet /> : <Navigate to="/dashboard" replace />)}
    </RequireSession>
  );
}
