/**
 * Where the rate-limit counters live (decision 0037). Every limiter (the per-address guard, the
 * auth scope's limit, each route's per-user limit and the user's fair share) counts through
 * @fastify/rate-limit; with several server processes the counts must be shared, or each process
 * would allow its own full quota:
 *
 * - PostgreSQL (the default there): one UNLOGGED row per key, one upsert … RETURNING per check
 *   (the checks of one event-loop turn share it);
 * - Redis, when REDIS_URL is set: one Lua call per check (INCR, and PEXPIRE on a new key), as
 *   @fastify/rate-limit's own Redis store does, behind the same interface;
 * - the embedded database allows one process: its counters stay in that process's memory
 *   (@fastify/rate-limit's bounded LRU store), costing no query.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import { AppError } from "./errors.ts";
import type { Job } from "./jobs.ts";
import { countChecks, sweepEndedWindows } from "./rate-limit-counters.repo.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where this app's rate limits count (app.ts; the auth scope's limit counts there too). */
    rateLimitCounters: RateLimitCounters;
  }
}

/** One count: the hits of `key` in its current window, and the milliseconds left in it. */
export interface Count {
  current: number;
  ttl: number;
}

/** Hits of one key to add at once (`syncedCounters`' batches). */
export interface Hits {
  key: string;
  n: number;
  windowMs: number;
}

/** A shared counter backend: one round trip per check, or per batch. */
export interface SharedCounters {
  kind: "postgres" | "redis";
  /** Counts one hit of `key`; a key unseen or whose window ended starts a window of `windowMs`. */
  incr(key: string, windowMs: number): Promise<Count>;
  /** Adds `n` hits to each key in one round trip; the counts after, in the same order. */
  add(batch: Hits[]): Promise<Count[]>;
  /** Periodic work (the sweep of ended windows); none for Redis, whose keys expire. */
  jobs: Job[];
  close(): Promise<void>;
}

/** What a limiter counts with: shared counters, or each process its own (`memory`). */
export type RateLimitCounters = SharedCounters | { kind: "memory" };

interface Ask {
  windowMs: number;
  waiters: { resolve: (count: Count) => void; reject: (error: unknown) => void }[];
}

/**
 * Counters in PostgreSQL, shared by every process on the database. Checks asked for while the
 * event loop reads one batch of requests share one statement (`batch: false`: one statement
 * each); the k-th of a key's n checks gets the count it would have had alone.
 */
export function postgresCounters(db: Db, options: { batch?: boolean } = {}): SharedCounters {
  const batch = options.batch ?? true;
  let pending = new Map<string, Ask>();

  async function run(asks: Map<string, Ask>) {
    const keys = [...asks.keys()];
    try {
      const rows = await countChecks(
        db,
        keys,
        keys.map((key) => asks.get(key)!.waiters.length),
        keys.map((key) => asks.get(key)!.windowMs),
      );
      for (const row of rows) {
        const { waiters } = asks.get(row.key)!;
        const first = row.hits - waiters.length + 1;
        const ttl = Math.max(0, row.ttl);
        for (const [i, waiter] of waiters.entries()) waiter.resolve({ current: first + i, ttl });
      }
    } catch (error) {
      for (const ask of asks.values()) for (const waiter of ask.waiters) waiter.reject(error);
    }
  }

  function flush() {
    const asks = pending;
    pending = new Map();
    void run(asks);
  }

  return {
    kind: "postgres",
    async add(batch) {
      if (batch.length === 0) return [];
      const rows = await countChecks(
        db,
        batch.map((hits) => hits.key),
        batch.map((hits) => hits.n),
        batch.map((hits) => hits.windowMs),
      );
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return batch.map((hits) => {
        const row = byKey.get(hits.key);
        return { current: row?.hits ?? hits.n, ttl: Math.max(0, row?.ttl ?? hits.windowMs) };
      });
    },
    incr(key, windowMs) {
      return new Promise<Count>((resolve, reject) => {
        const ask = pending.get(key);
        if (ask) ask.waiters.push({ resolve, reject });
        else pending.set(key, { windowMs, waiters: [{ resolve, reject }] });
        if (!batch) flush();
        // After the poll phase: every request read from the sockets in this turn has asked.
        else if (pending.size === 1 && !ask) setImmediate(flush);
      });
    },
    jobs: [
      {
        name: "rate-limit-sweep",
        everyMs: 60_000,
        run: () => sweepEndedWindows(db),
      },
    ],
    close: async () => {},
  };
}

