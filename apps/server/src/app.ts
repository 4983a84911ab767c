import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { buildDependencies, type InjectedDeps } from "./composition.ts";
import type { Config } from "./config.ts";
import { answerClientError } from "./lib/client-error.ts";
import { inProcessGroup } from "./lib/cluster-metrics.ts";
import { installErrorHandlers, jsonCharset, sendAppError } from "./lib/error-handler.ts";
import { AppError } from "./lib/errors.ts";
import { startJobs } from "./lib/jobs.ts";
import { errorSerializer, maskLogArguments } from "./lib/log-safety.ts";
import { metricsPlugin } from "./lib/metrics.ts";
import {
  type RateLimitCounters,
  rateLimitCounters,
  rateLimitStore,
  syncedCounters,
} from "./lib/rate-limit-store.ts";
import { addSecurityHeaders } from "./lib/security-headers.ts";
import { serializerCompiler } from "./lib/serializer.ts";
import {
  countedLocallyFirst,
  installUserFairShare,
  installUserRateLimits,
  isApiPath,
  rateLimitedError,
} from "./lib/user-rate-limit.ts";
import { rejectForbiddenCharacters } from "./lib/validation.ts";
import { trustedOrigins } from "./modules/auth/auth.ts";
import { registerRoutes } from "./routes.ts";
import { registerWeb } from "./web.ts";

export interface AppDeps extends InjectedDeps {
  logger?: FastifyServerOptions["logger"];
  /** Where the rate limits count (default: from REDIS_URL and the database, decision 0037). */
  counters?: RateLimitCounters;
}

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

