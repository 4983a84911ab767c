import { useEffect, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { PrivacySettingsButton } from "../../features/cookie-consent";
import { VerifyBanner } from "../../features/email-verification";
import { LEGAL_PATHS } from "../../features/legal";
import { InformationPopup, MessageOverlays } from "../../features/messages";
import { LiveNotifications, NotificationBell } from "../../features/notifications";
import { LanguagePicker } from "../../features/preferences";
import { PwaAgent } from "../../features/pwa";
import { useMe } from "../../lib/session";
import { setSsrState } from "../../lib/ssr-state";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint";
import { rememberViewFacts } from "../view-facts";
import { AppMenu } from "./app-menu/app-menu";
import { BottomNav } from "./bottom-nav";
import { BrandLink } from "./brand-link";
import { SkipLink } from "./skip-link";

const footerLink =
  "rounded text-sm text-muted underline-offset-4 hover:text-amber-200 hover:underline";

/**
 * Shared layout of the signed-in area (spec §2): the header (language, notifications, profile
 * and the menu that reaches every other destination), the verification banner, the page, the
 * footer and the bottom bar. The unread-messages pop-up opens above the page's content, except
 * on the dashboard, which places it below its mining panel (decision 0016). The pop-ups, the live
 * notifications and the install agent render after the page's first paint.
 */
export function AuthenticatedLayout() {
  const { t, i18n } = useTranslation();
  // A screen the server drew is hydrated with its instant and facts (lib/ssr-state.ts): this
  // boundary's content is hydrated now, they go. And the server is told how to draw the next.
  useLayoutEffect(() => setSsrState(undefined), []);
  const language = i18n.resolvedLanguage;
  useEffect(() => {
    if (language) rememberViewFacts(language);
  }, [language]);
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const initial = me?.nickname.slice(0, 1).toUpperCase() ?? "?";
  const painted = useAfterFirstPaint();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-night-800/80 bg-night-900/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4">
          <BrandLink to="/dashboard" label={t("nav.mining")} />
          <div className="flex items-center gap-1.5 min-[400px]:gap-2">
            <LanguagePicker />
            <NotificationBell />
            <Link
              to="/profile"
              data-testid="profile-link"
              aria-label={t("nav.profile")}
              className="grid size-10 place-items-center rounded-full bg-gradient-to-br from-amber-300 to-amber-500 font-bold text-night-950 hover:brightness-110"
            >
              <span aria-hidden="true">{initial}</span>
            </Link>
            <AppMenu />
          </div>
        </div>
      </header>
      <VerifyBanner />
      {painted ? <PwaAgent /> : null}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-3xl flex-1 px-4 pt-4 pb-6 focus:outline-none"
      >
        {painted && pathname !== "/dashboard" ? <InformationPopup className="mb-5" /> : null}
        <Outlet />
      </main>
      <footer className="mx-auto w-full max-w-3xl px-4 pb-32 pt-4">
        <ul className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2 border-t border-night-800 pt-5">
          <li>
            <Link to="/faq" className={footerLink}>
              {t("footer.faq")}
            </Link>
          </li>
          <li>
            <Link to="/support" className={footerLink}>
              {t("footer.support")}
            </Link>
          </li>
          <li>
            <Link to={LEGAL_PATHS.mentions} className={footerLink}>
              {t("footer.mentions")}
            </Link>
          </li>
          <li>
            <Link to={LEGAL_PATHS.terms} className={footerLink}>
              {t("footer.terms")}
            </Link>
          </li>
          <li>
            <Link to={LEGAL_PATHS.privacy} className={footerLink}>
              {t("footer.privacyPolicy")}
            </Link>
          </li>
          <li>
            <Link to={LEGAL_PATHS.cookies} className={footerLink}>
              {t("footer.cookiePolicy")}
            </Link>
          </li>
          <li>
            <PrivacySettingsButton />
          </li>
        </ul>
      </footer>
      <BottomNav />
      {painted ? (
        <>
          <LiveNotifications />
          <MessageOverlays />
        </>
      ) : null}
    </div>
  );
}
