/**
 * The shared rate-limit counters (decision 0037): PostgreSQL's (on PostgreSQL) and Redis's (when
 * REDIS_URL, or a Redis on 127.0.0.1:6379, answers), each against the real server.
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { openDatabase, rowsOf } from "../src/db/client.ts";
import {
  connectRedis,
  postgresCounters,
  rateLimitCounters,
  redisCounters,
  type SharedCounters,
  syncedCounters,
} from "../src/lib/rate-limit-store.ts";
import {
  client,
  createTestApp,
  createTestApps,
  freshDatabase,
  onPostgres,
  signUp,
  type TestApp,
  uniqueUser,
} from "./helpers.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = connect(Number(port || 6379), hostname);
  socket.setTimeout(500, () => {
    socket.destroy();
    resolve(false);
  });
  socket.once("connect", () => {
    socket.destroy();
    resolve(true);
  });
  socket.once("error", () => resolve(false));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => randomBytes(6).toString("hex");
/** An address no other test uses (Redis keeps its counters between runs for their window). */
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

/** What every backend must do: count, share, start a new window when one ends. */
function behavesLikeACounter(counters: () => SharedCounters) {
  it("counts hits per key within the window and says what is left of it", async () => {
    const key = `t:${unique()}`;
    const first = await counters().incr(key, 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(59_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await counters().incr(key, 60_000)).current).toBe(2);
    expect((await counters().incr(`${key}:other`, 60_000)).current).toBe(1);
  });

  it("never hands two concurrent checks the same count", async () => {
    const key = `t:${unique()}`;
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => counters().incr(key, 60_000)),
    );
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it("adds a batch of hits to several keys in one call, counted with the single checks", async () => {
    const [x, y] = [`t:${unique()}`, `t:${unique()}`];
    await counters().incr(x, 60_000);
    const after = await counters().add([
      { key: x, n: 5, windowMs: 60_000 },
      { key: y, n: 3, windowMs: 60_000 },
    ]);
    expect(after.map((count) => count.current)).toEqual([6, 3]);
    expect(after[1]!.ttl).toBeGreaterThan(59_000);
    expect((await counters().incr(y, 60_000)).current).toBe(4);
    expect(await counters().add([])).toEqual([]);
  });

  it("starts a new window once the last one ended", async () => {
    const key = `t:${unique()}`;
    await counters().incr(key, 150);
    expect((await counters().incr(key, 150)).current).toBe(2);
    await sleep(250);
    const again = await counters().incr(key, 150);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
  });
}

