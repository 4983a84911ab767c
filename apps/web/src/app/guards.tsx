import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation } from "react-router";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PageLoader } from "../components/ui/spinner";
import { hasSignedInHint, justSignedOut, type Me, useMe } from "../lib/session";

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after sign-in: the guarded page the visitor came from, never another site. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname?.startsWith("/") || from.pathname.startsWith("//")) return "/dashboard";
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/** /, /login and /register: a signed-in user goes on (to where they came from, or /dashboard). */
export function VisitorOnly() {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  // Visitors see the page at once; a browser that was signed in waits for /api/me so the
  // user never sees the landing flash before being sent on.
  if (isPending && hasSignedInHint()) return <PageLoader fullScreen />;
  if (me) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

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
