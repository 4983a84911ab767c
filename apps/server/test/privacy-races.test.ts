/**
 * The erasure against what may run at the same moment (decision 0028): a withdrawal request, an
 * incoming shop payment, the money paths of an account already erased, and the export's bounds.
 * Real concurrency on PostgreSQL (TEST_DATABASE_URL): a deadlock is answered 500 or rejects the
 * payment reader; the embedded database serializes the same calls, where the same checks hold.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import {
  gameBets,
  gameSeedPairs,
  ledgerEntries,
  miningSessions,
  notifications,
  shopOrders,
  shopPayments,
  supportTickets,
  tonWallets,
  userPacks,
  users,
} from "../src/db/schema/index.ts";
import { lazyDataCipher } from "../src/lib/data-encryption.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import {
  type MiningDeps,
  settleMining,
  startMining,
} from "../src/modules/mining/mining.service.ts";
import { applyIncomingTransfer } from "../src/modules/shop/shop-payments.ts";
import { buildUserExport } from "../src/modules/users/users-export.ts";
import {
  answerOutcome,
  type Client,
  elevatedAdmin,
  onPostgres,
  PUBLIC_URL,
  testConfig,
  verifiedUser,
} from "./helpers.ts";
import { DATA_KEY, useKycApp } from "./kyc-fixtures.ts";

const test = useKycApp();

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");
const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function erase(c: Client, password: string) {
  return test().app.inject({
    method: "DELETE",
    url: "/api/me",
    headers: { origin: PUBLIC_URL, cookie: cookieOf(c) },
    payload: { password },
  });
}

function requestWithdrawal(c: Client, amount: string) {
  return test().app.inject({
    method: "POST",
    url: "/api/withdrawals",
    headers: {
      origin: PUBLIC_URL,
      cookie: cookieOf(c),
      "idempotency-key": `erase-race-${randomUUID()}`,
      "content-type": "application/json",
    },
    payload: JSON.stringify({ amount }),
  });
}

const outcome = answerOutcome;

async function give(userId: string, fre: string) {
  await test().db.transaction((tx) =>
    credit(tx, {
      userId,
      kind: "bonus",
      amountNano: parseFre(fre),
      reference: `privacy-races:${randomUUID()}`,
      at: test().clock.now(),
    }),
  );
}

/** A verified user with FRE, an approved identity check and a linked wallet: they may withdraw. */
async function withdrawer() {
  const { db } = test();
  const signed = await verifiedUser(test(), "erwd");
  await db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, signed.me.id));
  await db.insert(tonWallets).values({
    userId: signed.me.id,
    address: `0:${hex(32)}`,
    network: "-3",
    publicKey: hex(32),
    linkedAt: test().clock.now(),
  });
  await give(signed.me.id, "100");
  return signed;
}

describe("erasure racing a withdrawal request", () => {
  it("20 at once (1 erasure, 19 requests), several times: one side wins cleanly, never a 5xx", async () => {
    // The withdrawals start a little later each round, so the erasure's transaction meets them
    // at every stage (before, while and after it holds the user's row).
    for (const delay of [0, 5, 15, 30, 60]) {
      const { client: c, me, user } = await withdrawer();
      const erasure = erase(c, user.password);
      await sleep(delay);
      const requests = await Promise.all(
        Array.from({ length: 19 }, () => requestWithdrawal(c, "30")),
      );
      const erased = outcome(await erasure);
      const seen = requests.map(outcome);
      const summary = `${delay} ms: erasure ${erased}; ${seen.join(", ")}`;
      expect(
        [erased, ...seen].filter((s) => s.startsWith("5")),
        summary,
      ).toEqual([]);
      const created = seen.filter((s) => s === "201").length;
      if (erased === "204") {
        // The erasure went first: no withdrawal after it; the requests were refused as signed out.
        expect(created, summary).toBe(0);
        for (const s of seen) expect(["401 UNAUTHORIZED"], summary).toContain(s);
        const [row] = await test().db.select().from(users).where(eq(users.id, me.id));
        expect(row!.erasedAt, summary).not.toBeNull();
        expect(row!.balance, summary).toBe(parseFre("100"));
      } else {
        // A withdrawal went first: it is pending and the erasure waits for it.
        expect(erased, summary).toBe("409 ERASURE_WITHDRAWAL_PENDING");
        expect(created, summary).toBe(1);
        for (const s of seen.filter((s) => s !== "201")) {
          expect(["409 WITHDRAWAL_PENDING"], summary).toContain(s);
        }
        expect((await c.get("/api/me")).statusCode, summary).toBe(200);
      }
    }
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });
});

