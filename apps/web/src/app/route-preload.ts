/**
 * What a signed-in screen needs before it can show anything, so that public/boot.js can ask
 * for all of it with the HTML instead of one piece after another (chunks, then /api/me, then
 * the screen's data). Plain data: vite.config.ts reads it at build time to write the chunk
 * files of each screen into boot.js; the app adopts the early answers (lib/api-client.ts).
 *
 * Keep in step with router.tsx (the page modules and their catalogs) and with the pages'
 * queries (the URLs, verbatim): route-preload.test.ts checks both.
 */

/** A translation catalog, fetched with the screen (see NAMESPACES in lib/i18n.ts). */
export type PreloadNamespace =
  | "common"
  | "landing"
  | "app"
  | "messages"
  | "pwa"
  | "contest"
  | "help"
  | "ton";

export interface EarlyScreen {
  /** The page module (from apps/web). */
  module: string;
  /** Its own catalogs, besides those of the signed-in area. */
  namespaces: PreloadNamespace[];
  /** GET requests the page makes as soon as it mounts (path and query, verbatim). */
  data: string[];
}

/** Every signed-in screen: the app's start, the guard, the layout and the layout's own reads. */
export const SIGNED_IN_AREA = {
  modules: [
    "src/start.tsx",
    "src/app/early-data.ts",
    "src/app/server-drawn.ts",
    "src/app/session-guards.tsx",
    "src/app/layouts/authenticated-layout.tsx",
  ],
  /** Catalogs the entry does not carry: French common and landing are in it. */
  namespaces: ["app", "messages", "pwa"] as PreloadNamespace[],
  /** Languages other than French also need these before the first render. */
  startNamespaces: ["common", "landing"] as PreloadNamespace[],
  data: [
    "/api/me",
    "/api/notifications",
    "/api/messages/global",
    "/api/messages/information/unread",
  ],
};

const page = (module: string, data: string[] = [], namespaces: PreloadNamespace[] = []) => ({
  module: `src/features/${module}.tsx`,
  namespaces,
  data,
});

/**
 * The screens the server draws for a signed-in user (decision 0022): the daily ones. Their
 * components render the same on the server and in the browser (e2e/server-render.test.ts).
 */
export const SERVER_DRAWN_SCREENS = ["/dashboard", "/leaderboard", "/wallet"];

/** The screens people open every day, and the other signed-in pages (modules only). */
export const EARLY_SCREENS: Record<string, EarlyScreen> = {
  "/dashboard": page("mining/routes/dashboard-page", ["/api/mining"]),
  "/leaderboard": page("leaderboard/routes/leaderboard-page", ["/api/leaderboard"]),
  "/wallet": page(
    "wallet/routes/wallet-page",
    ["/api/wallet", "/api/wallet/ledger?limit=20", "/api/ton/config"],
    ["ton"],
  ),
  "/group": page("referrals/routes/group-page", ["/api/referrals"]),
  "/profile": page("profile/routes/profile-page"),
  "/notifications": page("notifications/routes/notifications-page"),
  "/information": page("messages/routes/information-page", [], ["messages"]),
  "/contest": page("contest/routes/contest-page", [], ["contest"]),
  "/faq": page("help/routes/faq-page", [], ["help"]),
  "/support": page("support/routes/support-page", [], ["help"]),
};
