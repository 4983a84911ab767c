import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { LanguagePicker } from "../../features/preferences";
import { BrandLink } from "./brand-link";
import { PublicFooter } from "./public-footer";
import { SkipLink } from "./skip-link";

/**
 * Landing, sign-in, sign-up and password pages, and the pages open to everyone (the FAQ) when
 * a visitor reads them; `framed` gives those the signed-in area's reading width.
 */
export function PublicLayout({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-night-800/80 bg-night-900/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <BrandLink to="/" label={t("app.home")} />
          <div className="flex items-center gap-2">
            {pathname === "/" ? (
              <Link
                to="/login"
                className="hidden min-h-10 items-center rounded-full px-3 text-sm font-semibold text-slate-100 hover:text-amber-200 sm:inline-flex"
              >
                {t("nav.signIn")}
              </Link>
            ) : null}
            <LanguagePicker />
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`flex-1 focus:outline-none ${framed ? "mx-auto w-full max-w-3xl px-4 py-6" : ""}`}
      >
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
