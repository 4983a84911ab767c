import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { PageLoader } from "../../components/ui/spinner";
import { AdminExitWatcher } from "../../features/admin";
import { CookieConsent } from "../../features/cookie-consent";
import { LanguageSync } from "../../features/preferences";

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <LanguageSync />
      <AdminExitWatcher />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
      <CookieConsent />
    </>
  );
}