/** sha256 of "" — the only inline event handler the pages may carry. */
const EMPTY_HANDLER_HASH = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // The TON Connect widget marks <body ontouchstart=""> (Safari's :active fix): an empty inline
  // handler, allowed by its hash and nothing else (helmet's default here is 'none').
  scriptSrcAttr: ["'unsafe-hashes'", `'${EMPTY_HANDLER_HASH}'`],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The TON Connect widget loads the wallets list and their icons, and talks to each wallet's
  // bridge, from hosts that change over time (decision 0017): https only, no other scheme.
  imgSrc: ["'self'", "data:", "blob:", "https:"],
  connectSrc: ["'self'", "https:"],
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
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Announced to clients (`Keep-Alive: timeout=…`): they drop an idle connection before it,
    // which is what lets a drain close idle connections without racing a reuse (decision 0036).
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_MS,
    // Live event streams never go idle; closing must not wait for them.
    forceCloseConnections: true,
    // What Node's HTTP parser refuses (over 16 KB of URL and headers…) answers our body too.
    clientErrorHandler: answerClientError,
    // One line per request only at LOG_LEVEL=debug (below): at info the log shows what matters.
    logController: new LogController({ disableRequestLogging: true }),
    // A malformed or over-long URL (found before any route) answers like every other error,
    // without echoing the path back.
    frameworkErrors: (error, request, reply) =>
      sendAppError(
        request,
        reply,
        new AppError(
          "VALIDATION_ERROR",
          400,
          {},
          {
            issues: [
              {
                path: "url",
                message: error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "too long" : "invalid",
              },
            ],
          },
        ),
      ),
  });
  app.addHook("onResponse", (request, reply, done) => {
    if (request.log.level === "debug" || request.log.level === "trace") {
      request.log.debug(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        "request completed",
      );
    }
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // text/plain bodies are a CSRF vector (a "simple" cross-site request); the API speaks JSON.
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  installErrorHandlers(app);
  // The API speaks UTF-8 JSON only: a body declared in another charset would be read as UTF-8
  // anyway, its characters silently changed.
  app.addHook("onRequest", async (request) => {
    const charset = jsonCharset(request.headers["content-type"]);
    if (charset !== null && charset !== "utf-8" && charset !== "utf8") {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415);
    }
  });
  // API answers are personal unless a route says otherwise (public figures set their own):
  // no browser, proxy or shared-device back button keeps a copy.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });
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

  // Per address, on the API only: static files and pages are immutable or cheap and served from
  // memory, and a signed-in first visit precaches ~135 of them — counting them locked out whole
  // families behind one carrier address.
  // Shared by every process: PostgreSQL, or Redis with REDIS_URL (decision 0037).
  const counters = deps.counters ?? (await rateLimitCounters(config, deps.database, app.log));
  if (!deps.counters && counters.kind !== "memory") app.addHook("onClose", () => counters.close());
  app.decorate<RateLimitCounters>("rateLimitCounters", counters);
  // The guard and the fair share, which every API request passes, count in the process first and
  // share their counts every RATE_LIMIT_SYNC_MS (decision 0067); 0: every check waits for them.
  const localFirst =
    counters.kind !== "memory" && config.RATE_LIMIT_SYNC_MS > 0
      ? syncedCounters(counters, { syncMs: config.RATE_LIMIT_SYNC_MS, log: app.log })
      : undefined;
  if (localFirst) app.addHook("onClose", () => localFirst.close());
  await app.register(rateLimit, {
    global: true,
    store: rateLimitStore(
      counters,
      "ip",
      app.log,
      localFirst && { counters: localFirst, hot: countedLocallyFirst },
    ),
    max: config.RATE_LIMIT_MAX,
    timeWindow: "1 minute",
    allowList: (request) => !isApiPath(request.url),
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
  await app.register(metricsPlugin, {
    token: config.METRICS_TOKEN,
    inGroup: inProcessGroup(config),
  });

  const d = await buildDependencies(config, deps, {
    log: app.log,
    probeApi: async () => (await app.inject({ method: "GET", url: "/api/health/live" })).statusCode,
    metrics: app.domainMetrics,
  });
  app.addHook("onClose", () => d.close());
  // Before anything reads the session cookie: one signed with the previous auth secret (0054).
  if (d.secretGrace) app.addHook("onRequest", d.secretGrace);
  const userIdOf = async (request: FastifyRequest) =>
    (await d.viewer.optional(request))?.userId ?? null;
  app.decorateRequest("viewer", null);
  installUserFairShare(app, userIdOf, config.USER_RATE_LIMIT_MAX);
  installUserRateLimits(app, userIdOf);
  const { gatedAdminRoutes } = await registerRoutes(app, d);
  await registerWeb(app, resolve(config.WEB_DIST), {
    publicUrl: config.PUBLIC_URL,
    serverRender: config.SERVER_RENDER,
  });

  return {
    app,
    gatedAdminRoutes,
    auth: d.auth,
    mailer: d.mailer,
    bus: d.bus,
    /** The domain events, and the outbox of their effects (mails, notifications, live events). */
    events: d.events,
    effects: d.effects,
    stats: d.stats,
    /** The shop's payment reader and the simulated chain (tests and the dev tools drive them). */
    shop: { deps: d.shopDeps, simulatedChain: d.simulatedChain },
    /** The games' dependencies, memory included (tests play through the services with them). */
    games: d.gamesDeps,
    /** The TON price: tests run its refresh job's body and read what the route serves. */
    tonPrice: d.tonPrice,
    /** The risk score's run lock: tests hold it to see a run refused while one is under way. */
    risk: d.riskDeps,
    /** The Telegram bot's reminders: tests settle the sender and read what the fake Bot API got. */
    reminders: d.reminders,
    /** The mining engine's dependencies, its transaction groups included (decision 0047). */
    mining: d.miningDeps,
    /** The leagues' dependencies, this app's settings cache included (tests run the week job). */
    leagues: d.leaguesDeps,
    /**
     * Starts the background jobs of a running server (not started by tests that only inject).
     * Resolves when the warm-up is done (the server serves before that; the bench waits for it).
     */
    startBackgroundJobs(): Promise<void> {
      const jobs = startJobs(
        [...d.jobs, ...(counters.kind === "memory" ? [] : counters.jobs)],
        app.log,
      );
      app.addHook("onClose", async () => jobs.stop());
      // Warm the leaderboard's rank snapshot so the first reader does not wait for it.
      return d.leaderboard
        .refresh()
        .then(() => {})
        .catch((error) => app.log.error({ err: error }, "leaderboard snapshot failed"));
    },
  };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
