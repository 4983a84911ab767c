import type { ReactNode } from "react";
import { LineIcon } from "../../../components/ui/line-icon";
import type { MenuItemId } from "./menu-entries";

const paths: Record<MenuItemId | "menu", ReactNode> = {
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  contest: (
    <>
      <circle cx="12" cy="14.5" r="5" />
      <path d="M8.5 3h7l-2.2 6.7M8.5 3l2.2 6.7" />
    </>
  ),
  shop: (
    <>
      <path d="M5 8h14l-1 12H6Z" />
      <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
    </>
  ),
  game: (
    <>
      <rect x="2.5" y="7" width="19" height="11" rx="5" />
      <path d="M7 12.5h4M9 10.5v4" />
      <circle cx="15.5" cy="11.5" r="1" fill="currentColor" />
      <circle cx="17.5" cy="13.8" r="1" fill="currentColor" />
    </>
  ),
  fre: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M10 16V8h4.5M10 12h3.5" />
    </>
  ),
  wallet: (
    <>
      <path d="M4 8V7.5A2.5 2.5 0 0 1 6.5 5H17v3" />
      <rect x="4" y="8" width="16" height="11" rx="2" />
      <circle cx="16" cy="13.5" r="1.2" fill="currentColor" />
    </>
  ),
  withdrawal: (
    <>
      <path d="M12 15V4M8 8l4-4 4 4" />
      <path d="M4 14v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />
    </>
  ),
  kyc: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2.2" />
      <path d="M5.8 16c.6-1.6 1.8-2.4 3.2-2.4s2.6.8 3.2 2.4M14.5 10h4M14.5 13.5h3" />
    </>
  ),
  profile: (
    <>
      <circle cx="12" cy="8.5" r="3.5" />
      <path d="M5 20c.8-3.8 3.6-6 7-6s6.2 2.2 7 6" />
    </>
  ),
  information: (
    <>
      <path d="M4 10v4h3l6 4V6l-6 4Z" />
      <path d="M16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11" />
    </>
  ),
  notifications: (
    <>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </>
  ),
  faq: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.7 9.5a2.4 2.4 0 1 1 3.3 2.2c-.7.3-1 .8-1 1.5v.6" />
      <circle cx="12" cy="16.8" r=".9" fill="currentColor" />
    </>
  ),
  support: (
    <path d="M5 5h14a1.5 1.5 0 0 1 1.5 1.5v9A1.5 1.5 0 0 1 19 17h-8l-4.5 3.5V17H5a1.5 1.5 0 0 1-1.5-1.5v-9A1.5 1.5 0 0 1 5 5Z" />
  ),
  admin: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6Z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
};

/** The menu's line icons (decorative: the label names the destination). */
export function MenuIcon({ name, className }: { name: keyof typeof paths; className?: string }) {
  return <LineIcon className={className}>{paths[name]}</LineIcon>;
}
