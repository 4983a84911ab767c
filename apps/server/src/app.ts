import { randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import type { Agent } from "node:https";
import { resolve } from "node:path";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { getOrCreateSetting, newSecret } from "./lib/app-settings.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { installErrorHandlers } from "./lib/error-handler.ts";
import { AppError } from "./lib/errors.ts";
import { errorSerializer, maskLogArguments } from "./lib/log-safety.ts";
import { metricsPlugin } from "./lib/metrics.ts";
import { addSecurityHeaders } from "./lib/security-headers.ts";
import { serializerCompiler } from "./lib/serializer.ts";
import { installUserRateLimits, rateLimitedError } from "./lib/user-rate-limit.ts";
import { rejectForbiddenCharacters } from "./lib/validation.ts";
import { adminAccessRoutes, adminRoutes } from "./modules/admin/admin.routes.ts";
import { ensureSecuritySettings } from "./modules/admin/admin.service.ts";
import { adminScope } from "./modules/admin/admin-gate.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createAuth, trustedOrigins } from "./modules/auth/auth.ts";
import { viewerResolver } from "./modules/auth/viewer.ts";
import {
  bonusCodesAdminRoutes,
  bonusCodesRoutes,
} from "./modules/bonus-codes/bonus-codes.routes.ts";
import { contestAdminRoutes, contestRoutes } from "./modules/contest/contest.routes.ts";
import { devRoutes, outboxAdminRoutes } from "./modules/dev/dev.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { type HealthDeps, startHealthMonitor } from "./modules/health/health.service.ts";
import { leaderboardRoutes } from "./modules/leaderboard/leaderboard.routes.ts";
import { leaderboardService } from "./modules/leaderboard/leaderboard.service.ts";
import { type Mailer, outboxMailer, smtpMailer } from "./modules/mail/mail.transport.ts";
import { messagesAdminRoutes, messagesRoutes } from "./modules/messages/messages.routes.ts";
import { miningRoutes } from "./modules/mining/mining.routes.ts";
import { createEventBus } from "./modules/notifications/event-bus.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import {
  type NotificationType,
  notify,
  sweepExpiringBoosts,
  sweepSessionEndings,
} from "./modules/notifications/notifications.service.ts";
import { pushRoutes } from "./modules/push/push.routes.ts";
import { loadVapidKeys, pushSender } from "./modules/push/push.service.ts";
import { referralsRoutes } from "./modules/referrals/referrals.routes.ts";
import { statsRoutes } from "./modules/stats/stats.routes.ts";
import { statsService } from "./modules/stats/stats.service.ts";
import { supportAdminRoutes, supportRoutes } from "./modules/support/support.routes.ts";
import { type Chain, simulatedChain, toncenterChain } from "./modules/ton/chain.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";

export interface AppDeps {
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  chain?: Chain;
  logger?: FastifyServerOptions["logger"];
  /** HTTPS agent for Web Push requests (tests trust their local push service). */
  pushAgent?: Agent;
}

const SESSIONS_REVOKED = "sessions-revoked";

/** Request URLs without query strings or path tokens: links in mails carry secrets. */
const safeUrl = (url: string) =>
  url.split("?")[0]!.replace(/(reset-password|verify-email)\/[^/]+/, "$1/[redacted]");

