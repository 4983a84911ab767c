/**
 * Several server processes on one PostgreSQL database (decision 0037): three apps, each with its
 * own connection pool, event bus and caches, share nothing but the database — what one process
 * does, the others see. PostgreSQL only (the embedded database allows one process).
 */
import { randomUUID } from "node:crypto";
import { SESSION_DURATION_MS } from "@fre/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_CACHE_MS } from "../src/http/viewer.ts";
import { sweepSessionEndings } from "../src/modules/notifications/notifications.service.ts";
import {
  type Client,
  client,
  createTestApps,
  DEFAULT_ADMIN_CODE,
  expectLedgerBalanced,
  onPostgres,
  openEventStream,
  promotedAdmin,
  signUp,
  type TestApp,
  uniqueUser,
  verifiedUser,
} from "./helpers.ts";
import { fundForWithdrawal, newTonWallet, tonProofBody } from "./ton-helpers.ts";

/** The same signed-in browser talking to another process (a load balancer's next pick). */
function sameBrowserOn(app: TestApp, c: Client, ip?: string): Client {
  const other = client(app, { ip });
  for (const [name, value] of c.jar) other.jar.set(name, value);
  return other;
}

describe.runIf(onPostgres)("three server processes on one database", () => {
  let group: Awaited<ReturnType<typeof createTestApps>>;
  let a: TestApp;
  let b: TestApp;
  let c: TestApp;
  beforeAll(async () => {
    group = await createTestApps(3);
    [a, b, c] = group.apps as [TestApp, TestApp, TestApp];
  });
  afterAll(async () => {
    try {
      await expectLedgerBalanced(a);
    } finally {
      await group.close();
    }
  });

  it("delivers to a stream on B the notification a request on A caused", async () => {
    const { client: onA } = await verifiedUser(a, "sse");
    const stream = await openEventStream(await b.app.listen({ port: 0, host: "127.0.0.1" }), onA);
    try {
      expect(stream.response.status).toBe(200);
      await stream.until("retry:");
      expect((await onA.post("/api/mining/start")).statusCode).toBe(200);
      group.clock.advance(SESSION_DURATION_MS);
      expect((await onA.post("/api/mining/claim")).statusCode).toBe(200);
      await a.effects.settle();
      const text = await stream.until("event: notification");
      expect(text).toContain("event: notification");
      expect(text).toContain("mining_session_claim");
    } finally {
      stream.close();
    }
  });

  it("counts a per-user limit on A, B and C together", async () => {
    const { client: onA } = await signUp(a);
    const onB = sameBrowserOn(b, onA);
    const onC = sameBrowserOn(c, onA);
    // GET /api/ton/proof-payload allows 20 a minute per user, whichever process answers.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await (i % 2 === 0 ? onA : onB).get("/api/ton/proof-payload")).statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await onC.get("/api/ton/proof-payload");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another user's count is their own.
    const { client: other } = await signUp(b);
    expect((await other.get("/api/ton/proof-payload")).statusCode).toBe(200);
  });

  it("sends each end-of-session notice once when all three run the sweep", async () => {
    const users = await Promise.all([verifiedUser(a, "end"), verifiedUser(b, "end")]);
    for (const { client: user } of users) await user.post("/api/mining/start");
    group.clock.advance(SESSION_DURATION_MS - 30_000);
    const deps = (app: TestApp) => ({ db: app.db, clock: group.clock, events: app.events });
    await Promise.all([a, b, c, a, b, c].map((app) => sweepSessionEndings(deps(app))));
    await Promise.all([a, b, c].map((app) => sweepSessionEndings(deps(app))));
    // Each notice is delivered by whichever process claims its effect first.
    await Promise.all([a, b, c].map((app) => app.effects.settle()));
    for (const { client: user } of users) {
      const items = (await user.get("/api/notifications")).json().items as { type: string }[];
      expect(items.filter((n) => n.type === "mining_session_end")).toHaveLength(1);
    }
  });

  it("answers a replayed idempotency key on B with A's first answer", async () => {
    const { client: onA, me } = await verifiedUser(a, "idem");
    // The ton_proof challenge is issued by A and spent on B.
    const wallet = newTonWallet();
    const body = await tonProofBody(a, onA, wallet);
    expect((await sameBrowserOn(b, onA).post("/api/ton/wallet", body)).statusCode).toBe(200);
    expect((await onA.post("/api/ton/wallet", body)).statusCode).not.toBe(200);
    await fundForWithdrawal(a, me.id, "100");
    const key = `cross-${randomUUID()}`;
    const ask = (app: TestApp, amount: string) =>
      app.app.inject({
        method: "POST",
        url: "/api/withdrawals",
        headers: {
          origin: "http://localhost:3000",
          cookie: [...onA.jar].map(([k, v]) => `${k}=${v}`).join("; "),
          "idempotency-key": key,
          "content-type": "application/json",
        },
        payload: JSON.stringify({ amount }),
      });
    const first = await ask(a, "30");
    expect(first.statusCode).toBe(201);
    const [onB, onC] = await Promise.all([ask(b, "30"), ask(c, "30")]);
    expect(onB.statusCode).toBe(201);
    expect(onB.json()).toEqual(first.json());
    expect(onC.json()).toEqual(first.json());
    // The same key for another amount is refused, whichever process hears it.
    expect((await ask(b, "31")).statusCode).toBe(422);
    const list = (await sameBrowserOn(c, onA).get("/api/withdrawals")).json();
    expect(list.items).toHaveLength(1);
    expect(list.limits.balance).toBe("70.000000000");
  });

  it("honours on B an elevation granted on A, and ends it on both", async () => {
    const { client: onA } = await promotedAdmin(a, "elev");
    const onB = sameBrowserOn(b, onA);
    expect((await onB.get("/api/admin/summary")).statusCode).toBe(403);
    expect((await onA.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
      200,
    );
    expect((await onB.get("/api/admin/summary")).statusCode).toBe(200);
    expect((await onB.get("/api/admin/access")).json().elevated).toBe(true);
    // Revoked on A: refused at once on A and on B (no process caches an elevation).
    expect((await onA.delete("/api/admin/access")).statusCode).toBe(204);
    expect((await onB.get("/api/admin/summary")).statusCode).toBe(403);
    expect((await onA.get("/api/admin/summary")).statusCode).toBe(403);
    // Granted again on B; it ends on its own after ADMIN_ELEVATION_MINUTES without a call.
    expect((await onB.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
      200,
    );
    expect((await onA.get("/api/admin/summary")).statusCode).toBe(200);
    group.clock.advance(30 * 60_000 + SESSION_CACHE_MS);
    expect((await onA.get("/api/admin/summary")).statusCode).toBe(403);
    expect((await onB.get("/api/admin/summary")).statusCode).toBe(403);
  });

  it("shows new bet limits set on A on B and C at once (their caches are told)", async () => {
    const { client: player } = await signUp(b);
    const onC = sameBrowserOn(c, player);
    const limitsOn = async (p: Client) => (await p.get("/api/games")).json().limits;
    // B and C read the limits into their 30 s caches (the test clock does not move here).
    expect(await limitsOn(player)).toEqual({ minBet: "1", maxBet: "10000" });
    expect(await limitsOn(onC)).toEqual({ minBet: "1", maxBet: "10000" });
    const { client: admin } = await promotedAdmin(a, "limits");
    expect((await admin.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
      200,
    );
    const set = await admin.put("/api/admin/games/limits", { minBet: "5", maxBet: "50" });
    expect(set.statusCode).toBe(200);
    await expect.poll(() => limitsOn(player)).toEqual({ minBet: "5", maxBet: "50" });
    await expect.poll(() => limitsOn(onC)).toEqual({ minBet: "5", maxBet: "50" });
    await admin.put("/api/admin/games/limits", { minBet: "1", maxBet: "10000" });
    await expect.poll(() => limitsOn(player)).toEqual({ minBet: "1", maxBet: "10000" });
  });

  it("locks a sign-in after failures spread over A, B and C", async () => {
    const { user } = await signUp(a);
    const signIn = (app: TestApp, password: string) =>
      client(app, { ip: "10.78.0.1" }).post("/api/auth/sign-in/email", {
        email: user.email,
        password,
      });
    // Five wrong passwords from one address, wherever they land, lock that address out.
    for (const app of [a, b, c, a, b]) {
      expect((await signIn(app, "Wrong!pass1")).statusCode).toBe(401);
    }
    expect((await signIn(c, user.password)).statusCode).toBe(429);
  });

  it("signs a browser out of every process: the others drop their cached session", async () => {
    const { client: onA } = await signUp(a);
    const onB = sameBrowserOn(b, onA);
    const onC = sameBrowserOn(c, onA);
    expect((await onB.get("/api/me")).statusCode).toBe(200);
    expect((await onC.get("/api/me")).statusCode).toBe(200);
    expect((await onA.post("/api/auth/sign-out")).statusCode).toBe(200);
    // The signal reaches B and C through NOTIFY; their 15 s session cache is dropped.
    await expect.poll(async () => (await onB.get("/api/me")).statusCode).toBe(401);
    await expect.poll(async () => (await onC.get("/api/me")).statusCode).toBe(401);
  });
});

// Every check waits for the shared count here (RATE_LIMIT_SYNC_MS=0); the counts shared in
// batches, and their tolerance, are tested in rate-limit-store.test.ts.
describe.runIf(onPostgres)("the limits of two processes, counted in PostgreSQL", () => {
  let group: Awaited<ReturnType<typeof createTestApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    group = await createTestApps(2, {
      config: {
        RATE_LIMIT_MAX: "6",
        AUTH_RATE_LIMIT_MAX: "4",
        USER_RATE_LIMIT_MAX: "5",
        RATE_LIMIT_SYNC_MS: "0",
      },
    });
    [a, b] = group.apps as [TestApp, TestApp];
  });
  afterAll(() => group.close());

  it("counts the per-address guard across processes", async () => {
    const onA = client(a, { ip: "10.77.0.1" });
    const onB = client(b, { ip: "10.77.0.1" });
    for (let i = 0; i < 6; i++) {
      expect((await (i % 2 ? onA : onB).get("/api/features")).statusCode).toBe(200);
    }
    const refused = await onA.get("/api/features");
    expect(refused.statusCode).toBe(429);
    // Another address is not affected.
    expect((await client(b, { ip: "10.77.0.2" }).get("/api/features")).statusCode).toBe(200);
  });

  it("counts the auth scope's limit across processes", async () => {
    const onA = client(a, { ip: "10.77.1.1" });
    const onB = client(b, { ip: "10.77.1.1" });
    for (let i = 0; i < 4; i++) {
      expect((await (i % 2 ? onA : onB).post("/api/auth/sign-up/email", {})).statusCode).toBe(400);
    }
    expect((await onB.post("/api/auth/sign-up/email", {})).statusCode).toBe(429);
  });

  it("counts a user's fair share across processes", async () => {
    const { client: onA } = await signUp(a, uniqueUser(), {}, { ip: "10.77.2.1" });
    const onB = sameBrowserOn(b, onA, "10.77.2.1");
    // signUp read /api/me once on A: 4 more are allowed, on either process.
    for (let i = 0; i < 4; i++) {
      expect((await (i % 2 ? onA : onB).get("/api/me")).statusCode).toBe(200);
    }
    expect((await onB.get("/api/me")).statusCode).toBe(429);
  });
});
