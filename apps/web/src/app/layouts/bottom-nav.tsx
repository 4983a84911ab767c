import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Glyph } from "../../components/ui/glyph";

const sideItem = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-2xl text-xs font-semibold transition-colors ${
    isActive ? "text-amber-200" : "text-slate-300 hover:text-white"
  }`;

/** Spec §2: Groupe, Minage (central, highlighted), Classement. */
export function BottomNav() {
  const { t } = useTranslation();
  return (
    <nav
      data-testid="bottom-nav"
      aria-label={t("nav.label")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-night-700 bg-night-900/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-md items-end justify-around gap-2 px-4 pt-1.5 pb-1.5">
        <li className="flex flex-1">
          <NavLink to="/group" className={sideItem}>
            <Glyph name="users" className="size-6" />
            {t("nav.group")}
          </NavLink>
        </li>
        <li className="flex flex-1 justify-center">
          <NavLink
            to="/dashboard"
            data-central="true"
            className={({ isActive }) =>
              `-mt-6 flex flex-col items-center gap-1 text-xs font-bold ${
                isActive ? "text-amber-200" : "text-slate-200 hover:text-white"
              }`
            }
          >
            {({ isActive }) => (
              <>
                <span
                  className={`grid size-16 place-items-center rounded-full border-4 border-night-900 bg-gradient-to-br from-amber-300 to-amber-500 text-night-950 shadow-[0_8px_28px_-6px_rgba(251,191,36,0.7)] transition-transform ${
                    isActive ? "scale-105 ring-2 ring-amber-200/70" : ""
                  }`}
                >
                  <Glyph name="pickaxe" className="size-6" />
                </span>
                {t("nav.mining")}
              </>
            )}
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to="/leaderboard" className={sideItem}>
            <Glyph name="trophy" className="size-6" />
            {t("nav.leaderboard")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
