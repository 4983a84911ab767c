import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { LineIcon } from "../../components/ui/line-icon";

function Icon({ children }: { children: ReactNode }) {
  return <LineIcon className="size-6">{children}</LineIcon>;
}

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
            <Icon>
              <circle cx="9" cy="8" r="3.2" />
              <path d="M3.5 19c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5" />
              <circle cx="17" cy="9" r="2.5" />
              <path d="M16 14.2c2.4.1 4 1.7 4.5 4.3" />
            </Icon>
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
                  <Icon>
                    <path d="M14.5 4.5 19.5 9.5" />
                    <path d="M12 7 17 12" />
                    <path d="M15.8 3.2a9 9 0 0 1 5 5" />
                    <path d="m13.5 8.5-9 9a1.4 1.4 0 0 0 2 2l9-9" />
                  </Icon>
                </span>
                {t("nav.mining")}
              </>
            )}
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to="/leaderboard" className={sideItem}>
            <Icon>
              <path d="M8 21h8M12 17v4" />
              <path d="M7 4h10v5a5 5 0 0 1-10 0Z" />
              <path d="M7 6H4.5a2.5 2.5 0 0 0 2.7 3.4M17 6h2.5a2.5 2.5 0 0 1-2.7 3.4" />
            </Icon>
            {t("nav.leaderboard")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