describe("erasure racing an incoming shop payment", () => {
  it("payments of an open order during the erasure: no deadlock, no grant to the erased account", async () => {
    const { db } = test();
    for (const delay of [0, 5, 15, 30, 60, 100]) {
      const { client: c, me, user } = await verifiedUser(test(), "erpay");
      const created = await c.post("/api/shop/orders", { itemId: "FRE1" });
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json();
      const price = parseFre(order.priceTon);
      const erasure = erase(c, user.password);
      await sleep(delay);
      // A stream of quarter payments spread over the erasure's time: some land before it, some
      // while it holds the user's row, some after.
      const payments: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) {
        payments.push(
          applyIncomingTransfer(test().shop.deps, {
            txHash: `erase-race-${hex(16)}`,
            lt: String(Date.now() * 1000 + i),
            from: `0:${hex(32)}`,
            amountNano: price / 4n,
            comment: order.comment,
            at: test().clock.now(),
          }),
        );
        await sleep(3);
      }
      const outcomes = await Promise.all(payments);
      const summary = `${delay} ms: ${outcomes.join(", ")}`;
      expect((await erasure).statusCode, summary).toBe(204);
      for (const o of outcomes) {
        expect(["partial", "paid", "duplicate", "late", "unmatched"], summary).toContain(o);
      }
      const [row] = await db.select().from(shopOrders).where(eq(shopOrders.id, order.id));
      const packs = await db.select().from(userPacks).where(eq(userPacks.userId, me.id));
      if (outcomes.includes("paid")) {
        // Paid before the erasure: kept for the books, granted once.
        expect(row?.status, summary).toBe("paid");
        expect(packs, summary).toHaveLength(1);
      } else {
        // The erasure went first: the order went (nothing received) or closed (some received);
        // what arrived after it waits for a refund, and nothing was granted.
        expect(packs, summary).toHaveLength(0);
        if (row) expect(row.status, summary).toBe("expired");
        const afterwards = outcomes.filter((o) => o === "late" || o === "unmatched");
        expect(afterwards.length, summary).toBeGreaterThan(0);
      }
      // Whatever the order, the order holds exactly what its counted payments brought.
      if (row) {
        const counted = await db
          .select({ amount: shopPayments.amountNano })
          .from(shopPayments)
          .where(
            and(
              eq(shopPayments.orderId, order.id),
              sql`${shopPayments.outcome} in ('partial', 'paid')`,
            ),
          );
        const sum = counted.reduce((total, p) => total + p.amount, 0n);
        expect(row.receivedNano, summary).toBe(sum);
      }
    }
    expect(await findLedgerMismatches(db)).toEqual([]);
  });
});

/**
 * On PostgreSQL, waits until `n` sessions of this test's database wait for a lock (the meeting is
 * set up, not hoped for); the embedded database has one session: a pause stands for it.
 */
async function waitersReach(n: number) {
  if (!onPostgres) return sleep(300);
  for (let i = 0; i < 400; i++) {
    const [row] = rowsOf<{ n: number }>(
      await test().db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    );
    if (row!.n >= n) return;
    await sleep(25);
  }
  throw new Error(`fewer than ${n} sessions waiting for a lock`);
}

