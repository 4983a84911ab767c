import { randomUUID } from "node:crypto";
import { formatNano, parseFre } from "@fre/shared";
import { Address } from "@ton/core";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  buildJettonTransfer,
  JETTON_TRANSFER_OP,
  parseJettonTransfer,
} from "../src/adapters/chain/jetton-transfer.ts";
import { ledgerEntries, simChainPayouts, users, withdrawals } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import {
  type Client,
  crashAfterSend,
  createTestApp,
  elevatedAdmin,
  expectLedgerBalanced,
  outbox,
  signUp,
  type TestApp,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";
import { linkTonWallet, payoutWorkerDeps, type TestTonWallet } from "./ton-helpers.ts";

const test = useTestApp();
let admin: Client;
let admin2: Client;

beforeAll(async () => {
  admin = (await elevatedAdmin(test(), "wdboss")).client;
  admin2 = (await elevatedAdmin(test(), "wdboss2")).client;
});

/** The payout worker's dependencies, on the app's own (database) simulated chain or another. */
const workerDeps = (chain?: Chain) => payoutWorkerDeps(test(), chain);
/** What an admin confirms in the approve dialog of a request one approval pays. */
const FINAL = { expect: "final" };

/** A verified user with approved KYC, a ton_proof wallet and `fre` FRE in the balance. */
async function withdrawer(
  fre = "100",
  options: { kyc?: boolean; wallet?: boolean } = {},
  t: TestApp = test(),
) {
  const { client: c, me, user } = await verifiedUser(t, "wd");
  if (options.kyc !== false) {
    await t.db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, me.id));
  }
  const wallet = options.wallet !== false ? await linkTonWallet(t, c) : null;
  if (fre !== "0") {
    await t.db.transaction((tx) =>
      credit(tx, {
        userId: me.id,
        kind: "bonus",
        amountNano: parseFre(fre),
        reference: `test:${randomUUID()}`,
        at: t.clock.now(),
      }),
    );
  }
  return { c, me, user, wallet: wallet as TestTonWallet };
}

let keyCounter = 0;
const newKey = () => `wd-key-${++keyCounter}-${randomUUID()}`;

/** POST /api/withdrawals as `c`, on the file's app or `options.on`, with extra `headers`. */
async function ask(
  c: Client,
  amount: string,
  key = newKey(),
  options: { on?: TestApp; headers?: Record<string, string> } = {},
) {
  return (options.on ?? test()).app.inject({
    method: "POST",
    url: "/api/withdrawals",
    headers: {
      origin: "http://localhost:3000",
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": key,
      "content-type": "application/json",
      ...options.headers,
    },
    payload: JSON.stringify({ amount }),
  });
}

/** A withdrawer with 100 FRE whose request of 30 the admin approved; `real` the app's chain. */
async function approvedFor30() {
  const withdrawing = await withdrawer("100");
  const id = (await ask(withdrawing.c, "30")).json().id;
  await admin.post(`/api/admin/withdrawals/${id}/approve`, FINAL);
  return { ...withdrawing, id, real: test().shop.deps.chain };
}

const balanceOf = async (c: Client) => (await c.get("/api/withdrawals")).json().limits.balance;
const jettonsOf = async (address: string) =>
  (await test().app.inject({ url: `/api/dev/chain/accounts/${address}` })).json().jettons;
const holds = (id: string) => {
  const { db } = test();
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, "withdrawal"), eq(ledgerEntries.reference, id)));
};

