import type { ComponentType } from "react";
import {
  createBrowserRouter,
  Navigate,
  type NonIndexRouteObject,
  type RouteObject,
} from "react-router";
import { PageLoader } from "../components/ui/spinner";
import { LandingPage } from "../features/landing/routes/landing-page";
import { LEGAL_PATHS, type LegalDocumentId } from "../features/legal";
import { loadNamespaces, type Namespace } from "../lib/i18n";
import { RouteErrorScreen } from "./error-screen";
import { VisitorOnly } from "./guards";
import { PublicLayout } from "./layouts/public-layout";
import { RootLayout } from "./routes/root-layout";

/** Who may open a page (none: everyone). */
type Guard = "visitor" | "signedIn" | "admin";
/** The chrome around a page (none: the page alone); "either" follows the session. */
type Layout = "public" | "app" | "admin" | "either";

interface PageRoute {
  /** From the root, without the leading slash; "" is the landing. */
  path: string;
  /** The page's module, fetched when the route is first matched… */
  load?: () => Promise<ComponentType>;
  /** …or, for the pre-rendered landing only, the component itself. */
  Component?: ComponentType;
  /** Translation catalogs fetched with the module ("common" is always there). */
  namespaces?: Namespace[];
  guard?: Guard;
  layout?: Layout;
}

/** A route module and its translation catalogs, fetched together. */
const lazyRoute =
  (load: () => Promise<ComponentType>, namespaces: Namespace[] = []) =>
  async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return { Component };
  };

/** A page of a switchable feature: it says so while the feature is off (spec §1). */
const switchable =
  (feature: "games", load: () => Promise<ComponentType>) => async (): Promise<ComponentType> => {
    const [Page, { FeatureGuard }] = await Promise.all([
      load(),
      import("../features/platform-status/components/feature-guard"),
    ]);
    return () => (
      <FeatureGuard feature={feature}>
        <Page />
      </FeatureGuard>
    );
  };

/** The games' screens (features/games), each its own chunk. */
const GAME_PAGES: [string, () => Promise<ComponentType>][] = [
  ["game", () => import("../features/games/routes/games-home-page").then((m) => m.GamesHomePage)],
  ["game/keno", () => import("../features/games/routes/keno-page").then((m) => m.KenoPage)],
  ["game/towers", () => import("../features/games/routes/towers-page").then((m) => m.TowersPage)],
  ["game/hilo", () => import("../features/games/routes/hilo-page").then((m) => m.HiloPage)],
  ["game/slot", () => import("../features/games/routes/slot-page").then((m) => m.SlotPage)],
  ["game/dice", () => import("../features/games/routes/dice-page").then((m) => m.DicePage)],
  ["game/mines", () => import("../features/games/routes/mines-page").then((m) => m.MinesPage)],
  [
    "game/history",
    () => import("../features/games/routes/history-page").then((m) => m.GamesHistoryPage),
  ],
  ["fre", () => import("../features/games/routes/fre-machine-page").then((m) => m.FreMachinePage)],
];

const app = (
  path: string,
  load: PageRoute["load"],
  namespace: Namespace = "app",
  ...more: Namespace[]
): PageRoute => ({
  path,
  load,
  namespaces: [namespace, ...more],
  guard: "signedIn",
  layout: "app",
});

const auth = (path: string, load: PageRoute["load"], guard?: Guard): PageRoute => ({
  path,
  load,
  namespaces: ["auth"],
  guard,
  layout: "public",
});

const admin = (path: string, load: PageRoute["load"], namespaces: Namespace[] = []): PageRoute => ({
  path,
  load,
  namespaces: ["admin", ...namespaces],
  guard: "admin",
  layout: "admin",
});

