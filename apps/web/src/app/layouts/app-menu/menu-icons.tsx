import { Glyph, type GlyphName } from "../../../components/ui/glyph";
import type { MenuItemId } from "./menu-entries";

/** Which icon of the app's one set (Glyph) draws each menu entry. */
const glyphOf: Record<MenuItemId | "menu", GlyphName> = {
  menu: "menu",
  tasks: "gift",
  squads: "users",
  contest: "medal",
  shop: "bag",
  game: "gamepad",
  fre: "freCoin",
  wallet: "wallet",
  withdrawal: "withdraw",
  kyc: "idCard",
  profile: "user",
  information: "megaphone",
  notifications: "bell",
  faq: "question",
  support: "chat",
  admin: "shield",
};

/** The menu's line icons (decorative: the label names the destination). */
export function MenuIcon({ name, className }: { name: MenuItemId | "menu"; className?: string }) {
  return <Glyph name={glyphOf[name]} className={className} />;
}