describe("REDIS_URL", () => {
  it("is validated at boot: a redis:// or rediss:// URL", () => {
    const base = { NODE_ENV: "test", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig({ ...base, REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe(
      "redis://127.0.0.1:6379",
    );
    expect(() => loadConfig({ ...base, REDIS_URL: "http://127.0.0.1:6379" })).toThrow(
      /REDIS_URL: must be redis:\/\/host:port/,
    );
  });

  it("refuses to start when Redis cannot be reached, naming the host but no password", async () => {
    const database = { kind: "pglite" as const, db: undefined as never };
    await expect(
      rateLimitCounters({ REDIS_URL: "redis://:s3cret@127.0.0.1:1" }, database),
    ).rejects.toThrow(/REDIS_URL: cannot reach Redis at 127\.0\.0\.1:1/);
    await expect(
      rateLimitCounters({ REDIS_URL: "redis://:s3cret@127.0.0.1:1" }, database),
    ).rejects.not.toThrow(/s3cret/);
  });
});

describe.runIf(onPostgres)("counters in PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let counters: SharedCounters;
  beforeAll(async () => {
    database = await freshDatabase();
    counters = postgresCounters(database.db);
  });
  afterAll(() => database.drop());

  behavesLikeACounter(() => counters);

  describe("one statement per check (batch: false)", () => {
    behavesLikeACounter(() => postgresCounters(database.db, { batch: false }));
  });

  it("counts two processes' checks of the same keys at once, without deadlock", async () => {
    const other = await openDatabase(database.url!, { poolMax: 4 });
    try {
      const second = postgresCounters(other.db);
      const keys = Array.from({ length: 6 }, () => `t:${unique()}`);
      const rounds = 15;
      const askAll = (c: SharedCounters, order: string[]) =>
        Promise.all(order.map((key) => c.incr(key, 60_000)));
      await Promise.all(
        Array.from({ length: rounds }, (_, i) =>
          Promise.all([askAll(counters, keys), askAll(second, [...keys].reverse()), sleep(i)]),
        ),
      );
      for (const key of keys)
        expect((await counters.incr(key, 60_000)).current).toBe(2 * rounds + 1);
    } finally {
      await other.close();
    }
  });

  it("is UNLOGGED, and the sweep deletes ended windows only", async () => {
    const kind = rowsOf<{ relpersistence: string }>(
      await database.db.execute(
        sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`,
      ),
    );
    expect(kind[0]?.relpersistence).toBe("u");
    const ended = `t:${unique()}`;
    const live = `t:${unique()}`;
    await counters.incr(ended, 50);
    await counters.incr(live, 60_000);
    await sleep(100);
    await counters.jobs[0]!.run();
    const keys = rowsOf<{ key: string }>(
      await database.db.execute(
        sql`select key from rate_limit_counters where key in (${ended}, ${live})`,
      ),
    ).map((row) => row.key);
    expect(keys).toEqual([live]);
  });
});

describe.runIf(redisUp)("counters in Redis (REDIS_URL)", () => {
  let counters: SharedCounters;
  beforeAll(async () => {
    counters = redisCounters(await connectRedis(REDIS_URL), `fre:test:${unique()}:`);
  });
  afterAll(() => counters.close());

  behavesLikeACounter(() => counters);

  it("leaves no sweep to run: the keys expire with their window", () => {
    expect(counters.jobs).toEqual([]);
  });

  describe("two servers counting in one Redis", () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      // Every check waits for Redis here; counting in the process first is tested below.
      const config = { REDIS_URL, RATE_LIMIT_MAX: "5", RATE_LIMIT_SYNC_MS: "0" };
      [a, b] = await Promise.all([createTestApp({ config }), createTestApp({ config })]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
    });

    it("count one address's requests together", async () => {
      const ip = randomIp();
      for (let i = 0; i < 5; i++) {
        const response = await client(i % 2 ? a : b, { ip }).get("/api/features");
        expect(response.statusCode).toBe(200);
      }
      const refused = await client(a, { ip }).get("/api/features");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe("RATE_LIMITED");
      expect((await client(b, { ip: randomIp() }).get("/api/features")).statusCode).toBe(200);
    });
  });

  describe.runIf(onPostgres)("two processes on one database, counting in Redis", () => {
    let group: Awaited<ReturnType<typeof createTestApps>>;
    beforeAll(async () => {
      group = await createTestApps(2, { config: { REDIS_URL } });
    });
    afterAll(() => group.close());

    it("count a per-user limit on both", async () => {
      const [a, b] = group.apps as [TestApp, TestApp];
      const { client: onA } = await signUp(a, uniqueUser());
      const onB = client(b);
      for (const [name, value] of onA.jar) onB.jar.set(name, value);
      for (let i = 0; i < 20; i++) {
        expect((await (i % 2 ? onA : onB).get("/api/ton/proof-payload")).statusCode).toBe(200);
      }
      expect((await onB.get("/api/ton/proof-payload")).statusCode).toBe(429);
    });
  });
});

describe("when the shared counters fail", () => {
  it("answers 503 LIMITS_UNAVAILABLE with a Retry-After, never an unexplained 500", async () => {
    const { default: Fastify } = await import("fastify");
    const { default: rateLimit } = await import("@fastify/rate-limit");
    const { rateLimitStore } = await import("../src/lib/rate-limit-store.ts");
    const { installErrorHandlers } = await import("../src/lib/error-handler.ts");
    const broken: SharedCounters = {
      kind: "redis",
      incr: async () => {
        throw new Error("connection is closed");
      },
      add: async () => {
        throw new Error("connection is closed");
      },
      jobs: [],
      close: async () => {},
    };
    const app = Fastify();
    installErrorHandlers(app);
    await app.register(rateLimit, { global: true, max: 10, store: rateLimitStore(broken, "t") });
    app.get("/api/x", async () => ({ ok: true }));
    const answer = await app.inject({ method: "GET", url: "/api/x" });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ error: "LIMITS_UNAVAILABLE" });
    expect(answer.headers["retry-after"]).toBe("5");
    await app.close();
  });
});

/**
 * The hot limiters count in the process first (decision 0067): each check is answered from the
 * last shared count plus the process's own hits, and the hits are shared every
 * RATE_LIMIT_SYNC_MS. These run on every shared backend this machine has.
 */
function countsLocallyFirst(sharedCounters: () => SharedCounters) {
  it("answers without a round trip, exact within one process, and shares the hits in one batch", async () => {
    const shared = sharedCounters();
    let rounds = 0;
    const counted: SharedCounters = {
      ...shared,
      add: (batch) => {
        rounds++;
        return shared.add(batch);
      },
    };
    const local = syncedCounters(counted, { syncMs: 60_000 });
    const [x, y] = [`t:${unique()}`, `t:${unique()}`];
    const counts = Array.from({ length: 50 }, (_, i) => local.count(i % 5 ? x : y, 60_000)!);
    expect(counts.filter((_, i) => i % 5).map((c) => c.current)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(rounds).toBe(0);
    await local.sync();
    expect(rounds).toBe(1);
    // The shared counter holds them. Another process's hit is learnt at this one's next sync.
    expect((await shared.incr(x, 60_000)).current).toBe(41);
    expect(local.count(x, 60_000)!.current).toBe(41);
    await local.sync();
    expect(rounds).toBe(2);
    expect(local.count(x, 60_000)!.current).toBe(43);
    await local.close();
  });

  it("across processes: a burst passes at most each process's own limit, and after a sync every process refuses", async () => {
    const max = 10;
    const [a, b] = [
      syncedCounters(sharedCounters(), { syncMs: 60_000 }),
      syncedCounters(sharedCounters(), { syncMs: 60_000 }),
    ];
    const key = `t:${unique()}`;
    // A burst of 30 checks on each process within one interval: each lets through at most `max`
    // (its own count is exact) — together at most 2 × max, the stated tolerance.
    const allowed = (c: ReturnType<typeof a.count>) => c!.current <= max;
    expect(Array.from({ length: 30 }, () => a.count(key, 60_000)).filter(allowed)).toHaveLength(
      max,
    );
    expect(Array.from({ length: 30 }, () => b.count(key, 60_000)).filter(allowed)).toHaveLength(
      max,
    );
    await a.sync();
    await b.sync();
    // b shared last: it knows all 60 hits. a knows its own 30 until its next sync (still over).
    expect(b.count(key, 60_000)!.current).toBe(61);
    expect(a.count(key, 60_000)!.current).toBe(31);
    await a.sync();
    expect(a.count(key, 60_000)!.current).toBe(62);
    // Under the limit, hits spread over the processes add up at every sync.
    const other = `t:${unique()}`;
    a.count(other, 60_000);
    b.count(other, 60_000);
    await a.sync();
    await b.sync();
    expect(b.count(other, 60_000)!.current).toBe(3);
    await Promise.all([a.close(), b.close()]);
  });

  it("keeps counting on its own while the shared counter fails, and shares the hits once it is back", async () => {
    const shared = sharedCounters();
    let down = true;
    const flaky: SharedCounters = {
      ...shared,
      add: (batch) =>
        down ? Promise.reject(new Error("connection is closed")) : shared.add(batch),
    };
    const warnings: unknown[] = [];
    const local = syncedCounters(flaky, {
      syncMs: 60_000,
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    const key = `t:${unique()}`;
    for (let i = 0; i < 4; i++) local.count(key, 60_000);
    await local.sync();
    await local.sync();
    expect(warnings).toHaveLength(1);
    expect(local.count(key, 60_000)!.current).toBe(5);
    down = false;
    await local.sync();
    expect((await shared.incr(key, 60_000)).current).toBe(6);
    await local.close();
  });

  it("forgets ended windows, and past maxKeys sends a new key's check to the shared counter", async () => {
    let clock = 1_000_000;
    const local = syncedCounters(sharedCounters(), {
      syncMs: 60_000,
      maxKeys: 2,
      now: () => clock,
    });
    const [x, y, z] = [`t:${unique()}`, `t:${unique()}`, `t:${unique()}`];
    expect(local.count(x, 1_000)).not.toBeNull();
    expect(local.count(y, 60_000)).not.toBeNull();
    expect(local.count(z, 60_000)).toBeNull();
    await local.sync();
    clock += 2_000;
    // x's window ended and its hits are shared: it makes room.
    expect(local.count(z, 60_000)!.current).toBe(1);
    expect(local.size()).toBe(2);
    expect(local.count(x, 1_000)).toBeNull();
    await local.close();
  });
}

describe.runIf(onPostgres)("counted in the process first, shared through PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.drop());
  countsLocallyFirst(() => postgresCounters(database.db));

  describe("two servers (RATE_LIMIT_SYNC_MS=100)", () => {
    let group: Awaited<ReturnType<typeof createTestApps>>;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      group = await createTestApps(2, {
        config: { RATE_LIMIT_MAX: "6", AUTH_RATE_LIMIT_MAX: "4", RATE_LIMIT_SYNC_MS: "100" },
      });
      [a, b] = group.apps as [TestApp, TestApp];
    });
    afterAll(() => group.close());

    it("count one address's requests together: past the limit, every process refuses after its next sync", async () => {
      const ip = randomIp();
      for (let i = 0; i < 6; i++) {
        expect((await client(i % 2 ? a : b, { ip }).get("/api/features")).statusCode).toBe(200);
        await sleep(150);
      }
      // a shared last: it knows all six.
      const refused = await client(a, { ip }).get("/api/features");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe("RATE_LIMITED");
      // b may let one more through on its stale count; once it has shared, it refuses too.
      await client(b, { ip }).get("/api/features");
      await sleep(250);
      expect((await client(b, { ip }).get("/api/features")).statusCode).toBe(429);
      expect((await client(a, { ip }).get("/api/features")).statusCode).toBe(429);
    });

    it("a burst on both passes the guard by at most one process's share, the auth limit not at all", async () => {
      const ip = randomIp();
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => client(i % 2 ? a : b, { ip }).get("/api/features")),
      );
      const passed = burst.filter((answer) => answer.statusCode === 200).length;
      expect(passed).toBeGreaterThanOrEqual(6);
      expect(passed).toBeLessThanOrEqual(12);
      const authIp = randomIp();
      const signUps = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          client(i % 2 ? a : b, { ip: authIp }).post("/api/auth/sign-up/email", {}),
        ),
      );
      expect(signUps.filter((answer) => answer.statusCode !== 429)).toHaveLength(4);
    });
  });
});

describe.runIf(redisUp)("counted in the process first, shared through Redis", () => {
  let counters: SharedCounters;
  beforeAll(async () => {
    counters = redisCounters(await connectRedis(REDIS_URL), `fre:test:${unique()}:`);
  });
  afterAll(() => counters.close());
  countsLocallyFirst(() => counters);
});