/*
 * The same rule in Redis, atomic in one script: the key counts; a key without expiry (new, or
 * left without one) gets the window. PTTL is what remains.
 */
const INCR_LUA = `local current = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** The part of an ioredis client the counters use. */
interface RedisClient {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  quit(): Promise<unknown>;
  disconnect(): void;
}

/** Counters in Redis (REDIS_URL), under `prefix`: keys expire with their window. */
export function redisCounters(redis: RedisClient, prefix = "fre:rl:"): SharedCounters {
  redis.defineCommand("freRateLimit", { numberOfKeys: 1, lua: INCR_LUA });
  const run = (
    redis as unknown as { freRateLimit(key: string, ms: number, n: number): Promise<unknown> }
  ).freRateLimit;
  const count = async (key: string, windowMs: number, n: number): Promise<Count> => {
    const [current, ttl] = (await run.call(redis, prefix + key, windowMs, n)) as [number, number];
    return { current, ttl };
  };
  return {
    kind: "redis",
    incr: (key, windowMs) => count(key, windowMs, 1),
    // One script per key, sent together (auto-pipelining): one round trip for the batch.
    add: (batch) => Promise.all(batch.map((hits) => count(hits.key, hits.windowMs, hits.n))),
    jobs: [],
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Connects to REDIS_URL; refuses to start when it cannot be reached (said with the host only). */
export async function connectRedis(
  url: string,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<RedisClient> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    // A check waits for Redis at most this long; while disconnected, checks fail at once
    // rather than queue (a request answers 503, it does not hang).
    commandTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: "fre",
    // The checks of one event-loop turn go to Redis in one write (one round trip).
    enableAutoPipelining: true,
  });
  // A lost connection is retried by ioredis (at most every 2 s); each failure is said once.
  redis.on("error", (error: Error) => log?.warn({ err: error }, "Redis (rate limits) failed"));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const host = new URL(url).host;
    throw new Error(
      `REDIS_URL: cannot reach Redis at ${host} (${(error as Error).message}) — start it, or ` +
        "unset REDIS_URL to keep the rate-limit counters in PostgreSQL",
    );
  }
  return redis;
}

/** Counts answered in the process, shared in batches (`syncedCounters`). */
export interface LocalFirstCounters {
  /**
   * Counts one hit of `key` at once: the last shared count known plus this process's own since.
   * Null when `maxKeys` keys are live: that check then waits for the shared counter.
   */
  count(key: string, windowMs: number): Count | null;
  /** Sends the hits not yet shared and reads back the shared counts (also run every `syncMs`). */
  sync(): Promise<void>;
  /** Keys held in memory (the bench and the tests read it). */
  size(): number;
  /** Stops the timer and shares what is left. */
  close(): Promise<void>;
}

interface KeyState {
  windowMs: number;
  /** When this process believes the window ends (the shared counter's ttl at the last sync). */
  endsAt: number;
  /** The shared count at the last sync (every process's hits, this one's included). */
  shared: number;
  /** This process's hits in flight to the shared counter. */
  sending: number;
  /** This process's hits since. */
  unsent: number;
}

/**
 * The hot limiters' counters (decision 0067): a check costs no round trip. Each process answers
 * from the last shared count it knows plus its own hits since, and every `syncMs` sends its new
 * hits of every key in one statement (PostgreSQL) or one pipelined write (Redis), reading back
 * the counts of all processes. Within one process the count is exact; across processes a burst
 * can pass a limit by what the other processes let through since their last sync (at most one
 * interval and one round trip of their hits). A failed sync keeps the hits for the next one: the
 * process then limits on its own counts and says so once, rather than failing requests.
 */
export function syncedCounters(
  shared: SharedCounters,
  options: {
    syncMs: number;
    /** Keys kept at most; past it, windows that ended are dropped at once. */
    maxKeys?: number;
    now?: () => number;
    log?: Pick<FastifyBaseLogger, "warn">;
  },
): LocalFirstCounters {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 200_000;
  const states = new Map<string, KeyState>();
  let running: Promise<void> | null = null;
  let failing = false;

  function dropEnded(at: number) {
    for (const [key, state] of states)
      if (at >= state.endsAt && state.unsent === 0 && state.sending === 0) states.delete(key);
  }

  async function send() {
    const at = now();
    const batch: { key: string; state: KeyState; n: number }[] = [];
    for (const [key, state] of states) {
      if (state.unsent > 0) {
        batch.push({ key, state, n: state.unsent });
        state.sending += state.unsent;
        state.unsent = 0;
      } else if (at >= state.endsAt && state.sending === 0) states.delete(key);
    }
    if (batch.length === 0) return;
    let counts: Count[];
    try {
      counts = await shared.add(
        batch.map(({ key, state, n }) => ({ key, n, windowMs: state.windowMs })),
      );
    } catch (error) {
      for (const { state, n } of batch) {
        state.sending -= n;
        state.unsent += n;
      }
      if (!failing) options.log?.warn({ err: error }, "rate-limit sync failed: counting locally");
      failing = true;
      return;
    }
    failing = false;
    const back = now();
    for (const [i, { key, state, n }] of batch.entries()) {
      state.sending -= n;
      const count = counts[i]!;
      // A window that ended here meanwhile started a new state: the old count is not its own.
      if (states.get(key) !== state) continue;
      state.shared = count.current;
      state.endsAt = back + count.ttl;
    }
  }

  function sync() {
    running ??= send().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void sync(), options.syncMs);
  timer.unref();

  return {
    count(key, windowMs) {
      const at = now();
      let state = states.get(key);
      if (!state || at >= state.endsAt) {
        if (!state && states.size >= maxKeys) {
          dropEnded(at);
          if (states.size >= maxKeys) return null;
        }
        state = { windowMs, endsAt: at + windowMs, shared: 0, sending: 0, unsent: 0 };
        states.set(key, state);
      }
      state.unsent += 1;
      return {
        current: state.shared + state.sending + state.unsent,
        ttl: Math.max(0, state.endsAt - at),
      };
    },
    sync,
    size: () => states.size,
    async close() {
      clearInterval(timer);
      await running;
      await sync();
    },
  };
}

/**
 * The counters for this server: Redis with REDIS_URL, else PostgreSQL on PostgreSQL, else the
 * embedded database's one process (memory).
 */
export async function rateLimitCounters(
  config: Pick<Config, "REDIS_URL">,
  database: Pick<Database, "kind" | "db">,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<RateLimitCounters> {
  if (config.REDIS_URL) return redisCounters(await connectRedis(config.REDIS_URL, log));
  if (database.kind === "postgres") return postgresCounters(database.db);
  return { kind: "memory" };
}

/**
 * The `store` option of one @fastify/rate-limit registration counting in `counters`, its keys
 * under `namespace` (each registration counts apart: the per-address guard, the auth scope).
 * Limiters made with `createRateLimit` share their registration's namespace: their key
 * generators tell them apart (user-rate-limit.ts). Undefined for memory: the plugin's own store.
 */
export function rateLimitStore(
  counters: RateLimitCounters,
  namespace: string,
  log?: Pick<FastifyBaseLogger, "warn">,
  /** The registration's hot keys, counted in the process first (decision 0067). */
  localFirst?: { counters: LocalFirstCounters; hot: (key: string) => boolean },
): FastifyRateLimitStoreCtor | undefined {
  if (counters.kind === "memory") return undefined;
  const shared = counters;
  const storeIn = (space: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow?: number) {
      const windowMs = timeWindow ?? 60_000;
      if (localFirst && space === namespace && localFirst.hot(key)) {
        const count = localFirst.counters.count(`${space}:${key}`, windowMs);
        if (count) return callback(null, count);
      }
      shared.incr(`${space}:${key}`, windowMs).then(
        (count) => callback(null, count),
        (error: Error) => {
          log?.warn({ err: error }, "rate-limit counter failed");
          // Fail closed, but say so: a 503 to retry shortly, not an unexplained 500.
          callback(new AppError("LIMITS_UNAVAILABLE", 503, {}, { retryAfter: 5 }));
        },
      );
    },
    // A route's own `config.rateLimit` counts apart from its registration (the route joins the
    // namespace); a `createRateLimit` limiter, which has no route, shares the namespace.
    child(options) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      if (!route?.url) return this;
      return storeIn(`${space}|${[route.method].flat().join(",")} ${route.url}`);
    },
  });
  // @fastify/rate-limit builds its store with `new Store(options)`: an object returned by a
  // constructor function is what `new` gives.
  return function SharedStore() {
    return storeIn(namespace);
  } as unknown as FastifyRateLimitStoreCtor;
}