/** Every page of the app; within one guard and layout, in this order. */
const PAGES: PageRoute[] = [
  { path: "", Component: LandingPage, guard: "visitor", layout: "public" },
  auth(
    "login",
    () => import("../features/auth/routes/login-page").then((m) => m.LoginPage),
    "visitor",
  ),
  auth(
    "register",
    () => import("../features/auth/routes/register-page").then((m) => m.RegisterPage),
    "visitor",
  ),
  auth("reset-password", () =>
    import("../features/auth/routes/reset-password-page").then((m) => m.ResetPasswordPage),
  ),
  {
    path: "loading",
    load: () => import("../features/loading/routes/loading-page").then((m) => m.LoadingPage),
  },
  app("dashboard", () =>
    import("../features/mining/routes/dashboard-page").then((m) => m.DashboardPage),
  ),
  app("profile", () =>
    import("../features/profile/routes/profile-page").then((m) => m.ProfilePage),
  ),
  app("group", () => import("../features/referrals/routes/group-page").then((m) => m.GroupPage)),
  app("daily", () => import("../features/daily/routes/daily-page").then((m) => m.DailyPage)),
  app("circle", () => import("../features/circle/routes/circle-page").then((m) => m.CirclePage)),
  app("tasks", () => import("../features/tasks/routes/tasks-page").then((m) => m.TasksPage)),
  app("squads", () => import("../features/squads/routes/squads-page").then((m) => m.SquadsPage)),
  app("leaderboard", () =>
    import("../features/leaderboard/routes/leaderboard-page").then((m) => m.LeaderboardPage),
  ),
  // The TON card's catalog comes with the page: the card is whole on the first render.
  app(
    "wallet",
    () => import("../features/wallet/routes/wallet-page").then((m) => m.WalletPage),
    "app",
    "ton",
  ),
  app("notifications", () =>
    import("../features/notifications/routes/notifications-page").then((m) => m.NotificationsPage),
  ),
  app(
    "information",
    () => import("../features/messages/routes/information-page").then((m) => m.InformationPage),
    "messages",
  ),
  app(
    "contest",
    () => import("../features/contest/routes/contest-page").then((m) => m.ContestPage),
    "contest",
  ),
  // Visitors read the FAQ too (the landing's footer links to it); its links to signed-in
  // pages go through the sign-in and back.
  {
    path: "faq",
    load: () => import("../features/help/routes/faq-page").then((m) => m.FaqPage),
    namespaces: ["help"],
    layout: "either",
  },
  app(
    "support",
    () => import("../features/support/routes/support-page").then((m) => m.SupportPage),
    "help",
  ),
  app("shop", () => import("../features/shop/routes/shop-page").then((m) => m.ShopPage), "shop"),
  app("kyc", () => import("../features/kyc/routes/kyc-page").then((m) => m.KycPage), "kyc"),
  app(
    "withdrawal",
    () => import("../features/withdrawals/routes/withdrawal-page").then((m) => m.WithdrawalPage),
    "withdrawals",
  ),
  ...GAME_PAGES.map(([path, load]) => app(path, switchable("games", load), "games")),
  // A shared squad link is opened signed out too: the page asks the visitor to sign up.
  {
    path: "squad/:id",
    load: () => import("../features/squads/routes/squad-page").then((m) => m.SquadPage),
    namespaces: ["app"],
    layout: "either",
  },
  // Anyone may check an outcome from revealed seeds (the API's verify route is public too).
  {
    path: "game/verify",
    load: switchable("games", () =>
      import("../features/games/routes/verify-page").then((m) => m.VerifyPage),
    ),
    namespaces: ["games"],
    layout: "either",
  },
  // The legal documents: one chunk with their catalog, read by everyone (decision 0023).
  ...Object.entries(LEGAL_PATHS).map(
    ([id, path]): PageRoute => ({
      path: path.slice(1),
      load: () =>
        import("../features/legal/routes/legal-pages").then(
          (m) => m.LEGAL_PAGES[id as LegalDocumentId],
        ),
      namespaces: ["legal"],
      layout: "either",
    }),
  ),
  admin("admin", () =>
    import("../features/admin/routes/admin-home-page").then((m) => m.AdminHomePage),
  ),
  admin("admin/users/:id", () =>
    import("../features/admin/routes/admin-user-page").then((m) => m.AdminUserPage),
  ),
  // Every section of the console (features/admin/admin-sections.ts) behind one route.
  admin("admin/:section", () =>
    import("../features/admin/routes/admin-section-page").then((m) => m.AdminSectionPage),
  ),
];

/** The signed-in and admin guards arrive with their area, like its layout. */
const sessionGuard = (name: "RequireAuth" | "RequireAdmin") => () =>
  import("./session-guards").then((m) => ({ Component: m[name] }));

const GUARDS: Record<Guard, NonIndexRouteObject> = {
  visitor: { element: <VisitorOnly /> },
  signedIn: { lazy: sessionGuard("RequireAuth") },
  admin: { lazy: sessionGuard("RequireAdmin") },
};

const LAYOUTS: Record<Layout, NonIndexRouteObject> = {
  public: { element: <PublicLayout /> },
  app: {
    lazy: lazyRoute(
      () => import("./layouts/authenticated-layout").then((m) => m.AuthenticatedLayout),
      ["app", "messages", "pwa"],
    ),
  },
  admin: {
    lazy: lazyRoute(() => import("./layouts/admin-layout").then((m) => m.AdminLayout), ["admin"]),
  },
  either: {
    lazy: lazyRoute(
      () => import("./layouts/session-layout").then((m) => m.SessionLayout),
      ["app", "messages", "pwa"],
    ),
  },
};

/**
 * Nests the pages in their guard and layout routes. The public layout frames visitors and
 * everyone alike, so its guards sit inside it; the app and admin layouts are lazy and only
 * for their guard's users, so they sit inside their guard.
 */
function buildRoutes(pages: PageRoute[]): RouteObject[] {
  const tree: RouteObject[] = [];
  const made = new Map<string, RouteObject[]>();
  // The children of `route` (created on first use) under `siblings`, or `siblings` if none.
  const within = (siblings: RouteObject[], key: string, route?: NonIndexRouteObject) => {
    if (!route) return siblings;
    let children = made.get(key);
    if (!children) {
      children = [];
      made.set(key, children);
      siblings.push({ ...route, children });
    }
    return children;
  };
  for (const { path, load, Component, namespaces, guard, layout } of pages) {
    const guardRoute = guard && GUARDS[guard];
    const layoutRoute = layout && LAYOUTS[layout];
    const isPublic = layout === "public";
    const outer = within(
      tree,
      isPublic ? "public" : `${guard}`,
      isPublic ? layoutRoute : guardRoute,
    );
    within(outer, `${layout} ${guard}`, isPublic ? guardRoute : layoutRoute).push({
      ...(path ? { path } : { index: true }),
      ...(Component ? { Component } : { lazy: load && lazyRoute(load, namespaces) }),
    });
  }
  return tree;
}

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [...buildRoutes(PAGES), { path: "*", element: <Navigate to="/" replace /> }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
