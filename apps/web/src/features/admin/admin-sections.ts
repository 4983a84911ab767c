import type { ComponentType } from "react";
import type { Namespace } from "../../lib/i18n";

/** A lazily loaded screen: its component once the module has arrived. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The menu's groups, in menu order (decision 0057): what waits for a decision, the accounts,
 * what brings users in and keeps them, and the running of the service.
 */
export const ADMIN_GROUPS = ["moderation", "users", "growth", "system"] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export interface AdminSectionEntry<S extends string = string> {
  section: S;
  /** Its group in the menu (a heading of its own, `groups.<group>` in the admin catalog). */
  group: AdminGroup;
  /** Its name in the menu, the home page's links and its placeholder title (admin catalog). */
  labelKey: `pages.${S}`;
  /** Where it lives, under /admin. */
  path: `/admin/${S}`;
  /** The screen; without one, the section shows its title only until its issue lands. */
  load?: PageLoader;
  /** Catalogs the screen needs besides "admin". */
  namespaces?: Namespace[];
}

function section<S extends string>(
  id: S,
  page: Pick<AdminSectionEntry<S>, "group" | "load" | "namespaces">,
): AdminSectionEntry<S> {
  return { section: id, labelKey: `pages.${id}`, path: `/admin/${id}`, ...page };
}

/**
 * The admin console's screens, in menu order: the menu, the home page's links and the
 * /admin/<section> routes all come from this list, so a new screen is one entry here. The
 * screens stay in the feature that owns their data and load only when opened.
 */
export const ADMIN_SECTIONS = [
  section("kyc", {
    group: "moderation",
    load: () => import("../kyc/admin/admin-kyc-page").then((m) => m.AdminKycPage),
    namespaces: ["kyc"],
  }),
  section("withdrawals", {
    group: "moderation",
    load: () =>
      import("../withdrawals/admin/admin-withdrawals-page").then((m) => m.AdminWithdrawalsPage),
    namespaces: ["withdrawals"],
  }),
  section("bonus-codes", {
    group: "growth",
    load: () =>
      import("../bonus-codes/admin/admin-bonus-codes-page").then((m) => m.AdminBonusCodesPage),
  }),
  section("tasks", {
    group: "growth",
    load: () => import("../tasks/admin/admin-tasks-page").then((m) => m.AdminTasksPage),
  }),
  section("stats", {
    group: "system",
    load: () => import("./routes/admin-stats-page").then((m) => m.AdminStatsPage),
    namespaces: ["app"],
  }),
  section("users", {
    group: "users",
    load: () => import("./routes/admin-users-page").then((m) => m.AdminUsersPage),
  }),
  section("risk", {
    group: "moderation",
    load: () => import("./routes/admin-risk-page").then((m) => m.AdminRiskPage),
  }),
  section("messages", {
    group: "growth",
    load: () => import("../messages/admin/admin-messages-page").then((m) => m.AdminMessagesPage),
    namespaces: ["messages", "contest"],
  }),
  section("support", {
    group: "moderation",
    load: () => import("../support/admin/admin-support-page").then((m) => m.AdminSupportPage),
    namespaces: ["help"],
  }),
  section("ads", {
    group: "growth",
    load: () => import("../ads/admin/admin-ads-page").then((m) => m.AdminAdsPage),
    namespaces: ["ads"],
  }),
  section("shop", {
    group: "growth",
    load: () => import("../shop/admin/admin-shop-page").then((m) => m.AdminShopPage),
    namespaces: ["shop"],
  }),
  section("games", {
    group: "growth",
    load: () => import("../games/admin/admin-games-page").then((m) => m.AdminGamesPage),
    namespaces: ["games"],
  }),
  section("leagues", {
    group: "growth",
    load: () => import("../leaderboard/admin").then((m) => m.AdminLeaguesPage),
  }),
  section("daily", {
    group: "growth",
    load: () => import("../daily/admin/admin-daily-page").then((m) => m.AdminDailyPage),
    namespaces: ["app"],
  }),
  section("circle", {
    group: "growth",
    load: () => import("../circle/admin").then((m) => m.AdminCirclePage),
    namespaces: ["app"],
  }),
  section("challenge", {
    group: "system",
    load: () => import("../challenge/admin").then((m) => m.AdminChallengePage),
  }),
  section("security", {
    group: "system",
    load: () => import("./routes/admin-security-page").then((m) => m.AdminSecurityPage),
  }),
  section("audit", {
    group: "system",
    load: () => import("./routes/admin-audit-page").then((m) => m.AdminAuditPage),
  }),
  section("outbox", {
    group: "system",
    load: () => import("./routes/admin-outbox-page").then((m) => m.AdminOutboxPage),
  }),
] as const;

export type AdminSection = (typeof ADMIN_SECTIONS)[number]["section"];
