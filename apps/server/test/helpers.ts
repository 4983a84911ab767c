import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Agent } from "node:https";
import { createServer } from "node:net";
import { parseFre } from "@fre/shared";
import { and, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { type AppDeps, buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { miningSessions } from "../src/db/schema/index.ts";
import type { AdminCodeNotice } from "../src/lib/admin-code-notice.ts";
import { manualClock } from "../src/lib/clock.ts";
import { credit, lockUser } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { type Mailer, readOutbox } from "../src/modules/mail/mail.transport.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";

export const PUBLIC_URL = "http://localhost:3000";
export const DEFAULT_ADMIN_CODE = "default-admin-code";
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A free TCP port on 127.0.0.1 (asked of the system, then released) for a process to listen on. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL's server: a copy of the run's migrated
 * template, or empty with `{ empty: true }` (for a process that must migrate it itself).
 * `drop()` removes it.
 */
export async function scratchPostgres(
  options: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("scratchPostgres needs TEST_DATABASE_URL");
  const name = `fre_t_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const template = options.empty ? "" : ` TEMPLATE ${inject("postgresTemplate")}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`CREATE DATABASE ${name}${template}`);
      break;
    } catch (error) {
      // Two files copying the template at the same instant: wait and retry.
      if (options.empty || attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A fresh, migrated database for one test file, copied from the run's template. */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void>; url?: string }> {
  if (onPostgres) {
    const scratch = await scratchPostgres();
    const database = await openDatabase(scratch.url, { poolMax: 20 });
    return {
      ...database,
      url: scratch.url,
      async drop() {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const database = await openDatabase("pglite:memory:", { pgliteDump: dump });
  return { ...database, drop: () => database.close() };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL,
    LOG_LEVEL: "silent",
    ADMIN_DEFAULT_ACCESS_CODE: DEFAULT_ADMIN_CODE,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    // KYC data is encrypted with it; without one the embedded default writes a key file.
    DATA_ENCRYPTION_KEY: "0f".repeat(32),
    WEB_DIST: "/nonexistent-web-dist",
    RATE_LIMIT_MAX: "100000",
    USER_RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "100000",
    VITALS_RATE_LIMIT_MAX: "100000",
    // API tests sign up and start mining without a proof of work; test/challenge.test.ts turns it on.
    PROOF_OF_WORK: "off",
    ...overrides,
  });
}

export interface TestAppOptions {
  config?: Record<string, string>;
  mailer?: Mailer;
  chain?: Chain;
  pushAgent?: Agent;
  adminCodeNotice?: AdminCodeNotice;
}

/**
 * The real app on `database` (dropped when the app closes), with a manual clock at `now` (the
 * present unless given) and, when given, its own `logger`.
 */
export async function appOnDatabase(
  database: Database & { drop(): Promise<void> },
  options: TestAppOptions & { now?: Date; logger?: AppDeps["logger"] } = {},
) {
  const clock = manualClock(options.now ?? new Date());
  const built = await buildApp(testConfig(options.config), {
    database,
    clock,
    mailer: options.mailer,
    chain: options.chain,
    pushAgent: options.pushAgent,
    adminCodeNotice: options.adminCodeNotice,
    logger: options.logger,
  });
  await built.app.ready();
  return {
    ...built,
    db: database.db,
    database,
    clock,
    async close() {
      await built.app.close();
      await database.drop();
    },
  };
}

/** The real app on a fresh database, with a manual clock. */
export async function createTestApp(options: TestAppOptions = {}) {
  return appOnDatabase(await freshDatabase(), options);
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The app a test file (or one describe) shares: `const test = useTestApp(options)` opens it in a
 * beforeAll and, in an afterAll, checks the books (`expectLedgerBalanced`) and then closes it,
 * even when the check fails; an app that never opened is not closed, so the opening's own error
 * is the one reported. It returns a getter, exactly typed (`test().app`, `signUp(test(), …)`),
 * that throws when read before the app is open (at collection time). A file's own seeding goes in
 * a beforeAll written after this call: vitest runs a suite's beforeAll hooks in their order.
 * `useApp(open)` is the same for an app from another factory (`useKycApp`, a logged app). Files
 * with several apps, per-test apps or more teardown keep their own hooks.
 */
export function useTestApp(options: TestAppOptions = {}): () => TestApp {
  return useApp(() => createTestApp(options));
}

export function useApp<App extends Pick<TestApp, "db" | "close">>(
  open: () => Promise<App>,
): () => App {
  let opened: App | undefined;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => {
    if (!opened) return;
    try {
      await expectLedgerBalanced(opened);
    } finally {
      await opened.close();
    }
  });
  return () => {
    if (!opened) throw new Error("the test app opens in beforeAll: read it in a hook or a test");
    return opened;
  };
}

/**
 * `count` apps on ONE fresh PostgreSQL database, each with its own connection pool and event bus
 * (as separate server processes have), all on one manual clock: what crosses processes crosses
 * here through the database alone. PostgreSQL only (the embedded database allows one process).
 */
export async function createTestApps(count: number, options: TestAppOptions = {}) {
  const first = await freshDatabase();
  if (!first.url) throw new Error("createTestApps needs TEST_DATABASE_URL (PostgreSQL)");
  const clock = manualClock(new Date());
  // Another pool on the same database: dropping it only closes it.
  const alsoOpen = (opened: Database) => ({ ...opened, drop: () => opened.close() });
  const apps: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    const database =
      i === 0 ? first : await openDatabase(first.url, { poolMax: 10 }).then(alsoOpen);
    const built = await buildApp(testConfig(options.config), {
      database,
      clock,
      mailer: options.mailer,
      chain: options.chain,
      adminCodeNotice: options.adminCodeNotice,
    });
    await built.app.ready();
    apps.push({
      ...built,
      db: database.db,
      database,
      clock,
      async close() {
        await built.app.close();
        if (database !== first) await database.drop();
      },
    });
  }
  return {
    apps,
    clock,
    async close() {
      await Promise.all(apps.map((app) => app.close()));
      await first.drop();
    },
  };
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** A browser-like client: keeps cookies, sends the app's Origin. */
export function client(test: TestApp, options: { language?: string; ip?: string } = {}) {
  const jar = new Map<string, string>();
  async function request(method: Method, url: string, body?: unknown) {
    const headers: Record<string, string> = { origin: PUBLIC_URL };
    if (options.language) headers["accept-language"] = options.language;
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await test.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? "127.0.0.1",
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const setCookie = response.headers["set-cookie"];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
  return {
    jar,
    get: (url: string) => request("GET", url),
    post: (url: string, body: unknown = {}) => request("POST", url, body),
    patch: (url: string, body: unknown) => request("PATCH", url, body),
    put: (url: string, body: unknown) => request("PUT", url, body),
    delete: (url: string) => request("DELETE", url),
  };
}

export type Client = ReturnType<typeof client>;
/** A signed-up user with a verified email (`verifiedUser`): its client, `me` and credentials. */
export type VerifiedUser = Awaited<ReturnType<typeof verifiedUser>>;
/** An admin whose console session is elevated (`elevatedAdmin`). */
export type ElevatedAdmin = Awaited<ReturnType<typeof elevatedAdmin>>;

let counter = 0;
export function uniqueUser(prefix = "user") {
  counter += 1;
  const id = `${prefix}${counter}${randomBytes(2).toString("hex")}`.slice(0, 20);
  return { email: `${id}@example.com`, password: "Str0ng!pass", nickname: id };
}

export async function signUp(
  test: TestApp,
  user = uniqueUser(),
  extra: Record<string, unknown> = {},
  options: { language?: string; ip?: string } = {},
) {
  const c = client(test, options);
  const response = await c.post("/api/auth/sign-up/email", {
    ...user,
    name: user.nickname,
    ...extra,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const me = (await c.get("/api/me")).json();
  return { client: c, user, me };
}

/** Follows the verification link of the newest mail to this address (read from the outbox table,
 * so it works whether or not DEV_ROUTES exposes the outbox). */
export async function verifyEmail(test: Pick<TestApp, "app" | "db">, email: string) {
  const link = (await outbox(test, email))[0]?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
  if (!link) throw new Error(`no verification link for ${email}`);
  const url = new URL(link);
  return test.app.inject({ url: url.pathname + url.search });
}

/** A signed-up user whose e-mail is verified (mining needs it). */
export async function verifiedUser(
  test: TestApp,
  prefix = "miner",
  extra: Record<string, unknown> = {},
) {
  const signed = await signUp(test, uniqueUser(prefix), extra);
  await verifyEmail(test, signed.user.email);
  return signed;
}

/** Mails the outbox transport kept for one address, newest first (read from the database, so it
 * works whatever DEV_ROUTES says). */
export async function outbox(
  test: Pick<TestApp, "db"> & Partial<Pick<TestApp, "effects">>,
  email: string,
) {
  // Mails recorded with a change leave after its commit, through the outbox: what is due now is
  // sent before the mailbox is read.
  await test.effects?.settle();
  return readOutbox(test.db, email.trim().toLowerCase());
}

/** A verified user promoted to admin (not elevated). */
export async function promotedAdmin(test: TestApp, prefix = "admin") {
  const signed = await signUp(test, uniqueUser(prefix));
  await verifyEmail(test, signed.user.email);
  if (!(await setRoleByEmail(test.db, signed.user.email, "admin"))) throw new Error("no such user");
  return signed;
}

/** A verified admin whose session is elevated with the default access code (POST /api/admin/access). */
export async function elevatedAdmin(test: TestApp, prefix = "boss") {
  const admin = await promotedAdmin(test, prefix);
  const granted = await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
  if (granted.statusCode !== 200) throw new Error(`elevation failed: ${granted.body}`);
  return admin;
}

/** The lines of the app's /metrics that start with `prefix` (the test calls from this machine). */
export const metricLines = async (app: Pick<TestApp, "app">, prefix: string) =>
  (await app.app.inject({ url: "/metrics" })).body
    .split("\n")
    .filter((line) => line.startsWith(prefix));

/** The books balance: every user's ledger entries sum to their balance (what `npm run
 * ledger:verify` checks). Every API test file runs it on each of its apps before closing them. */
export async function expectLedgerBalanced(test: Pick<TestApp, "db">) {
  expect(await findLedgerMismatches(test.db)).toEqual([]);
}

/** Credits `fre` whole FRE to a user as a bonus (a test's starting balance), `label` in its reference. */
export async function fundUser(
  test: Pick<TestApp, "db" | "clock">,
  userId: string,
  fre: bigint,
  label = "test",
) {
  await test.db.transaction((tx) =>
    credit(tx, {
      userId,
      kind: "bonus",
      amountNano: fre * 1_000_000_000n,
      reference: `${label}:${userId}:${Math.random()}`,
      at: test.clock.now(),
    }),
  );
}

/** A mining credit of `fre` through the money kernel, at `at` (what a claim writes). */
export async function creditMined(
  test: Pick<TestApp, "db">,
  userId: string,
  fre: string,
  at: Date,
) {
  await test.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await credit(tx, {
      userId,
      kind: "mining",
      amountNano: parseFre(fre),
      reference: `test-mine:${userId}:${at.getTime()}:${Math.random()}`,
      at,
      countsAsMined: true,
    });
  });
}

/** Starts the user's mining session (its answer must be 200). */
export async function startMining(user: { client: Client }) {
  const response = await user.client.post("/api/mining/start");
  expect(response.statusCode, response.body).toBe(200);
}

/** `owner` names `member` in their security circle (the answer must be 200). */
export async function nameInCircle(
  owner: { client: Client },
  member: { user: { nickname: string } },
) {
  const response = await owner.client.post("/api/circle", { userRef: member.user.nickname });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Opens `GET /api/events` at `address` (a listening app, over a real socket) with the client's
 * cookies; `until` reads the stream up to `marker` (10 s at most).
 */
export async function openEventStream(address: string, c: { jar: Map<string, string> }) {
  const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  let text = "";
  return {
    address,
    response,
    async until(marker: string) {
      const deadline = setTimeout(() => controller.abort(), 10_000);
      try {
        while (!text.includes(marker)) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
      } finally {
        clearTimeout(deadline);
      }
      return text;
    },
    close: () => controller.abort(),
  };
}

/** A user's active mining session: what it has accrued, since when, at what rate. */
export async function activeSession(test: Pick<TestApp, "db">, userId: string) {
  const [row] = await test.db
    .select({
      accruedNano: miningSessions.accruedNano,
      segmentStart: miningSessions.segmentStart,
      rateNano: miningSessions.rateNano,
    })
    .from(miningSessions)
    .where(and(eq(miningSessions.userId, userId), eq(miningSessions.status, "active")));
  return row;
}

/** An answer as its status, a refusal with its error code too (`409 WITHDRAWAL_PENDING`). */
export function answerOutcome(answer: { statusCode: number; json(): { error?: string } }) {
  if (answer.statusCode < 400) return String(answer.statusCode);
  let code = "?";
  try {
    code = answer.json().error ?? "?";
  } catch {
    // Not JSON: the status alone says what went wrong.
  }
  return `${answer.statusCode} ${code}`;
}

/**
 * `real`, but each send (one payout, or a batch: decision 0075) throws `message` once the chain
 * has taken it: a worker killed after the message left, before it wrote what the chain answered.
 */
export function crashAfterSend(real: Chain, message: string): Chain {
  return {
    ...real,
    sendPayout: async (request) => {
      await real.sendPayout(request);
      throw new Error(message);
    },
    ...(real.sendPayouts && {
      sendPayouts: async (requests) => {
        await real.sendPayouts!(requests);
        throw new Error(message);
      },
    }),
  };
}