describe("erasure and payment meeting on the user's row", () => {
  it("a payment arriving while the erasure holds the user: it waits, then finds the order gone", async () => {
    // A deterministic meeting, three times: a third transaction holds the user's support ticket,
    // so the erasure stops after locking the user and before touching the orders; the payment
    // arrives then. Locking the order first (then the user, for the grant) deadlocks here.
    for (let round = 0; round < 3; round++) {
      const { client: c, me, user } = await verifiedUser(test(), "erlock");
      await test().db.insert(supportTickets).values({
        userId: me.id,
        subject: "Hold",
        createdAt: test().clock.now(),
        updatedAt: test().clock.now(),
      });
      const created = await c.post("/api/shop/orders", { itemId: "FRE1" });
      expect(created.statusCode, created.body).toBe(201);
      const order = created.json();
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held!: () => void;
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const holder = test().db.transaction(async (tx) => {
        await tx
          .select({ id: supportTickets.id })
          .from(supportTickets)
          .where(eq(supportTickets.userId, me.id))
          .for("update");
        held();
        await released;
      });
      await holding;
      const erasure = erase(c, user.password);
      await waitersReach(1);
      const payment = applyIncomingTransfer(test().shop.deps, {
        txHash: `erase-lock-${hex(16)}`,
        lt: String(Date.now() * 1000 + round),
        from: `0:${hex(32)}`,
        amountNano: parseFre(order.priceTon),
        comment: order.comment,
        at: test().clock.now(),
      });
      await waitersReach(2);
      release();
      await holder;
      const [erased, paid] = await Promise.allSettled([erasure, payment]);
      expect(erased.status === "fulfilled" && erased.value.statusCode, String(round)).toBe(204);
      const packs = await test().db.select().from(userPacks).where(eq(userPacks.userId, me.id));
      if (onPostgres) {
        expect(paid, String(round)).toEqual({ status: "fulfilled", value: "unmatched" });
        expect(packs).toEqual([]);
      } else {
        // The embedded database runs one transaction at a time: the payment may go first.
        expect(paid.status, String(round)).toBe("fulfilled");
        const value = paid.status === "fulfilled" ? paid.value : null;
        expect(["unmatched", "paid"]).toContain(value);
        expect(packs).toHaveLength(value === "paid" ? 1 : 0);
      }
    }
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });
});

describe("an erased account moves no money", () => {
  it("mining start and claim answer 401, never 500", async () => {
    const { db } = test();
    const miner = await verifiedUser(test(), "ermine");
    expect((await miner.client.post("/api/mining/start")).statusCode).toBe(200);
    const other = await verifiedUser(test(), "ermin2");
    expect((await erase(miner.client, miner.user.password)).statusCode).toBe(204);
    expect((await erase(other.client, other.user.password)).statusCode).toBe(204);
    // The pages are signed out; the services themselves refuse too (a request that passed the
    // sign-in check just before the erasure committed reaches them).
    const deps: MiningDeps = {
      db,
      clock: test().clock,
      events: test().shop.deps.events,
    };
    for (const run of [
      () => settleMining(deps, miner.me.id, "claim"),
      () => settleMining(deps, miner.me.id, "stop"),
      () => startMining(deps, other.me.id),
    ]) {
      await expect(run()).rejects.toMatchObject({ code: "UNAUTHORIZED", statusCode: 401 });
    }
    const sessions = await db
      .select({ status: miningSessions.status })
      .from(miningSessions)
      .where(sql`${miningSessions.userId} in (${miner.me.id}, ${other.me.id})`);
    expect(sessions).toEqual([{ status: "active" }]);
  });
});

describe("the last admin", () => {
  it("cannot erase their account while nobody else is admin; can once another is", async () => {
    const { db } = test();
    // Every admin of this database is erased or demoted first: the test owns the count.
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    const first = await elevatedAdmin(test(), "lastadm");
    const refused = await erase(first.client, first.user.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "LAST_ADMIN", message: expect.any(String) });
    expect(refused.json().message).toMatch(/administrat/);
    expect((await first.client.get("/api/me")).json().role).toBe("admin");

    const second = await elevatedAdmin(test(), "nextadm");
    // Both at once: one goes, the other stays the last one.
    const answers = await Promise.all([
      erase(first.client, first.user.password),
      erase(second.client, second.user.password),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const left = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), sql`${users.erasedAt} is null`));
    expect(left).toHaveLength(1);
  });
});

