import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PageLoader } from "../components/ui/spinner";
import { justSignedOut, type Me, useMe } from "../lib/session";

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
  const { data: me, isPending, isError, refetch } = useMe();
  const location = useLocation();
  if (isPending) return <PageLoader fullScreen />;
  if (isError && me === undefined) return <SessionError onRetry={() => void refetch()} />;
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
