import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "../../components/ui/spinner";
import { CookieConsent } from "../../features/cookie-consent";
// Straight from its module: the landing's initial JS takes the gate alone, not the whole feature.
import { MaintenanceGate } from "../../features/platform-status/components/maintenance-gate";
import { LanguageSync } from "../../features/preferences";

/**
 * On a new page: back to the top (ScrollRestoration would need an inline script the CSP
 * forbids) and focus on <main>, so keyboard and screen-reader users start at the content.
 */
function NewPageFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo(0, 0);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

/** The build-time landing stays inert until React has taken it over. */
function ActivatePage() {
  useEffect(() => {
    const root = document.getElementById("root");
    root?.removeAttribute("inert");
    root?.removeAttribute("data-prerendered");
  }, []);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ActivatePage />
      <NewPageFocus />
      <LanguageSync />
      <Suspense fallback={<PageLoader fullScreen />}>
        <MaintenanceGate>
          <Outlet />
        </MaintenanceGate>
      </Suspense>
      <CookieConsent />
    </>
  );
}