describe("the export's bounds", () => {
  /** A user with `n` ledger rows, notifications and bets. */
  async function busyUser(n: number) {
    const { db } = test();
    const signed = await verifiedUser(test(), "busy");
    const id = signed.me.id;
    const start = test().clock.now().getTime();
    const pair = randomUUID();
    await db.insert(gameSeedPairs).values({
      id: pair,
      userId: id,
      serverSeed: hex(32),
      serverSeedHash: hex(32),
      clientSeed: "busy",
      nonce: n,
      createdAt: new Date(start),
    });
    for (let i = 0; i < n; i++) {
      const at = new Date(start + i * 1000);
      await db.transaction((tx) =>
        credit(tx, { userId: id, kind: "bonus", amountNano: BigInt(i + 1), reference: hex(8), at }),
      );
      await db
        .insert(notifications)
        .values({ userId: id, type: "bonus_expiring", params: { i }, createdAt: at });
      await db.insert(gameBets).values({
        id: randomUUID(),
        userId: id,
        game: "keno",
        amountNano: 0n,
        seedPairId: pair,
        nonce: i,
        clientSeed: "busy",
        options: { i },
        outcome: {},
        multiplier: "0",
        status: "settled",
        createdAt: at,
        settledAt: at,
      });
    }
    return signed;
  }

  const exportDeps = (sectionMaxRows?: number) => ({
    db: test().db,
    clock: test().clock,
    kyc: { db: test().db, cipher: lazyDataCipher(testConfig({ DATA_ENCRYPTION_KEY: DATA_KEY })) },
    sectionMaxRows,
  });

  const countOf = async (table: typeof notifications | typeof gameBets, userId: string) => {
    const { db } = test();
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.userId, userId));
    return rows[0]!.n;
  };

  it("marks nothing truncated at or below the cap, and keeps the newest rows above it", async () => {
    const { db } = test();
    const { client: c, me } = await busyUser(5);
    const ledgerRows = await db
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, me.id))
      .orderBy(ledgerEntries.id);
    const notices = await countOf(notifications, me.id);
    expect(ledgerRows.length).toBeGreaterThanOrEqual(5);
    expect(notices).toBeGreaterThanOrEqual(5);

    // The route: the documented cap, nothing left out.
    const full = (await c.get("/api/me/export")).json();
    expect(full.sectionMaxRows).toBe(100_000);
    expect(full.truncated).toEqual({ ledger: false, gameBets: false, notifications: false });
    expect(full.ledger.map((e: { id: number }) => e.id)).toEqual(ledgerRows.map((e) => e.id));
    expect(full.notifications).toHaveLength(notices);
    expect(full.gameBets).toHaveLength(5);

    // Exactly at the cap: complete, not truncated.
    const exact = await buildUserExport(exportDeps(Math.max(ledgerRows.length, notices, 5)), me.id);
    expect(exact.truncated).toEqual({ ledger: false, gameBets: false, notifications: false });
    expect(exact.ledger).toHaveLength(ledgerRows.length);

    // Above it: the newest rows, in time order, and the section says it is incomplete.
    const small = await buildUserExport(exportDeps(3), me.id);
    expect(small.sectionMaxRows).toBe(3);
    expect(small.truncated).toEqual({ ledger: true, gameBets: true, notifications: true });
    expect(small.ledger.map((e) => e.id)).toEqual(ledgerRows.slice(-3).map((e) => e.id));
    expect(small.gameBets.map((b) => b.nonce)).toEqual([2, 3, 4]);
    expect(small.notifications.map((n) => n.params.i)).toEqual([2, 3, 4]);
    // The other sections are not capped.
    expect(small.gameSeeds).toHaveLength(1);
  });

  it("reads in one read-only REPEATABLE READ transaction on this database", async () => {
    // The options the export passes to drizzle reach the database (PGlite and PostgreSQL).
    const settings = await test().db.transaction(
      async (tx) =>
        rowsOf<{ isolation: string; readOnly: string }>(
          await tx.execute(
            sql`select current_setting('transaction_isolation') as isolation,
                       current_setting('transaction_read_only') as "readOnly"`,
          ),
        ),
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    expect(settings).toEqual([{ isolation: "repeatable read", readOnly: "on" }]);
    const { me } = await verifiedUser(test(), "snap");
    expect((await buildUserExport(exportDeps(), me.id)).profile.id).toBe(me.id);
  });
});
