import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PageLoader } from "../components/ui/spinner";
import { LandingPage } from "../features/landing/routes/landing-page";
import { loadNamespaces, type Namespace } from "../lib/i18n";
import { RouteErrorScreen } from "./error-screen";
import { RequireAdmin, RequireAuth, VisitorOnly } from "./guards";
import { PublicLayout } from "./layouts/public-layout";
import type { PlaceholderKey } from "./routes/placeholder-page";
import { RootLayout } from "./routes/root-layout";

/** A lazy route whose module and translation catalogs load together. */
function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  ...namespaces: Namespace[]
): RouteObject["lazy"] {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return { Component: pick(module) };
  };
}

const placeholder = (page: PlaceholderKey): RouteObject => ({
  path: page,
  lazy: async () => {
    const { PlaceholderPage } = await import("./routes/placeholder-page");
    return { element: <PlaceholderPage page={page} /> };
  },
});

const PLACEHOLDER_PAGES: PlaceholderKey[] = ["withdrawal", "kyc", "shop", "fre", "game"];

const ADMIN_PLACEHOLDERS = ["kyc", "withdrawals", "stats", "users", "ads", "shop"] as const;

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            element: <VisitorOnly />,
            children: [
              { index: true, element: <LandingPage /> },
              {
                path: "login",
                lazy: lazyPage(
                  () => import("../features/auth/routes/login-page"),
                  (m) => m.LoginPage,
                  "auth",
                ),
              },
              {
                path: "register",
                lazy: lazyPage(
                  () => import("../features/auth/routes/register-page"),
                  (m) => m.RegisterPage,
                  "auth",
                ),
              },
            ],
          },
          {
            path: "reset-password",
            lazy: lazyPage(
              () => import("../features/auth/routes/reset-password-page"),
              (m) => m.ResetPasswordPage,
              "auth",
            ),
          },
        ],
      },
      {
        path: "loading",
        lazy: lazyPage(
          () => import("../features/loading/routes/loading-page"),
          (m) => m.LoadingPage,
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyPage(
              () => import("./layouts/authenticated-layout"),
              (m) => m.AuthenticatedLayout,
              "app",
              "messages",
              "pwa",
            ),
            children: [
              {
                path: "dashboard",
                lazy: lazyPage(
                  () => import("../features/dashboard/routes/dashboard-page"),
                  (m) => m.DashboardPage,
                  "app",
                ),
              },
              {
                path: "profile",
                lazy: lazyPage(
                  () => import("../features/profile/routes/profile-page"),
                  (m) => m.ProfilePage,
                  "app",
                ),
              },
              {
                path: "group",
                lazy: lazyPage(
                  () => import("../features/group/routes/group-page"),
                  (m) => m.GroupPage,
                  "app",
                ),
              },
              {
                path: "leaderboard",
                lazy: lazyPage(
                  () => import("../features/leaderboard/routes/leaderboard-page"),
                  (m) => m.LeaderboardPage,
                  "app",
                ),
              },
              {
                path: "wallet",
                lazy: lazyPage(
                  () => import("../features/wallet/routes/wallet-page"),
                  (m) => m.WalletPage,
                  "app",
                ),
              },
              {
                path: "notifications",
                lazy: lazyPage(
                  () => import("../features/notifications/routes/notifications-page"),
                  (m) => m.NotificationsPage,
                  "app",
                ),
              },
              {
                path: "information",
                lazy: lazyPage(
                  () => import("../features/messages/routes/information-page"),
                  (m) => m.InformationPage,
                  "messages",
                ),
              },
              {
                path: "contest",
                lazy: lazyPage(
                  () => import("../features/contest/routes/contest-page"),
                  (m) => m.ContestPage,
                  "contest",
                ),
              },
              {
                path: "faq",
                lazy: lazyPage(
                  () => import("../features/help/routes/faq-page"),
                  (m) => m.FaqPage,
                  "help",
                ),
              },
              {
                path: "support",
                lazy: lazyPage(
                  () => import("../features/support/routes/support-page"),
                  (m) => m.SupportPage,
                  "help",
                ),
              },
              ...PLACEHOLDER_PAGES.map(placeholder),
            ],
          },
        ],
      },
      {
        path: "admin",
        element: <RequireAdmin />,
        children: [
          {
            lazy: lazyPage(
              () => import("./layouts/admin-layout"),
              (m) => m.AdminLayout,
              "admin",
            ),
            children: [
              {
                index: true,
                lazy: lazyPage(
                  () => import("../features/admin/routes/admin-home-page"),
                  (m) => m.AdminHomePage,
                  "admin",
                ),
              },
              {
                path: "security",
                lazy: lazyPage(
                  () => import("../features/admin/routes/admin-security-page"),
                  (m) => m.AdminSecurityPage,
                  "admin",
                ),
              },
              {
                path: "outbox",
                lazy: lazyPage(
                  () => import("../features/admin/routes/admin-outbox-page"),
                  (m) => m.AdminOutboxPage,
                  "admin",
                ),
              },
              {
                path: "bonus-codes",
                lazy: lazyPage(
                  () => import("../features/bonus-codes/routes/admin-bonus-codes-page"),
                  (m) => m.AdminBonusCodesPage,
                  "admin",
                ),
              },
              {
                path: "messages",
                lazy: lazyPage(
                  () => import("../features/messages/routes/admin-messages-page"),
                  (m) => m.AdminMessagesPage,
                  "admin",
                  "messages",
                  "contest",
                  "help",
                ),
              },
              ...ADMIN_PLACEHOLDERS.map(
                (section): RouteObject => ({
                  path: section,
                  lazy: async () => {
                    const { AdminPlaceholderPage } = await import(
                      "../features/admin/routes/admin-placeholder-page"
                    );
                    return { element: <AdminPlaceholderPage section={section} /> };
                  },
                }),
              ),
            ],
          },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
