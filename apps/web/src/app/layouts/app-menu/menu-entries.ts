import type { FeatureId } from "@fre/shared";
import type { Me } from "../../../lib/session";

/** A destination of the menu; its label is `menu.items.<id>` (common catalog). */
export type MenuItemId =
  | "tasks"
  | "squads"
  | "contest"
  | "shop"
  | "game"
  | "fre"
  | "wallet"
  | "withdrawal"
  | "kyc"
  | "profile"
  | "information"
  | "notifications"
  | "faq"
  | "support"
  | "admin";

export type MenuSectionId = "earn" | "account" | "help" | "admin";

export interface MenuItem {
  id: MenuItemId;
  to: string;
}

export interface MenuSection {
  id: MenuSectionId;
  items: readonly MenuItem[];
}

const item = (id: MenuItemId, to = `/${id}`): MenuItem => ({ id, to });

/**
 * Every destination besides the bottom bar's three (Groupe, Minage, Classement), grouped by
 * what the user wants to do. The admin section is for admins only.
 */
export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    id: "earn",
    items: [
      item("tasks"),
      item("squads"),
      item("contest"),
      item("shop"),
      item("game"),
      item("fre"),
    ],
  },
  { id: "account", items: [item("wallet"), item("withdrawal"), item("kyc"), item("profile")] },
  {
    id: "help",
    items: [item("information"), item("notifications"), item("faq"), item("support")],
  },
  { id: "admin", items: [item("admin")] },
];

/** The switch (admin's features panel) a destination belongs to: off, it leaves the menu. */
const FEATURE_OF: Partial<Record<MenuItemId, FeatureId>> = {
  game: "games",
  fre: "games",
  shop: "shop",
};

/**
 * The menu of a user: the admin section for admins only; a switched-off feature's destinations
 * (games off: Jeux and Machine FRE; shop off: Boutique) left out. Until the switches are known, everything shows.
 */
export function menuSectionsFor(
  role: Me["role"] | undefined,
  features?: Partial<Record<FeatureId, boolean>>,
): readonly MenuSection[] {
  const sections = role === "admin" ? MENU_SECTIONS : MENU_SECTIONS.filter((s) => s.id !== "admin");
  if (!features) return sections;
  const on = (id: MenuItemId) => {
    const feature = FEATURE_OF[id];
    return feature === undefined || features[feature] !== false;
  };
  return sections
    .map((section) => ({ ...section, items: section.items.filter((entry) => on(entry.id)) }))
    .filter((section) => section.items.length > 0);
}

/** What the API already says is waiting (unknown counts are 0). */
export interface MenuCounts {
  /** Unread information messages. */
  information: number;
  /** Unread notifications (also on the header's bell). */
  notifications: number;
  /** Support tickets the team answered, waiting for the user. */
  support: number;
  kycStatus: Me["kycStatus"] | undefined;
}

export type MenuBadge =
  | { kind: "count"; count: number }
  | { kind: "status"; status: "pending" | "rejected" }
  | null;

/** The badge beside a destination: a count of new things, or where a request stands. */
export function menuBadge(id: MenuItemId, counts: MenuCounts): MenuBadge {
  const count =
    id === "information"
      ? counts.information
      : id === "notifications"
        ? counts.notifications
        : id === "support"
          ? counts.support
          : 0;
  if (count > 0) return { kind: "count", count };
  if (id === "kyc" && (counts.kycStatus === "pending" || counts.kycStatus === "rejected")) {
    return { kind: "status", status: counts.kycStatus };
  }
  return null;
}

/**
 * The menu button's count: what waits behind it and nowhere else in the header (notifications
 * already have the bell beside it, so they are not counted twice).
 */
export function menuNews(counts: MenuCounts): number {
  return counts.information + counts.support;
}