/**
 * No personal data in logs: a request is logged by its route pattern (`/api/admin/bonus-codes/:code`,
 * never the code), without query string, headers or body; errors lose their query parameters.
 */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; id: string; routeOptions?: { url?: string } }) => ({
        id: req.id,
        method: req.method,
        url: req.routeOptions?.url ?? safeUrl(req.url),
      }),
      err: errorSerializer,
    },
    hooks: { logMethod: maskLogArguments },
  };
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Builds the whole API + web server from config and dependencies (tests use it too). */
export async function buildApp(config: Config, deps: AppDeps) {
  const { db } = deps.database;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Live event streams never go idle; closing must not wait for them.
    forceCloseConnections: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // text/plain bodies are a CSRF vector (a "simple" cross-site request); the API speaks JSON.
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  installErrorHandlers(app);
  // Before every schema and handler: no string reaching a route carries a control character.
  app.addHook("preValidation", async (request) => rejectForbiddenCharacters(request));

  const https = config.PUBLIC_URL.startsWith("https://");
  addSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { ...CSP, upgradeInsecureRequests: https ? [] : null } },
    hsts: https,
    crossOriginEmbedderPolicy: false,
  });
  const origins = new Set(trustedOrigins(config.PUBLIC_URL));
  app.addHook("onRequest", async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS")
      return;
    const origin = request.headers.origin;
    if (origin && !origins.has(origin)) throw new AppError("FORBIDDEN", 403);
  });

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: "1 minute",
    errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: "FRE API", version: "1.0.0", description: "FRE mining app API" },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // Swagger UI sets inline styles; its page gets our style rule, scripts stay hash-locked.
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(https ? /$^/ : /upgrade-insecure-requests;?/, ""),
  });
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN });

  const mailer =
    deps.mailer ??
    (config.MAIL_TRANSPORT === "smtp" && config.SMTP_URL
      ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : outboxMailer(db));
  const chain =
    deps.chain ??
    (config.TON_API_URL === "simulated" ? simulatedChain() : toncenterChain(config.TON_API_URL));
  const secret = config.AUTH_SECRET ?? (await getOrCreateSetting(db, "auth_secret", newSecret));
  await ensureSecuritySettings(db, config.ADMIN_DEFAULT_ACCESS_CODE, app.log);

  // SMTP errors quote the recipient: log the code only (no PII in logs).
  const mailErrorLogger = (error: unknown) =>
    app.log.error(
      { code: (error as { code?: unknown } | null)?.code ?? "unknown" },
      "mail delivery failed",
    );
  const auth = createAuth({
    db,
    mailer,
    clock,
    secret,
    publicUrl: config.PUBLIC_URL,
    onMailError: mailErrorLogger,
    log: (level, message) => app.log[level]({ source: "better-auth" }, message),
  });
  const bus = createEventBus({
    relay: deps.database,
    onError: (error) => app.log.warn({ err: error }, "live event relay failed"),
  });
  await bus.start();
  app.addHook("onClose", () => bus.stop());
  const viewer = viewerResolver({ db, clock, secret });
  // A revocation in one process empties every process's session cache.
  bus.onProcessSignal(SESSIONS_REVOKED, () => viewer.forgetAll());
  installUserRateLimits(app, async (request) => (await viewer.optional(request))?.userId ?? null);
  const healthDeps: HealthDeps = {
    db,
    chain,
    clock,
    probeApi: async () => (await app.inject({ method: "GET", url: "/api/health/live" })).statusCode,
  };

  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      max: config.AUTH_RATE_LIMIT_MAX,
      timeWindow: "1 minute",
      errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl),
    });
    await authRoutes(scope, {
      auth,
      db,
      clock,
      publicUrl: config.PUBLIC_URL,
      viewer,
      onSessionsRevoked: () => bus.signalProcesses(SESSIONS_REVOKED),
    });
  });
  await app.register(usersRoutes, { db, clock, viewer });
  const vapid = await loadVapidKeys(db);
  const push = pushSender({
    db,
    vapid,
    subject: config.VAPID_SUBJECT,
    agent: deps.pushAgent,
    endpointAllow: config.PUSH_ENDPOINT_ALLOW,
    onError: (error) =>
      app.log.warn({ status: (error as { statusCode?: number }).statusCode }, "push failed"),
  });
  const notificationDeps = { db, clock, bus, push };
  await app.register(pushRoutes, {
    db,
    viewer,
    publicKey: vapid.publicKey,
    endpointAllow: config.PUSH_ENDPOINT_ALLOW,
  });
  /** One typed notify for every module (it also sends the push and the live event). */
  const notifyUser = (
    userId: string,
    type: NotificationType,
    params?: Record<string, string | number>,
  ) => notify(notificationDeps, userId, type, params);
  await app.register(miningRoutes, { db, clock, viewer, notify: notifyUser });
  await app.register(notificationsRoutes, { ...notificationDeps, viewer });
  await app.register(referralsRoutes, { db, clock, viewer, publicUrl: config.PUBLIC_URL });
  const leaderboard = leaderboardService({ database: deps.database, clock });
  await app.register(leaderboardRoutes, { leaderboard, viewer });
  await app.register(walletRoutes, { db, clock, viewer });
  const stats = statsService(db, clock);
  await app.register(statsRoutes, { stats });
  const adminDeps = { db, clock, elevationMs: config.ADMIN_ELEVATION_MINUTES * 60_000 };
  await app.register(adminAccessRoutes, { ...adminDeps, viewer });
  const supportDeps = {
    db,
    clock,
    mailer,
    publicUrl: config.PUBLIC_URL,
    onMailError: mailErrorLogger,
  };
  const contestDeps = { db, clock, notify: notifyUser };
  await app.register(bonusCodesRoutes, { db, clock, viewer });
  await app.register(messagesRoutes, { ...notificationDeps, viewer });
  await app.register(supportRoutes, { ...supportDeps, viewer });
  await app.register(contestRoutes, { ...contestDeps, viewer });
  await app.register(healthRoutes, healthDeps);
  // Every /api/admin/* route but the elevation itself: one scope, one gate.
  const gatedAdminRoutes: { method: string; url: string }[] = [];
  await app.register(
    adminScope(
      { ...adminDeps, viewer },
      async (admin) => {
        await admin.register(adminRoutes, adminDeps);
        await admin.register(bonusCodesAdminRoutes, { db, clock });
        await admin.register(messagesAdminRoutes, notificationDeps);
        await admin.register(supportAdminRoutes, supportDeps);
        await admin.register(contestAdminRoutes, contestDeps);
        if (mailer.kind === "outbox") await admin.register(outboxAdminRoutes, { db });
      },
      gatedAdminRoutes,
    ),
  );
  if (mailer.kind === "outbox" && config.DEV_ROUTES) {
    await app.register(devRoutes, { db });
    app.log.warn(
      "DEV_ROUTES is on: /api/dev/outbox shows every mail to anyone who asks. " +
        "Never run like this on a public address (set a non-loopback PUBLIC_URL or DEV_ROUTES=false).",
    );
  }

  await registerWeb(app, resolve(config.WEB_DIST));
  app.addHook("onClose", async () => mailer.close());

  return {
    app,
    gatedAdminRoutes,
    auth,
    mailer,
    bus,
    stats,
    /**
     * Periodic jobs of a running server (not started by tests that only inject). Resolves when
     * the warm-up is done (the server serves before that; the bench waits for it).
     */
    startBackgroundJobs(): Promise<void> {
      const monitor = startHealthMonitor(healthDeps, config.HEALTH_INTERVAL_MS, app.log);
      // Warm the leaderboard's rank snapshot so the first reader does not wait for it.
      const warmedUp = leaderboard
        .refresh()
        .then(() => {})
        .catch((error) => app.log.error({ err: error }, "leaderboard snapshot failed"));
      const sweep = setInterval(() => {
        sweepSessionEndings(notificationDeps).catch((error) =>
          app.log.error({ err: error }, "session-end sweep failed"),
        );
        sweepExpiringBoosts(notificationDeps).catch((error) =>
          app.log.error({ err: error }, "boost-expiry sweep failed"),
        );
      }, 15_000);
      sweep.unref();
      app.addHook("onClose", async () => {
        monitor.stop();
        clearInterval(sweep);
      });
      return warmedUp;
    },
  };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;

function isBuildFile(root: string, file: string): boolean {
  if (file.length === 0 || !/^[\w./-]+$/.test(file) || file.includes("..")) return false;
  try {
    return statSync(resolve(root, file)).isFile();
  } catch {
    return false;
  }
}

/** Serves the built web app; unknown non-API paths get index.html (SPA), /api stays JSON. */
async function registerWeb(app: FastifyInstance, root: string) {
  const hasWeb = existsSync(resolve(root, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${resolve(root, "assets")}`);
        res.setHeader(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit?.() }, async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path.startsWith("/api/") || path === "/api" || path === "/metrics") {
      throw new AppError("NOT_FOUND", 404);
    }
    if (!hasWeb || (request.method !== "GET" && request.method !== "HEAD")) {
      throw new AppError("NOT_FOUND", 404);
    }
    const file = path.slice(1);
    if (isBuildFile(root, file)) return reply.sendFile(file);
    // A missing hashed asset (an old tab after a deploy) is a 404, not the app's HTML.
    if (path.startsWith("/assets/")) throw new AppError("NOT_FOUND", 404);
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
