import { lazy, type ReactNode, Suspense } from "react";
import { useLocation } from "react-router";
import { PageLoader } from "../../../components/ui/spinner";
import { loadNamespaces } from "../../../lib/i18n";
import { useMe } from "../../../lib/session";
import { LEGAL_PATHS } from "../../legal";
import { useFeatures } from "../hooks/use-features";

// Its own chunk, with its catalog: the landing's initial JS carries only this gate.
const MaintenanceScreen = lazy(() =>
  Promise.all([import("./maintenance-screen"), loadNamespaces("app")]).then(([m]) => ({
    default: m.MaintenanceScreen,
  })),
);

// Admins only, during a maintenance: its own chunk too.
const MaintenanceBanner = lazy(() =>
  Promise.all([import("./maintenance-banner"), loadNamespaces("app")]).then(([m]) => ({
    default: m.MaintenanceBanner,
  })),
);

const LEGAL = new Set<string>(Object.values(LEGAL_PATHS));

/** Open during a maintenance: signing in (admins keep working) and the legal texts. */
export const openDuringMaintenance = (pathname: string) =>
  pathname === "/login" || LEGAL.has(pathname);

/**
 * While FRE is in maintenance, visitors and users see the maintenance page instead of the app;
 * admins keep the whole app, under a banner that says so on every page. Until the session is
 * known the app shows as usual (the guards wait for it anyway), so an admin never sees the
 * maintenance page flash.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { data: features } = useFeatures();
  const me = useMe();
  const { pathname } = useLocation();
  const active = features?.maintenance.active === true;
  const admin = me.data?.role === "admin";
  const closed = active && !me.isPending && !admin && !openDuringMaintenance(pathname);
  // The same tree with or without the banner: switching the maintenance never remounts the page.
  if (!closed) {
    return (
      <>
        {active && admin ? (
          <Suspense fallback={null}>
            <MaintenanceBanner />
          </Suspense>
        ) : null}
        {children}
      </>
    );
  }
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <MaintenanceScreen message={features.maintenance.message} signedIn={Boolean(me.data)} />
    </Suspense>
  );
}
