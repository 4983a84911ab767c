/**
 * Every route of the API, registered by scope: the public routes, the signed-in scope behind its
 * one gate (it sets the viewer), the auth scope with its own limit, the admin scope behind its
 * one gate, and the dev-only routes. Each route is registered from its contract (handle(), which
 * refuses a scope that does not match the contract's access). Adding a feature is one line in
 * the scope it belongs to.
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Dependencies } from "./composition.ts";
import { adminScope } from "./http/admin-gate.ts";
import { signedInScope } from "./http/signed-in-scope.ts";
import { AppError } from "./lib/errors.ts";
import { isLoopbackCaller } from "./lib/loopback-caller.ts";
import { rateLimitStore } from "./lib/rate-limit-store.ts";
import { rateLimitedError } from "./lib/user-rate-limit.ts";
import { adminAccessRoutes, adminRoutes } from "./modules/admin/admin.routes.ts";
import { assertElevated } from "./modules/admin/admin.service.ts";
import { adminUsersRoutes } from "./modules/admin/admin-users.routes.ts";
import { adsAdminRoutes, adsRoutes } from "./modules/ads/index.ts";
import { auditAdminRoutes } from "./modules/audit/index.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import {
  bonusCodesAdminRoutes,
  bonusCodesRoutes,
} from "./modules/bonus-codes/bonus-codes.routes.ts";
import { challengeAdminRoutes, challengeRoutes } from "./modules/challenge/index.ts";
import { circleAdminRoutes, circleRoutes } from "./modules/circle/index.ts";
import { contestAdminRoutes, contestRoutes } from "./modules/contest/contest.routes.ts";
import { dailyAdminRoutes, dailyRoutes } from "./modules/daily/index.ts";
import { devRoutes } from "./modules/dev/dev.routes.ts";
import {
  featuresAdminRoutes,
  featuresRoutes,
  installFeatureGate,
} from "./modules/features/index.ts";
import { gamesAdminRoutes, gamesPublicRoutes, gamesRoutes } from "./modules/games/games.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { kycAdminRoutes, kycRoutes } from "./modules/kyc/kyc.routes.ts";
import { leaderboardRoutes } from "./modules/leaderboard/leaderboard.routes.ts";
import { leaguesAdminRoutes, leaguesRoutes } from "./modules/leagues/index.ts";
import { legalAdminRoutes, legalRoutes } from "./modules/legal/legal.routes.ts";
import { outboxAdminRoutes } from "./modules/mail/mail.routes.ts";
import { messagesAdminRoutes, messagesRoutes } from "./modules/messages/messages.routes.ts";
import { miningRoutes } from "./modules/mining/mining.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { pushRoutes, pushUserRoutes } from "./modules/push/push.routes.ts";
import { referralsRoutes } from "./modules/referrals/referrals.routes.ts";
import { remindersRoutes } from "./modules/reminders/index.ts";
import { riskAdminRoutes } from "./modules/risk/index.ts";
import { shopAdminRoutes, shopRoutes } from "./modules/shop/shop.routes.ts";
import { squadsAdminRoutes, squadsPublicRoutes, squadsRoutes } from "./modules/squads/index.ts";
import { statsAdminRoutes, statsRoutes } from "./modules/stats/stats.routes.ts";
import { supportAdminRoutes, supportRoutes } from "./modules/support/support.routes.ts";
import { tasksAdminRoutes, tasksRoutes } from "./modules/tasks/index.ts";
import { telegramRoutes } from "./modules/telegram/telegram.routes.ts";
import { devChainRoutes } from "./modules/ton/dev-chain.routes.ts";
import { tonManifestRoutes } from "./modules/ton/manifest.routes.ts";
import { tonRoutes } from "./modules/ton/ton.routes.ts";
import { tonPriceRoutes } from "./modules/ton/ton-price.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { vitalsRoutes } from "./modules/vitals/vitals.routes.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import {
  withdrawalsAdminRoutes,
  withdrawalsRoutes,
} from "./modules/withdrawals/withdrawals.routes.ts";

/** Better Auth's endpoints that only read the caller's own session. */
const SESSION_READS = new Set(["/api/auth/get-session", "/api/auth/list-sessions"]);

