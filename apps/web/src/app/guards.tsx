import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "../components/ui/spinner";
import { hasSignedInHint, useMe } from "../lib/session";

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
