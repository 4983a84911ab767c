import { randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users, withdrawals } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import {
  type Client,
  DEFAULT_ADMIN_CODE,
  type ElevatedAdmin,
  elevatedAdmin,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";
import { fundForWithdrawal, linkTonWallet, requestWithdrawal } from "./ton-helpers.ts";
import { approveAs, newWithdrawer, payOutTwice, simPayoutsOf } from "./withdrawal-helpers.ts";

const test = useTestApp();
let alice: ElevatedAdmin;
let bob: ElevatedAdmin;
let carol: ElevatedAdmin;

beforeAll(async () => {
  alice = await elevatedAdmin(test(), "alice");
  bob = await elevatedAdmin(test(), "bob");
  carol = await elevatedAdmin(test(), "carol");
});

interface Entry {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

/** The audit entries of one action on one target, newest first. */
async function auditOf(action: string, targetId: string): Promise<Entry[]> {
  const response = await alice.client.get(
    `/api/admin/audit?action=${action}&targetId=${encodeURIComponent(targetId)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

/** A verified user with approved KYC, a ton_proof wallet and `fre` FRE. */
const withdrawer = (fre?: string) => newWithdrawer(test(), "fe", fre);

async function ask(c: Client, amount: string): Promise<string> {
  const asked = await requestWithdrawal(test(), c, amount);
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().id;
}

const approve = approveAs;
const reject = (admin: ElevatedAdmin, id: string, reason = "Adresse refusée") =>
  admin.client.post(`/api/admin/withdrawals/${id}/reject`, { reason });
const payOut = () => payOutTwice(test());
const payoutsOf = (id: string) => simPayoutsOf(test(), id);
const rowOf = async (id: string) =>
  (await test().db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const settings = (body: unknown) => alice.client.put("/api/admin/withdrawals/settings", body);

describe("four eyes: nobody decides their own withdrawal", () => {
  it("an admin's own request: approve and reject are 403 SELF_REVIEW_FORBIDDEN", async () => {
    const selfish = await elevatedAdmin(test(), "selfish");
    await linkTonWallet(test(), selfish.client);
    await fundForWithdrawal(test(), selfish.me.id, "100");
    const id = await ask(selfish.client, "40");
    const approved = await approve(selfish, id, "final");
    expect(approved.statusCode).toBe(403);
    expect(approved.json()).toMatchObject({ error: "SELF_REVIEW_FORBIDDEN" });
    expect(approved.json().message).toContain("autre administrateur");
    const rejected = await reject(selfish, id);
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().error).toBe("SELF_REVIEW_FORBIDDEN");
    expect(await rowOf(id)).toMatchObject({ status: "pending", firstApprovedBy: null });
    expect(await auditOf("withdrawal.approve", id)).toEqual([]);
    // Another admin may.
    expect((await reject(alice, id)).json().status).toBe("rejected");
  });
});

describe("an erased account", () => {
  it("cannot ask a withdrawal, even while its session is still cached (401)", async () => {
    const { client: c, me } = await withdrawer("100");
    // The session is now in the viewer's cache (SESSION_CACHE_MS): the request reaches the
    // service, whose locked read of the user must refuse the erased account itself.
    expect((await c.get("/api/withdrawals")).statusCode).toBe(200);
    await test().db.update(users).set({ erasedAt: test().clock.now() }).where(eq(users.id, me.id));
    const asked = await requestWithdrawal(test(), c, "30");
    expect(asked.statusCode, asked.body).toBe(401);
    expect(asked.json().error).toBe("UNAUTHORIZED");
    expect(await test().db.select().from(withdrawals).where(eq(withdrawals.userId, me.id))).toEqual(
      [],
    );
  });
});

describe("four eyes: two admins above the threshold", () => {
  it("first approval keeps it pending; the same admin again is 409; a second admin pays", async () => {
    const { client: c, me, wallet } = await withdrawer();
    const id = await ask(c, "1500");
    expect((await rowOf(id)).approvalsRequired).toBe(2);

    const first = await approve(alice, id, "first");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      id,
      status: "pending",
      approvalState: "awaiting_second_approval",
      approvalsRequired: 2,
      firstApproval: { adminId: alice.me.id, nickname: alice.me.nickname },
    });
    expect(await rowOf(id)).toMatchObject({
      status: "pending",
      firstApprovedBy: alice.me.id,
      payoutState: null,
    });
    // The pending list says the same (the admin screen shows "1/2").
    const listed = (await bob.client.get("/api/admin/withdrawals?status=pending"))
      .json()
      .items.find((w: { id: string }) => w.id === id);
    expect(listed).toMatchObject({
      approvalState: "awaiting_second_approval",
      firstApproval: { adminId: alice.me.id },
    });

    for (const step of ["final", "first"] as const) {
      const again = await approve(alice, id, step);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe("SECOND_APPROVER_REQUIRED");
    }
    expect((await rowOf(id)).status).toBe("pending");

    const second = await approve(bob, id, "final");
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: "processing", approvalState: "decided" });
    await payOut();
    expect((await c.get("/api/withdrawals")).json().items[0]).toMatchObject({
      id,
      status: "completed",
    });
    const payouts = await payoutsOf(id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.amountNano).toBe(parseFre("1500"));
    const jettons = (
      await test().app.inject({ url: `/api/dev/chain/accounts/${wallet.address}` })
    ).json().jettons;
    expect(jettons.FRE).toBe("1500.000000000");

    const [firstEntry] = await auditOf("withdrawal.first_approval", id);
    expect(firstEntry).toMatchObject({
      actorId: alice.me.id,
      targetType: "withdrawal",
      targetId: id,
      ip: "127.0.0.1",
      before: {
        status: "pending",
        userId: me.id,
        amount: "1500.000000000",
        approvalsRequired: 2,
        firstApprovedBy: null,
      },
      after: { status: "pending", firstApprovedBy: alice.me.id, approvals: "1/2" },
    });
    const approvals = await auditOf("withdrawal.approve", id);
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      actorId: bob.me.id,
      before: { status: "pending", firstApprovedBy: alice.me.id },
      after: { status: "processing", payoutState: "queued", approvals: "2/2" },
    });
  });

  it("at or below the threshold one approval pays", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "1000");
    expect((await rowOf(id)).approvalsRequired).toBe(1);
    const approved = await approve(alice, id, "final");
    expect(approved.json()).toMatchObject({
      status: "processing",
      approvalsRequired: 1,
      firstApproval: null,
    });
    expect(await auditOf("withdrawal.first_approval", id)).toEqual([]);
    expect((await auditOf("withdrawal.approve", id))[0]!.after).toMatchObject({ approvals: "1/1" });
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it("a rejection after a first approval refunds as today", async () => {
    const { client: c } = await withdrawer("2000");
    const id = await ask(c, "1200");
    expect((await approve(alice, id, "first")).json().approvalState).toBe(
      "awaiting_second_approval",
    );
    // The first approver may still reject: rejecting pays nothing.
    const rejected = await reject(alice, id, "Finalement refusé");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "Finalement refusé" });
    expect((await c.get("/api/withdrawals")).json().limits.balance).toBe("2000.000000000");
    expect(await payoutsOf(id)).toHaveLength(0);
  });
});

describe("four eyes: concurrent approvals", () => {
  it("two admins at once below the threshold: one payout", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "50");
    const answers = await Promise.all([approve(alice, id, "final"), approve(bob, id, "final")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await Promise.all([payOut(), payOut()]);
    expect(await payoutsOf(id)).toHaveLength(1);
    expect(await auditOf("withdrawal.approve", id)).toHaveLength(1);
  });

  it("two second approvers at once above the threshold: one payout", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "2500");
    expect((await approve(alice, id, "first")).statusCode).toBe(200);
    const answers = await Promise.all([approve(bob, id, "final"), approve(carol, id, "final")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe("WITHDRAWAL_NOT_PENDING");
    await Promise.all([payOut(), payOut()]);
    expect(await payoutsOf(id)).toHaveLength(1);
    expect(await auditOf("withdrawal.approve", id)).toHaveLength(1);
  });

  it("one admin's double tap above the threshold: one first approval, no payout", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "3000");
    const answers = await Promise.all([approve(alice, id, "first"), approve(alice, id, "first")]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(
      "SECOND_APPROVER_REQUIRED",
    );
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: "pending", firstApprovedBy: alice.me.id });
    expect(await auditOf("withdrawal.first_approval", id)).toHaveLength(1);
    expect((await reject(bob, id)).statusCode).toBe(200);
  });

  it("two different admins at once, each shown a first approval: one is first, the other 409", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "2000");
    const answers = await Promise.all([approve(alice, id, "first"), approve(bob, id, "first")]);
    // They took turns on the locked row: the first recorded; the second was told "nothing is paid
    // until another admin approves", which its click would no longer be: refused, nothing paid.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!;
    expect(won.json()).toMatchObject({
      status: "pending",
      approvalState: "awaiting_second_approval",
    });
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(
      "WITHDRAWAL_STATE_CHANGED",
    );
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    expect((await rowOf(id)).firstApprovedBy).toBe(won.json().firstApproval.adminId);
    expect(await auditOf("withdrawal.first_approval", id)).toHaveLength(1);
    expect(await auditOf("withdrawal.approve", id)).toEqual([]);
    expect((await reject(carol, id)).statusCode).toBe(200);
  });
});

describe("four eyes: the number of approvals is fixed when the user asks", () => {
  it("threshold raised after a first approval: the same admin is still refused, another pays", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "1500");
    expect((await approve(alice, id, "first")).statusCode).toBe(200);
    expect((await settings({ secondApprovalAbove: "5000" })).statusCode).toBe(200);
    for (const step of ["final", "first"] as const) {
      const alone = await approve(alice, id, step);
      expect(alone.statusCode).toBe(409);
      expect(alone.json().error).toBe("SECOND_APPROVER_REQUIRED");
    }
    expect(await rowOf(id)).toMatchObject({ status: "pending", approvalsRequired: 2 });
    const listed = (await bob.client.get("/api/admin/withdrawals?status=pending"))
      .json()
      .items.find((w: { id: string }) => w.id === id);
    expect(listed).toMatchObject({
      approvalsRequired: 2,
      approvalState: "awaiting_second_approval",
    });
    expect((await approve(bob, id, "final")).json()).toMatchObject({ status: "processing" });
    expect((await settings({ secondApprovalAbove: "1000" })).statusCode).toBe(200);
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it("threshold raised before any approval of a request made under the lower one: still two", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "1500");
    // Raise, approve alone, lower back: the request keeps the two approvals it was made with.
    expect((await settings({ secondApprovalAbove: "5000" })).statusCode).toBe(200);
    const alone = await approve(alice, id, "final");
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toBe("WITHDRAWAL_STATE_CHANGED");
    expect(await rowOf(id)).toMatchObject({ status: "pending", firstApprovedBy: null });
    const first = await approve(alice, id, "first");
    expect(first.json()).toMatchObject({
      status: "pending",
      approvalsRequired: 2,
      approvalState: "awaiting_second_approval",
    });
    expect((await settings({ secondApprovalAbove: "1000" })).statusCode).toBe(200);
    expect((await approve(alice, id, "final")).json().error).toBe("SECOND_APPROVER_REQUIRED");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    expect((await approve(carol, id, "final")).json().status).toBe("processing");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it("threshold lowered after the request: it keeps the approvals it was made with", async () => {
    const above = await withdrawer();
    const aboveId = await ask(above.client, "1500");
    // One made under a raised threshold needs one approval, even once the threshold drops.
    expect((await settings({ secondApprovalAbove: "5000" })).statusCode).toBe(200);
    const below = await withdrawer();
    const belowId = await ask(below.client, "1500");
    expect((await settings({ secondApprovalAbove: "100" })).statusCode).toBe(200);
    expect((await rowOf(aboveId)).approvalsRequired).toBe(2);
    expect((await rowOf(belowId)).approvalsRequired).toBe(1);
    const refused = await approve(alice, aboveId, "final");
    expect(refused.json().error).toBe("WITHDRAWAL_STATE_CHANGED");
    expect((await approve(alice, aboveId, "first")).json()).toMatchObject({
      status: "pending",
      approvalState: "awaiting_second_approval",
    });
    expect((await approve(alice, belowId, "final")).json()).toMatchObject({
      status: "processing",
      approvalsRequired: 1,
    });
    expect((await settings({ secondApprovalAbove: "1000" })).statusCode).toBe(200);
    expect((await approve(bob, aboveId, "final")).json().status).toBe("processing");
    await payOut();
    expect(await payoutsOf(aboveId)).toHaveLength(1);
    expect(await payoutsOf(belowId)).toHaveLength(1);
  });
});

describe("four eyes: the second pair of eyes is another, independent admin", () => {
  it("a first approver no longer admin (demoted or erased): the next approval is the first", async () => {
    const { db } = test();
    const eve = await elevatedAdmin(test(), "eve");
    const { client: c } = await withdrawer();
    const id = await ask(c, "2000");
    expect((await approve(eve, id, "first")).statusCode).toBe(200);
    const demoted = await bob.client.post(`/api/admin/users/${eve.me.id}/role`, {
      role: "user",
      reason: "Compte de test",
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const listed = (await carol.client.get("/api/admin/withdrawals?status=pending"))
      .json()
      .items.find((w: { id: string }) => w.id === id);
    expect(listed).toMatchObject({ approvalState: "awaiting_approval", firstApproval: null });

    const first = await approve(carol, id, "first");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: "pending",
      approvalState: "awaiting_second_approval",
      firstApproval: { adminId: carol.me.id },
    });
    const entries = await auditOf("withdrawal.first_approval", id);
    expect(entries).toHaveLength(2);
    expect(entries.find((e) => e.actorId === carol.me.id)).toMatchObject({
      before: { firstApprovedBy: eve.me.id },
      after: { firstApprovedBy: carol.me.id, discardedFirstApprovalBy: eve.me.id },
    });
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    expect((await approve(bob, id, "final")).json().status).toBe("processing");

    // Erased: an admin who saw "approved once" and confirms the second only records a first.
    const frank = await elevatedAdmin(test(), "frank");
    const other = await withdrawer();
    const otherId = await ask(other.client, "2000");
    expect((await approve(frank, otherId, "first")).statusCode).toBe(200);
    await db.update(users).set({ erasedAt: test().clock.now() }).where(eq(users.id, frank.me.id));
    const stale = await approve(bob, otherId, "final");
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json()).toMatchObject({
      status: "pending",
      approvalState: "awaiting_second_approval",
      firstApproval: { adminId: bob.me.id },
    });
    await payOut();
    expect(await payoutsOf(otherId)).toHaveLength(0);
    expect((await reject(carol, otherId)).statusCode).toBe(200);
  });

  it("an admin made admin by the first approver (or who made them admin) is refused: 409", async () => {
    const { client: dave, me: daveMe } = await verifiedUser(test(), "dave");
    // Alice asks, Bob confirms (decision 0049): both took part in making Dave an admin.
    const requested = await alice.client.post(`/api/admin/users/${daveMe.id}/role`, {
      role: "admin",
      reason: "Nouvel opérateur",
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const promoted = await bob.client.post(
      `/api/admin/role-grants/${requested.json().roleGrant.id}/confirm`,
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await dave.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
      200,
    );
    const daveAdmin = { client: dave, me: daveMe } as ElevatedAdmin;

    const { client: c } = await withdrawer("5000");
    const id = await ask(c, "2000");
    expect((await approve(alice, id, "first")).statusCode).toBe(200);
    const puppet = await approve(daveAdmin, id, "final");
    expect(puppet.statusCode).toBe(409);
    expect(puppet.json().error).toBe("SECOND_APPROVER_REQUIRED");
    expect(await rowOf(id)).toMatchObject({ status: "pending", firstApprovedBy: alice.me.id });

    // The other way round: the promoted admin approves first, the one who promoted them second.
    const other = await withdrawer("5000");
    const otherId = await ask(other.client, "2000");
    expect((await approve(daveAdmin, otherId, "first")).statusCode).toBe(200);
    const promoter = await approve(alice, otherId, "final");
    expect(promoter.statusCode).toBe(409);
    expect(promoter.json().error).toBe("SECOND_APPROVER_REQUIRED");
    // Nor the admin who confirmed the grant.
    const confirmer = await approve(bob, otherId, "final");
    expect(confirmer.statusCode).toBe(409);
    expect(confirmer.json().error).toBe("SECOND_APPROVER_REQUIRED");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    expect(await payoutsOf(otherId)).toHaveLength(0);
    expect(await auditOf("withdrawal.approve", id)).toEqual([]);

    // An admin who had no part in the first approver's role completes each.
    expect((await approve(bob, id, "final")).json().status).toBe("processing");
    expect((await approve(carol, otherId, "final")).json().status).toBe("processing");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(1);
    expect(await payoutsOf(otherId)).toHaveLength(1);
  });
});

describe("four eyes: what the admin was shown", () => {
  it("a stale expectation is 409 WITHDRAWAL_STATE_CHANGED and changes nothing", async () => {
    const { client: c } = await withdrawer();
    const id = await ask(c, "1500");
    // "final" on a fresh request needing two: it would only be recorded, not paid.
    const early = await approve(alice, id, "final");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: "WITHDRAWAL_STATE_CHANGED" });
    expect(early.json().message).toContain("rechargez");
    expect(await rowOf(id)).toMatchObject({ status: "pending", firstApprovedBy: null });
    expect(await auditOf("withdrawal.first_approval", id)).toEqual([]);

    expect((await approve(alice, id, "first")).statusCode).toBe(200);
    const before = await rowOf(id);
    // Bob's screen still said "your approval is the first; nothing is paid": his click must not pay.
    const stale = await approve(bob, id, "first");
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe("WITHDRAWAL_STATE_CHANGED");
    expect(await rowOf(id)).toEqual(before);
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    expect(await auditOf("withdrawal.approve", id)).toEqual([]);
    expect(await auditOf("withdrawal.first_approval", id)).toHaveLength(1);

    // A request one approval pays, confirmed as a "first": refused too.
    const small = await withdrawer("200");
    const smallId = await ask(small.client, "50");
    expect((await approve(alice, smallId, "first")).json().error).toBe("WITHDRAWAL_STATE_CHANGED");
    expect((await rowOf(smallId)).status).toBe("pending");

    expect((await approve(bob, id, "final")).json().status).toBe("processing");
    expect((await approve(bob, smallId, "final")).json().status).toBe("processing");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(1);
  });
});

describe("withdrawal settings", () => {
  it("sets the threshold and the minimum, audited with before and after; bounded", async () => {
    expect((await alice.client.get("/api/admin/withdrawals/settings")).json()).toEqual({
      minimum: "30.000000000",
      secondApprovalAbove: "1000.000000000",
    });
    const changed = await settings({ secondApprovalAbove: "250.5" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      minimum: "30.000000000",
      secondApprovalAbove: "250.500000000",
    });
    // Earlier tests changed the threshold at the same (test clock) time: this change is the one
    // that set 250.5.
    const entry = (await auditOf("withdrawal.settings", "withdrawals")).find(
      (e) => e.after?.secondApprovalAbove === "250.500000000",
    );
    expect(entry).toMatchObject({
      actorId: alice.me.id,
      targetType: "settings",
      ip: "127.0.0.1",
      before: { minimum: "30.000000000", secondApprovalAbove: "1000.000000000" },
      after: { minimum: "30.000000000", secondApprovalAbove: "250.500000000" },
    });

    // The new threshold applies at once, to the requests made from now on.
    const { client: c } = await withdrawer();
    const id = await ask(c, "300");
    expect((await approve(alice, id, "first")).json()).toMatchObject({
      approvalState: "awaiting_second_approval",
    });
    expect((await reject(bob, id)).statusCode).toBe(200);

    for (const bad of [
      {},
      { secondApprovalAbove: "-1" },
      { secondApprovalAbove: "abc" },
      { secondApprovalAbove: "1.0000000001" },
      { secondApprovalAbove: "1000000000000" },
      { secondApprovalAbove: 5 },
      { minimum: "0" },
      { minimum: "3\u00000" },
    ]) {
      const refused = await settings(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({
        error: expect.any(String),
        message: expect.any(String),
      });
    }
    expect((await alice.client.get("/api/admin/withdrawals/settings")).json()).toMatchObject({
      secondApprovalAbove: "250.500000000",
    });
    const both = await settings({ minimum: "35", secondApprovalAbove: "1000" });
    expect(both.json()).toEqual({ minimum: "35.000000000", secondApprovalAbove: "1000.000000000" });
    expect((await settings({ minimum: "30" })).statusCode).toBe(200);
    expect((await settings({ secondApprovalAbove: "1000" })).statusCode).toBe(200);
    // A plain user may not.
    const { client: user } = await verifiedUser(test(), "nosettings");
    expect((await user.put("/api/admin/withdrawals/settings", { minimum: "1" })).statusCode).toBe(
      403,
    );
  });
});

describe("risk context of a pending withdrawal", () => {
  it("tells the account's age, history, adjustments, suspension and a shared address", async () => {
    const { db } = test();
    const { client: c, me, wallet } = await withdrawer("500");
    const now = test().clock.now();
    // Two paid withdrawals before.
    for (const amount of ["30", "40"]) {
      const id = await ask(c, amount);
      expect((await approve(alice, id, "final")).statusCode).toBe(200);
      await payOut();
      expect((await rowOf(id)).status).toBe("completed");
    }
    // An admin adjustment now, and an older one (outside the 30 days).
    const adjusted = await test().app.inject({
      method: "POST",
      url: `/api/admin/users/${me.id}/adjustments`,
      headers: {
        origin: "http://localhost:3000",
        cookie: [...bob.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        "idempotency-key": `risk-${randomUUID()}`,
      },
      payload: { amount: "-12.5", reason: "Correction" },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    await db.transaction((tx) =>
      credit(tx, {
        userId: me.id,
        kind: "admin_adjustment",
        amountNano: parseFre("99"),
        reference: `admin:${randomUUID()}`,
        at: new Date(now.getTime() - 40 * 86_400_000),
      }),
    );
    await db
      .update(users)
      .set({
        createdAt: new Date(now.getTime() - 12 * 86_400_000 - 3_600_000),
        totalMined: parseFre("321.5"),
      })
      .where(eq(users.id, me.id));

    const id = await ask(c, "100");
    // Another account once asked a withdrawal to this same address.
    const other = await verifiedUser(test(), "twin");
    const row = await rowOf(id);
    await db.insert(withdrawals).values({
      userId: other.me.id,
      amountNano: parseFre("30"),
      walletAddress: row.walletAddress,
      network: row.network,
      status: "rejected",
      reason: "Seeded",
      createdAt: now,
      updatedAt: now,
    });
    expect(
      (await bob.client.post(`/api/admin/users/${me.id}/suspend`, { reason: "Fraude suspectée" }))
        .statusCode,
    ).toBe(200);

    const items = (await alice.client.get("/api/admin/withdrawals?status=pending")).json().items;
    const seen = items.find((w: { id: string }) => w.id === id);
    expect(seen.risk).toEqual({
      // 500 − 30 − 40 − 12.5 + 99 − 100 held.
      balance: "416.500000000",
      kycStatus: "approved",
      accountCreatedAt: new Date(now.getTime() - 12 * 86_400_000 - 3_600_000).toISOString(),
      accountAgeDays: 12,
      emailVerified: true,
      totalMined: "321.500000000",
      completedWithdrawals: { count: 2, total: "70.000000000" },
      recentAdjustments: { count: 1, total: "-12.500000000" },
      suspended: true,
      sameWalletAccounts: 1,
    });
    expect(seen.wallet).toBeTruthy();
    expect(wallet.address).toBeTruthy();
    // A fresh account with no history shows zeros.
    const { client: fresh } = await withdrawer("100");
    const freshId = await ask(fresh, "30");
    const freshSeen = (await alice.client.get("/api/admin/withdrawals?status=pending"))
      .json()
      .items.find((w: { id: string }) => w.id === freshId);
    expect(freshSeen.risk).toMatchObject({
      accountAgeDays: 0,
      suspended: false,
      completedWithdrawals: { count: 0, total: "0.000000000" },
      recentAdjustments: { count: 0, total: "0.000000000" },
      sameWalletAccounts: 0,
    });
    expect((await reject(alice, id)).statusCode).toBe(200);
    expect((await reject(alice, freshId)).statusCode).toBe(200);
    // A decided request carries no risk context (it is weighed before deciding only).
    for (const status of ["completed", "rejected"]) {
      const decided = (await alice.client.get(`/api/admin/withdrawals?status=${status}`)).json();
      expect(decided.items.length, status).toBeGreaterThan(0);
      for (const item of decided.items) expect(item.risk).toBeNull();
    }
  });
});

describe("audit of the existing withdrawal decisions", () => {
  it("approve and reject leave actor, target, before/after and IP", async () => {
    const { client: c, me } = await withdrawer("200");
    const id = await ask(c, "60");
    expect((await approve(bob, id, "final")).statusCode).toBe(200);
    const [approved] = await auditOf("withdrawal.approve", id);
    expect(approved).toMatchObject({
      actorId: bob.me.id,
      action: "withdrawal.approve",
      targetType: "withdrawal",
      targetId: id,
      ip: "127.0.0.1",
      before: { status: "pending", userId: me.id, amount: "60.000000000" },
      after: { status: "processing", payoutState: "queued" },
    });
    await payOut();

    const rejectedId = await ask(c, "45");
    expect((await reject(carol, rejectedId, "Adresse inconnue")).statusCode).toBe(200);
    const [rejected] = await auditOf("withdrawal.reject", rejectedId);
    expect(rejected).toMatchObject({
      actorId: carol.me.id,
      targetType: "withdrawal",
      targetId: rejectedId,
      ip: "127.0.0.1",
      before: { status: "pending", userId: me.id, amount: "45.000000000" },
      after: { status: "rejected", reason: "Adresse inconnue" },
    });
  });
});
