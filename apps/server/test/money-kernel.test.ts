/**
 * The money kernel (credit, debit, hold, release) and the idempotency helper, against the real
 * database: concurrent debits never overdraw, a replayed key answers what was stored, another body
 * with the same key is refused. Concurrency is real on PostgreSQL (PGlite serializes).
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../src/db/schema/index.ts";
import { idempotent } from "../src/modules/ledger/idempotency.ts";
import { credit, debit, debitThenCredit, hold, release } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { signUp, useTestApp } from "./helpers.ts";

const FRE = 1_000_000_000n;
const test = useTestApp();

async function userWith(balanceFre: bigint) {
  const { me } = await signUp(test());
  const userId = me.id as string;
  if (balanceFre > 0n) {
    await test().db.transaction((tx) =>
      credit(tx, {
        userId,
        kind: "bonus",
        amountNano: balanceFre * FRE,
        reference: `seed:${userId}`,
        at: test().clock.now(),
      }),
    );
  }
  return userId;
}

async function balanceOf(userId: string) {
  const { db } = test();
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

const attempt = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return "ok";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

describe("the money kernel", () => {
  it("credits and debits once per (kind, reference)", async () => {
    const userId = await userWith(5n);
    const m = {
      userId,
      kind: "game" as const,
      amountNano: 2n * FRE,
      reference: "bet-1",
      at: new Date(),
    };
    expect(await test().db.transaction((tx) => debit(tx, m))).toBe(true);
    expect(await test().db.transaction((tx) => debit(tx, m))).toBe(false);
    expect(await balanceOf(userId)).toBe(3n * FRE);
  });

  it("refuses to overdraw with INSUFFICIENT_BALANCE, and rolls the transaction back", async () => {
    const userId = await userWith(1n);
    const outcome = await attempt(() =>
      test().db.transaction(async (tx) => {
        await credit(tx, {
          userId,
          kind: "bonus",
          amountNano: FRE,
          reference: `same-tx:${userId}`,
          at: new Date(),
        });
        await debit(tx, {
          userId,
          kind: "game",
          amountNano: 5n * FRE,
          reference: `too-much:${userId}`,
          at: new Date(),
        });
      }),
    );
    expect(outcome).toBe("INSUFFICIENT_BALANCE");
    expect(await balanceOf(userId)).toBe(FRE);
  });

  it("a bet and its win in one statement: the bet must fit alone, once per reference", async () => {
    const userId = await userWith(5n);
    const play = (bet: bigint, win: bigint | null, id: string) =>
      test().db.transaction((tx) =>
        debitThenCredit(tx, {
          userId,
          kind: "game",
          bet: { amountNano: bet * FRE, reference: `bet:${id}` },
          win: win === null ? undefined : { amountNano: win * FRE, reference: `win:${id}` },
          at: new Date(),
        }),
      );
    const rowsOf = (id: string) => {
      const { db } = test();
      return db
        .select({ amount: ledgerEntries.amountNano, reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.userId} = ${userId} and ${ledgerEntries.reference} like ${`%:${id}`}`,
        );
    };
    // A win that would cover it does not make an overdrawing bet acceptable.
    expect(await attempt(() => play(6n, 100n, "p1"))).toBe("INSUFFICIENT_BALANCE");
    expect(await rowsOf("p1")).toEqual([]);
    expect(await balanceOf(userId)).toBe(5n * FRE);
    // Bet 5, win 3: both rows, the balance moved by the net.
    expect(await play(5n, 3n, "p2")).toBe(3n * FRE);
    expect((await rowsOf("p2")).map((r) => r.amount).sort()).toEqual([-5n * FRE, 3n * FRE]);
    // The same play again moves nothing.
    expect(await play(5n, 3n, "p2")).toBe(3n * FRE);
    expect(await rowsOf("p2")).toHaveLength(2);
    // A losing bet: no win row.
    expect(await play(3n, null, "p3")).toBe(0n);
    expect(await rowsOf("p3")).toHaveLength(1);
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("concurrent debits never overdraw: exactly balance / amount succeed", async () => {
    const userId = await userWith(10n);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attempt(() =>
          test().db.transaction((tx) =>
            debit(tx, {
              userId,
              kind: "game",
              amountNano: 3n * FRE,
              reference: `race:${userId}:${i}`,
              at: new Date(),
            }),
          ),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "INSUFFICIENT_BALANCE")).toHaveLength(17);
    expect(await balanceOf(userId)).toBe(FRE);
  });

  it("holds and releases exactly the held amount, once", async () => {
    const userId = await userWith(40n);
    const at = new Date();
    await test().db.transaction((tx) =>
      hold(tx, { userId, amountNano: 30n * FRE, reference: "w-1", at }),
    );
    expect(await balanceOf(userId)).toBe(10n * FRE);
    const released = await Promise.all(
      Array.from({ length: 4 }, () =>
        test().db.transaction((tx) => release(tx, { userId, reference: "w-1", at })),
      ),
    );
    expect(released.filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(40n * FRE);
    expect(
      await attempt(() =>
        test().db.transaction((tx) => release(tx, { userId, reference: "none", at })),
      ),
    ).toBe("NOT_FOUND");
  });

  it("the database refuses an unknown ledger kind", async () => {
    const userId = await userWith(0n);
    const outcome = await attempt(() =>
      test().db.execute(
        sql`insert into ledger_entries (user_id, kind, amount_nano, reference, created_at)
            values (${userId}, 'gift', 1, 'x', now())`,
      ),
    );
    expect(outcome).not.toBe("ok");
  });
});

describe("idempotency keys", () => {
  const request = (userId: string, key: string, body: unknown) => ({
    userId,
    key,
    operation: "test.debit",
    body,
    at: new Date(),
  });

  it("runs once; a replay answers the stored answer; another body is refused", async () => {
    const userId = await userWith(5n);
    let runs = 0;
    const operation = (reference: string) => async (tx: Parameters<typeof debit>[0]) => {
      runs += 1;
      await debit(tx, { userId, kind: "game", amountNano: FRE, reference, at: new Date() });
      return { statusCode: 201, body: { reference, balanceAfterRun: runs } };
    };
    const first = await idempotent(
      test().db,
      request(userId, "key-00000001", { amount: "1" }),
      operation("k1"),
    );
    const again = await idempotent(
      test().db,
      request(userId, "key-00000001", { amount: "1" }),
      operation("k1b"),
    );
    expect(first).toEqual({
      statusCode: 201,
      body: { reference: "k1", balanceAfterRun: 1 },
      replayed: false,
    });
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs).toBe(1);
    expect(
      await attempt(() =>
        idempotent(test().db, request(userId, "key-00000001", { amount: "2" }), operation("k1c")),
      ),
    ).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(userId)).toBe(4n * FRE);
  });

  it("concurrent requests with one key move money once and all get the same answer", async () => {
    const userId = await userWith(5n);
    let runs = 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        idempotent(test().db, request(userId, "key-concurrent", { amount: "1" }), async (tx) => {
          runs += 1;
          await debit(tx, {
            userId,
            kind: "game",
            amountNano: FRE,
            reference: `c:${userId}`,
            at: new Date(),
          });
          return { statusCode: 201, body: { ok: true } };
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    for (const a of answers) expect(a.body).toEqual({ ok: true });
    expect(await balanceOf(userId)).toBe(4n * FRE);
  });

  it("a failed operation keeps no key: the retry runs", async () => {
    const userId = await userWith(1n);
    const failing = await attempt(() =>
      idempotent(test().db, request(userId, "key-failing1", {}), async (tx) => {
        await debit(tx, {
          userId,
          kind: "game",
          amountNano: 9n * FRE,
          reference: "f",
          at: new Date(),
        });
        return { statusCode: 201, body: {} };
      }),
    );
    expect(failing).toBe("INSUFFICIENT_BALANCE");
    const retried = await idempotent(test().db, request(userId, "key-failing1", {}), async () => ({
      statusCode: 200,
      body: { second: true },
    }));
    expect(retried).toEqual({ statusCode: 200, body: { second: true }, replayed: false });
  });
});