describe("withdrawal rules", () => {
  it("needs approved KYC (403 KYC_REQUIRED)", async () => {
    const { c } = await withdrawer("100", { kyc: false });
    const r = await ask(c, "30");
    expect(r.statusCode).toBe(403);
    expect(r.json().error).toBe("KYC_REQUIRED");
  });

  it("needs a ton_proof wallet (409 WALLET_REQUIRED)", async () => {
    const { c } = await withdrawer("100", { wallet: false });
    const r = await ask(c, "30");
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe("WALLET_REQUIRED");
  });

  it("refuses less than the minimum (400), which an admin can change", async () => {
    const { c } = await withdrawer("100");
    const below = await ask(c, "29.999999999");
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: "AMOUNT_BELOW_MINIMUM" });
    expect(below.json().message).toContain("30");
    const english = await ask(c, "1", newKey(), { headers: { "accept-language": "en" } });
    expect(english.json().message).toBe("The minimum withdrawal is 30 FRE.");

    // The four-eyes threshold keeps its value when only the minimum is sent.
    expect((await admin.put("/api/admin/withdrawals/settings", { minimum: "50" })).json()).toEqual({
      minimum: "50.000000000",
      secondApprovalAbove: "1000.000000000",
    });
    expect((await c.get("/api/withdrawals")).json().limits.minimum).toBe("50.000000000");
    expect((await ask(c, "40")).json().error).toBe("AMOUNT_BELOW_MINIMUM");
    await admin.put("/api/admin/withdrawals/settings", { minimum: "30" });
    expect((await ask(c, "40")).statusCode).toBe(201);
  });

  it("refuses more than the balance (409 INSUFFICIENT_BALANCE) and bad input (400)", async () => {
    const { c } = await withdrawer("40");
    expect((await ask(c, "40.000000001")).json().error).toBe("INSUFFICIENT_BALANCE");
    expect((await ask(c, "abc")).statusCode).toBe(400);
    expect((await ask(c, "1.0000000001")).statusCode).toBe(400);
    const noKey = await c.post("/api/withdrawals", { amount: "30" });
    expect(noKey.statusCode).toBe(400);
    expect(await balanceOf(c)).toBe("40.000000000");
  });

  it("holds the amount with the request, one pending at a time (409 WITHDRAWAL_PENDING)", async () => {
    const { c, wallet } = await withdrawer("100");
    const r = await ask(c, "30");
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({ amount: "30.000000000", status: "pending" });
    expect(Address.parse(body.wallet).equals(Address.parse(wallet.address))).toBe(true);
    expect(await balanceOf(c)).toBe("70.000000000");
    expect(await holds(body.id)).toHaveLength(1);
    const second = await ask(c, "30");
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe("WITHDRAWAL_PENDING");
    const list = (await c.get("/api/withdrawals")).json();
    expect(list.items.map((w: { id: string }) => w.id)).toEqual([body.id]);
    expect(list.limits).toMatchObject({ kycStatus: "approved", hasActiveWithdrawal: true });
    // The wallet cannot be unlinked while the withdrawal is open.
    const unlink = await c.delete("/api/ton/wallet");
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json().error).toBe("WALLET_WITHDRAWAL_ACTIVE");
  });

  it("the same Idempotency-Key 10 times at once: one request, one hold, the first answer", async () => {
    const { c } = await withdrawer("100");
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(c, "31", key)));
    const ids = new Set(answers.map((a) => a.json().id));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(ids.size).toBe(1);
    expect(await holds([...ids][0] as string)).toHaveLength(1);
    expect(await balanceOf(c)).toBe("69.000000000");
    // The key with another amount is refused; a new key is one more request (refused: pending).
    expect((await ask(c, "32", key)).statusCode).toBe(422);
  });

  it("cancel refunds a pending request; another user's id is 404; not twice", async () => {
    const { c } = await withdrawer("100");
    const id = (await ask(c, "30")).json().id;
    const other = await withdrawer("0");
    expect((await other.c.post(`/api/withdrawals/${id}/cancel`)).statusCode).toBe(404);
    const cancelled = await c.post(`/api/withdrawals/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");
    expect(await balanceOf(c)).toBe("100.000000000");
    const again = await c.post(`/api/withdrawals/${id}/cancel`);
    expect(again.json().error).toBe("WITHDRAWAL_NOT_PENDING");
    expect(await balanceOf(c)).toBe("100.000000000");
    expect((await c.delete("/api/ton/wallet")).statusCode).toBe(204);
  });
});

describe("a server that pays no withdrawals (WITHDRAWALS_ENABLED=false)", () => {
  it("refuses to take FRE it would never send (503), holds nothing, and says so", async () => {
    const off = await createTestApp({ config: { WITHDRAWALS_ENABLED: "false" } });
    try {
      const { c } = await withdrawer("100", {}, off);
      const before = (await c.get("/api/withdrawals")).json().limits;
      expect(before).toMatchObject({ available: false, balance: "100.000000000" });
      const r = await ask(c, "30", newKey(), { on: off });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ error: "WITHDRAWALS_UNAVAILABLE" });
      expect(r.json().message).toContain("suspendus");
      const after = (await c.get("/api/withdrawals")).json();
      expect(after.items).toEqual([]);
      expect(after.limits.balance).toBe("100.000000000");
      await expectLedgerBalanced(off);
    } finally {
      await off.close();
    }
  });
});

describe("admin review and payouts", () => {
  it("approve pays the FRE jetton to the wallet once: completed with tx hash, notified, mailed", async () => {
    const { c, wallet, user } = await withdrawer("100");
    const id = (await ask(c, "30")).json().id;
    const list = (await admin.get("/api/admin/withdrawals?status=pending")).json();
    expect(list.items.some((w: { id: string }) => w.id === id)).toBe(true);
    expect((await admin.get("/api/admin/summary")).json().pendingWithdrawals).toBeGreaterThan(0);
    const approved = await admin.post(`/api/admin/withdrawals/${id}/approve`, FINAL);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe("processing");
    expect((await c.post(`/api/withdrawals/${id}/cancel`)).json().error).toBe(
      "WITHDRAWAL_NOT_PENDING",
    );
    const live: unknown[] = [];
    const me = (await c.get("/api/me")).json();
    const unsubscribe = test().bus.subscribe(me.id, (event) => live.push(event));
    await processPayouts(workerDeps());
    await processPayouts(workerDeps());
    // The live event, notification and mail are written with the status and delivered after it.
    await test().effects.settle();
    await vi.waitFor(() =>
      expect(live).toContainEqual(expect.objectContaining({ type: "withdrawal" })),
    );
    unsubscribe();
    const done = (await c.get("/api/withdrawals")).json().items[0];
    expect(done).toMatchObject({ id, status: "completed" });
    expect(done.txHash).toMatch(/^[0-9a-f]{64}$/);
    // No explorer on the simulated chain (its dev routes answer JSON): the app shows the payout.
    expect(done.explorerUrl).toBeNull();
    expect((await jettonsOf(wallet.address)).FRE).toBe("30.000000000");
    expect(await balanceOf(c)).toBe("70.000000000");
    expect(live).toContainEqual(expect.objectContaining({ type: "withdrawal" }));
    const notes = (await c.get("/api/notifications")).json().items;
    expect(notes[0]).toMatchObject({ type: "withdrawal_complete", target: "/wallet" });
    expect(notes[0].message).toContain("30");
    expect((await outbox(test(), user.email))[0]?.subject).toBe("FRE — Retrait effectué");
    expect((await c.delete("/api/ton/wallet")).statusCode).toBe(204);
  });

  it("reject refunds with the reason, mailed; a decided request cannot be decided again", async () => {
    const { c, user } = await withdrawer("100");
    const id = (await ask(c, "35")).json().id;
    expect(
      (await admin.post(`/api/admin/withdrawals/${id}/reject`, { reason: "" })).statusCode,
    ).toBe(400);
    const rejected = await admin.post(`/api/admin/withdrawals/${id}/reject`, {
      reason: "Wallet flagged",
    });
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "Wallet flagged" });
    expect(await balanceOf(c)).toBe("100.000000000");
    expect((await admin.post(`/api/admin/withdrawals/${id}/approve`, FINAL)).statusCode).toBe(409);
    // What the admin was shown is required, and only "first" or "final".
    for (const body of [{}, { expect: "second" }, { expect: null }]) {
      const refused = await admin.post(`/api/admin/withdrawals/${id}/approve`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error).toBe("VALIDATION_ERROR");
    }
    expect((await outbox(test(), user.email))[0]?.text).toContain("Wallet flagged");
    const notFound = await admin.post(`/api/admin/withdrawals/${randomUUID()}/approve`, FINAL);
    expect(notFound.statusCode).toBe(404);
  });

  it("cancel racing approve: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const { c } = await withdrawer("100");
      const id = (await ask(c, "30")).json().id;
      const [cancel, approve] = await Promise.all([
        c.post(`/api/withdrawals/${id}/cancel`),
        admin.post(`/api/admin/withdrawals/${id}/approve`, FINAL),
      ]);
      expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
      const [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
      expect(row?.status).toBe(cancel.statusCode === 200 ? "cancelled" : "processing");
      expect(await balanceOf(c)).toBe(cancel.statusCode === 200 ? "100.000000000" : "70.000000000");
    }
  });

  it("two admins approving at once, two workers at once: one payout", async () => {
    const { db } = test();
    const { c, wallet } = await withdrawer("100");
    const id = (await ask(c, "30")).json().id;
    const answers = await Promise.all([
      admin.post(`/api/admin/withdrawals/${id}/approve`, FINAL),
      admin2.post(`/api/admin/withdrawals/${id}/approve`, FINAL),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await Promise.all([processPayouts(workerDeps()), processPayouts(workerDeps())]);
    await processPayouts(workerDeps());
    expect((await jettonsOf(wallet.address)).FRE).toBe("30.000000000");
    const payouts = await db
      .select()
      .from(simChainPayouts)
      .where(eq(simChainPayouts.reference, id));
    expect(payouts).toHaveLength(1);
  });

  it("a crash between sending and confirmed is reconciled: paid once, completed", async () => {
    const { c, wallet, id, real } = await approvedFor30();
    // The chain takes the payout, then the worker dies before it writes what the chain answered.
    const crashing = crashAfterSend(real, "worker crashed");
    await processPayouts(workerDeps(crashing));
    let [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: "processing", payoutState: "sending", payoutId: null });
    expect((await jettonsOf(wallet.address)).FRE).toBe("30.000000000");
    // Within the lease nobody touches it; after it, the next run asks the chain again.
    await processPayouts(workerDeps());
    [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.payoutState).toBe("sending");
    test().clock.advance(61_000);
    await processPayouts(workerDeps());
    [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: "completed", payoutAttempts: 2 });
    expect((await jettonsOf(wallet.address)).FRE).toBe("30.000000000");
    expect(await balanceOf(c)).toBe("70.000000000");
  });

  it("a crash before the chain was asked: sent once after the lease", async () => {
    const { c, wallet, id, real } = await approvedFor30();
    await processPayouts(
      workerDeps({
        ...real,
        sendPayout: async () => {
          throw new Error("network down");
        },
      }),
    );
    expect(await jettonsOf(wallet.address)).toEqual({});
    test().clock.advance(61_000);
    await processPayouts(workerDeps());
    expect((await jettonsOf(wallet.address)).FRE).toBe("30.000000000");
    const [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe("completed");
    expect(await balanceOf(c)).toBe("70.000000000");
  });

  it("a payout that fails on chain is refunded", async () => {
    const { c, user, id, real } = await approvedFor30();
    await processPayouts(workerDeps({ ...real, payoutStatus: async () => "failed" }));
    const [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row?.status).toBe("failed");
    expect(await balanceOf(c)).toBe("100.000000000");
    expect((await outbox(test(), user.email))[0]?.subject).toBe("FRE — Échec du retrait");
    // A new request is possible again.
    expect((await ask(c, "30")).statusCode).toBe(201);
  });

  it("admin list filters by status", async () => {
    const r = await admin.get("/api/admin/withdrawals?status=completed");
    expect(r.statusCode).toBe(200);
    expect(r.json().items.length).toBeGreaterThan(0);
    expect(
      r.json().items.every((w: { status: string; nickname: string }) => w.status === "completed"),
    ).toBe(true);
    expect((await admin.get("/api/admin/withdrawals?status=bogus")).statusCode).toBe(400);
    const plain = await signUp(test());
    expect((await plain.client.get("/api/admin/withdrawals")).statusCode).toBe(403);
  });
});

describe("jetton transfer (TEP-74)", () => {
  it("is built and parsed back: op, amount, destination, response address, comment", () => {
    const destination = Address.parse(`0:${"ab".repeat(32)}`);
    const response = Address.parse(`0:${"cd".repeat(32)}`);
    const id = randomUUID();
    const cell = buildJettonTransfer({
      queryId: 42n,
      amount: parseFre("30.5"),
      destination,
      responseDestination: response,
      forwardTonAmount: 1n,
      comment: id,
    });
    expect(cell.beginParse().preloadUint(32)).toBe(JETTON_TRANSFER_OP);
    const parsed = parseJettonTransfer(cell);
    expect(parsed.queryId).toBe(42n);
    expect(formatNano(parsed.amount)).toBe("30.500000000");
    expect(parsed.destination.equals(destination)).toBe(true);
    expect(parsed.responseDestination.equals(response)).toBe(true);
    expect(parsed.forwardTonAmount).toBe(1n);
    expect(parsed.comment).toBe(id);
    expect(() =>
      parseJettonTransfer(buildJettonTransfer({ ...parsed, comment: null })),
    ).not.toThrow();
  });
});