/** Registers every route; returns the admin routes the gate covers (the tests walk them). */
export async function registerRoutes(app: FastifyInstance, d: Dependencies) {
  const { config, db, clock, viewer } = d;
  // Before every route: switched-off features and the maintenance mode answer 503 here.
  installFeatureGate(app, { ...d.featuresDeps, viewer });

  // Auth: Better Auth's endpoints with their own, tighter per-IP limit.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      store: rateLimitStore(app.rateLimitCounters, "auth", app.log),
      max: config.AUTH_RATE_LIMIT_MAX,
      timeWindow: "1 minute",
      // Session reads happen on every visit: counted by the per-address guard and the user's
      // own share, never here — a busy carrier address must not read as "signed out".
      allowList: (request) => SESSION_READS.has(request.url.split("?")[0] ?? ""),
      errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl),
    });
    await authRoutes(scope, {
      auth: d.auth,
      db,
      clock,
      publicUrl: config.PUBLIC_URL,
      viewer,
      onSessionsRevoked: d.onSessionsRevoked,
      challenge: d.challenge,
      signals: d.signals,
      supportEmail: config.LEGAL_CONTACT_EMAIL,
    });
    // Proof-of-work challenges, under the same per-address limit (decision 0044).
    await challengeRoutes(scope, { challenge: d.challenge });
    // Telegram Mini App sign-in, under the same per-address limit (decision 0042).
    await telegramRoutes(scope, {
      db,
      clock,
      auth: d.auth,
      viewer,
      botToken: config.TELEGRAM_BOT_TOKEN,
      miniAppUrl: config.TELEGRAM_MINI_APP_URL,
      features: d.featuresDeps.features,
      publicUrl: config.PUBLIC_URL,
      signals: d.signals,
      supportEmail: config.LEGAL_CONTACT_EMAIL,
    });
  });

  // Public and signed-in routes.
  await app.register(healthRoutes, d.healthDeps);
  await app.register(featuresRoutes, d.featuresDeps);
  await app.register(statsRoutes, { stats: d.stats });
  await app.register(legalRoutes, d.legalDeps);
  await app.register(pushRoutes, { publicKey: d.vapid.publicKey });
  await app.register(tonManifestRoutes, {
    publicUrl: config.PUBLIC_URL,
    simulated: d.simulatedChain !== null,
    devWallet: config.DEV_ROUTES && d.simulatedChain !== null,
    network: config.TON_NETWORK === "mainnet" ? "-239" : "-3",
  });
  await app.register(tonPriceRoutes, { tonPrice: d.tonPrice });
  await app.register(gamesPublicRoutes);
  await app.register(squadsPublicRoutes, { db, clock });
  await app.register(vitalsRoutes, {
    metrics: d.metrics,
    perMinute: config.VITALS_RATE_LIMIT_MAX,
  });
  // Signed-in routes: one scope, one gate that sets the viewer.
  await app.register(
    signedInScope(viewer, async (user) => {
      await user.register(walletRoutes, { db, clock });
      await user.register(adsRoutes, d.adsDeps);
      await user.register(supportRoutes, d.supportDeps);
      await user.register(usersRoutes, {
        db,
        clock,
        viewer,
        auth: d.auth,
        files: d.kycDeps.files,
        kyc: d.kycDeps,
        onSessionsRevoked: d.onSessionsRevoked,
      });
      // The elevation itself needs only the admin role (its service checks it), no elevation.
      await user.register(adminAccessRoutes, d.adminDeps);
      await user.register(bonusCodesRoutes, { db, clock, events: d.events });
      await user.register(contestRoutes, d.contestDeps);
      await user.register(dailyRoutes, { db, clock, events: d.events });
      await user.register(gamesRoutes, d.gamesDeps);
      await user.register(shopRoutes, d.shopDeps);
      await user.register(tonRoutes, d.tonDeps);
      await user.register(withdrawalsRoutes, d.withdrawalDeps);
      await user.register(kycRoutes, d.kycDeps);
      await user.register(miningRoutes, { ...d.miningDeps, challenge: d.challenge });
      await user.register(messagesRoutes, d.messagesDeps);
      await user.register(pushUserRoutes, { db, endpointAllow: config.PUSH_ENDPOINT_ALLOW });
      await user.register(notificationsRoutes, { ...d.notificationDeps, streams: d.streams });
      await user.register(leaderboardRoutes, { leaderboard: d.leaderboard });
      await user.register(leaguesRoutes, d.leaguesDeps);
      await user.register(circleRoutes, { db, clock });
      await user.register(remindersRoutes, d.reminders.deps);
      await user.register(squadsRoutes, { db, clock });
      await user.register(tasksRoutes, d.tasksDeps);
      await user.register(referralsRoutes, {
        db,
        clock,
        publicUrl: config.PUBLIC_URL,
        events: d.events,
      });
    }),
  );

  // Every other /api/admin/* route: one scope, one gate.
  const gatedAdminRoutes: { method: string; url: string }[] = [];
  await app.register(
    adminScope(
      { viewer, elevated: (caller) => assertElevated(d.adminDeps, caller) },
      async (admin) => {
        await admin.register(adminRoutes, d.adminDeps);
        await admin.register(auditAdminRoutes, { db });
        await admin.register(featuresAdminRoutes, d.featuresDeps);
        await admin.register(statsAdminRoutes, { stats: d.stats });
        await admin.register(adminUsersRoutes, {
          ...d.adminDeps,
          auth: d.auth,
          viewer,
          onSessionsRevoked: d.onSessionsRevoked,
        });
        await admin.register(bonusCodesAdminRoutes, { db, clock, events: d.events });
        await admin.register(messagesAdminRoutes, d.messagesDeps);
        await admin.register(supportAdminRoutes, d.supportDeps);
        await admin.register(contestAdminRoutes, d.contestDeps);
        await admin.register(dailyAdminRoutes, { db, clock, events: d.events });
        await admin.register(challengeAdminRoutes, { challenge: d.challenge });
        await admin.register(kycAdminRoutes, d.kycDeps);
        await admin.register(shopAdminRoutes, d.shopDeps);
        await admin.register(gamesAdminRoutes, d.gamesDeps);
        await admin.register(leaguesAdminRoutes, d.leaguesDeps);
        await admin.register(circleAdminRoutes, { db, clock });
        await admin.register(squadsAdminRoutes, { db, clock });
        await admin.register(tasksAdminRoutes, d.tasksDeps);
        await admin.register(riskAdminRoutes, d.riskDeps);
        await admin.register(withdrawalsAdminRoutes, d.withdrawalDeps);
        await admin.register(legalAdminRoutes, d.legalDeps);
        await admin.register(adsAdminRoutes, d.adsDeps);
        if (d.mailer.kind === "outbox") await admin.register(outboxAdminRoutes, { db });
      },
      gatedAdminRoutes,
    ),
  );

  // Dev-only routes: only with DEV_ROUTES (on by default for a loopback PUBLIC_URL only), and
  // only for a caller on this machine: the server may listen on every interface (HOST).
  if (config.DEV_ROUTES) {
    await app.register(async (dev) => {
      dev.addHook("onRequest", async (request) => {
        if (!isLoopbackCaller(request)) throw new AppError("FORBIDDEN", 403);
      });
      if (d.mailer.kind === "outbox") {
        await devRoutes(dev, { db });
        app.log.warn(
          "DEV_ROUTES is on: /api/dev/outbox shows every mail to callers on this machine. " +
            "Never run like this on a public address (set a non-loopback PUBLIC_URL or DEV_ROUTES=false).",
        );
      }
      // The simulated chain's controls: only on the simulated chain.
      if (d.simulatedChain) {
        await devChainRoutes(dev, {
          simulatedChain: d.simulatedChain,
          network: config.TON_NETWORK === "mainnet" ? "-239" : "-3",
        });
      }
    });
  }
  return { gatedAdminRoutes };
}
