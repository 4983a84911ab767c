import {
  BASE_RATE_NANO,
  earningsFor,
  formatNano,
  REFERRAL_BONUS_NANO,
  type RiskLevel,
} from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { userRisk } from "../src/db/schema/index.ts";
import { lockUser } from "../src/modules/ledger/ledger.ts";
import { reRateAfterRiskChange } from "../src/modules/mining/index.ts";
import { type Client, elevatedAdmin, expectLedgerBalanced, verifiedUser } from "./helpers.ts";
import { address, completeRequest, jpegWithGps, upload, useKycApp } from "./kyc-fixtures.ts";
import { fundForWithdrawal, linkTonWallet, requestWithdrawal } from "./ton-helpers.ts";

/**
 * What an admin's risk actions change (issue 25 point 3, decision 0045): a withheld referral
 * bonus, a KYC re-check before the next withdrawal, four eyes on a high-risk account's
 * withdrawals. The admin routes are another module's: here `user_risk` is written directly, the
 * way those routes do (the user's row locked, the running session re-rated around the change).
 */

type User = Awaited<ReturnType<typeof verifiedUser>>;
const test = useKycApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "riskadm");
});

const HOUR = 3_600_000;

/** Writes the user's `user_risk` row (created when missing) with `changes`. */
async function setRisk(
  userId: string,
  changes: Partial<{
    level: RiskLevel;
    referralBonusWithheldAt: Date | null;
    kycRecheckRequiredAt: Date | null;
  }>,
  options: { reRate?: boolean } = {},
) {
  const at = test().clock.now();
  await test().db.transaction(async (tx) => {
    await lockUser(tx, userId);
    // As the admin action does: the time mined until now keeps the rate it had...
    if (options.reRate) await reRateAfterRiskChange(tx, userId, at);
    await tx
      .insert(userRisk)
      .values({ userId, updatedAt: at, ...changes })
      .onConflictDoUpdate({ target: userRisk.userId, set: { ...changes, updatedAt: at } });
    // ...and the rate as it is now applies from now on.
    if (options.reRate) await reRateAfterRiskChange(tx, userId, at);
  });
}

const start = async (user: User) => {
  const response = await user.client.post("/api/mining/start");
  expect(response.statusCode, response.body).toBe(200);
};
const rateOf = (bonuses: number) => BASE_RATE_NANO + REFERRAL_BONUS_NANO * BigInt(bonuses);

/** A referrer whose three referees mine now (three bonuses: under the circle's cap of 5). */
async function referrerWithThree() {
  const referrer = await verifiedUser(test(), "rref");
  for (let i = 0; i < 3; i++) {
    await start(await verifiedUser(test(), "rree", { referralCode: referrer.me.referralCode }));
  }
  return referrer;
}

describe("a withheld referral bonus", () => {
  it("re-rates the running session at the withhold and at the release (exact nFRE)", async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    test().clock.set(t0);
    const at = (ms: number) => test().clock.set(new Date(t0.getTime() + ms));
    const referrer = await referrerWithThree();
    await start(referrer);
    const mining = async () => (await referrer.client.get("/api/mining")).json();
    expect((await mining()).rate).toMatchObject({
      activeReferrals: 3,
      countedReferrals: 3,
      total: formatNano(rateOf(3)),
    });

    at(HOUR);
    await setRisk(
      referrer.me.id,
      { referralBonusWithheldAt: test().clock.now() },
      { reRate: true },
    );
    const withheld = await mining();
    expect(withheld.rate).toMatchObject({
      activeReferrals: 3,
      countedReferrals: 0,
      referrals: formatNano(0n),
      total: formatNano(BASE_RATE_NANO),
    });
    expect(withheld.session.accrual).toEqual({
      accrued: formatNano(earningsFor(rateOf(3), HOUR)),
      segmentStart: new Date(t0.getTime() + HOUR).toISOString(),
      rate: formatNano(BASE_RATE_NANO),
    });
    const referrals = (await referrer.client.get("/api/referrals")).json();
    expect(referrals).toMatchObject({
      activeCount: 3,
      countedCount: 0,
      bonusPerHour: "0.000000000",
    });
    expect(referrals.circleCap).toBeUndefined();

    at(3 * HOUR);
    await setRisk(referrer.me.id, { referralBonusWithheldAt: null }, { reRate: true });
    expect((await mining()).rate).toMatchObject({
      countedReferrals: 3,
      total: formatNano(rateOf(3)),
    });

    at(5 * HOUR);
    const claim = await referrer.client.post("/api/mining/claim");
    expect(claim.statusCode, claim.body).toBe(200);
    const expected =
      earningsFor(rateOf(3), HOUR) +
      earningsFor(BASE_RATE_NANO, 2 * HOUR) +
      earningsFor(rateOf(3), 2 * HOUR);
    expect(claim.json().credited).toBe(formatNano(expected));
    await expectLedgerBalanced(test());
  });

  it("counts from the instant written even when nothing re-rated then; a start rates without it", async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR + 10 * HOUR);
    test().clock.set(t0);
    const at = (ms: number) => test().clock.set(new Date(t0.getTime() + ms));
    const referrer = await referrerWithThree();
    await start(referrer);

    // The column alone, no re-rate: the claim's catch-up splits the session at that instant.
    at(HOUR);
    await setRisk(referrer.me.id, { referralBonusWithheldAt: test().clock.now() });
    at(2 * HOUR);
    const claim = await referrer.client.post("/api/mining/claim");
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().credited).toBe(
      formatNano(earningsFor(rateOf(3), HOUR) + earningsFor(BASE_RATE_NANO, HOUR)),
    );

    // A session started while withheld mines at the rate without referral bonus.
    await start(referrer);
    const started = (await referrer.client.get("/api/mining")).json();
    expect(started.rate).toMatchObject({ countedReferrals: 0, total: formatNano(BASE_RATE_NANO) });
    expect(started.session.accrual.rate).toBe(formatNano(BASE_RATE_NANO));
    at(3 * HOUR);
    const second = await referrer.client.post("/api/mining/claim");
    expect(second.json().credited).toBe(formatNano(earningsFor(BASE_RATE_NANO, HOUR)));
    await expectLedgerBalanced(test());
  });
});

/** A verified user with an approved KYC (reviewed by the admin), a TON wallet and 500 FRE. */
async function kycApprovedWithdrawer() {
  const user = await verifiedUser(test(), "rkyc");
  await completeRequest(test(), user.client);
  expect((await user.client.post("/api/kyc/submit")).statusCode).toBe(200);
  await decide(user.me.id);
  await linkTonWallet(test(), user.client);
  await fundForWithdrawal(test(), user.me.id, "500");
  return user;
}

async function decide(userId: string) {
  const decided = await admin.client.post(`/api/admin/kyc/${userId}/decision`, {
    decision: "approve",
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

const kycOf = async (c: Client) => (await c.get("/api/kyc")).json();

describe("a KYC re-check", () => {
  it("refuses the withdrawal until a new check is approved after the request", async () => {
    test().clock.set(new Date());
    const user = await kycApprovedWithdrawer();
    expect(await kycOf(user.client)).toMatchObject({ status: "approved", recheckRequired: false });
    // Without a re-check, an approved request stays locked.
    const locked = await user.client.put("/api/kyc/address", address);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe("KYC_LOCKED");

    test().clock.advance(60_000);
    await setRisk(user.me.id, { level: "medium", kycRecheckRequiredAt: test().clock.now() });
    test().clock.advance(1000);
    const refused = await requestWithdrawal(test(), user.client, "50");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: "KYC_RECHECK_REQUIRED",
      message: expect.stringContaining("KYC"),
    });
    const state = await kycOf(user.client);
    expect(state).toMatchObject({ status: "approved", recheckRequired: true });
    // Only "a new check is needed": no level, score or reason reaches the user.
    expect(Object.keys(state).sort()).toEqual([
      "draft",
      "recheckRequired",
      "rejectionReason",
      "reviewedAt",
      "status",
      "submittedAt",
    ]);

    // The user works on the request again: it is a draft, the old approval no longer counts.
    const moved = await user.client.put("/api/kyc/address", { ...address, city: "Lyon" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: "draft", recheckRequired: true });
    expect(moved.json().draft.address.city).toBe("Lyon");
    const photo = await upload(test(), user.client.jar, "selfie", await jpegWithGps());
    expect(photo.statusCode, photo.body).toBe(201);
    expect((await requestWithdrawal(test(), user.client, "50")).json().error).toBe(
      "KYC_RECHECK_REQUIRED",
    );

    const submitted = await user.client.post("/api/kyc/submit");
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: "pending",
      reviewedAt: null,
      recheckRequired: true,
    });
    const queue = (await admin.client.get("/api/admin/kyc?status=pending")).json();
    expect(queue.items.map((item: { userId: string }) => item.userId)).toContain(user.me.id);
    expect((await requestWithdrawal(test(), user.client, "50")).json().error).toBe("KYC_REQUIRED");

    test().clock.advance(1000);
    await decide(user.me.id);
    expect(await kycOf(user.client)).toMatchObject({ status: "approved", recheckRequired: false });
    const paid = await requestWithdrawal(test(), user.client, "50");
    expect(paid.statusCode, paid.body).toBe(201);
    // Approved again: locked again.
    expect((await user.client.put("/api/kyc/address", address)).json().error).toBe("KYC_LOCKED");
  });

  it("an approval given before the request does not count, even one given at the same instant", async () => {
    test().clock.set(new Date());
    const user = await kycApprovedWithdrawer();
    // The request written at the very instant of the approval: not later than it.
    const approvedAt = (await kycOf(user.client)).reviewedAt as string;
    await setRisk(user.me.id, { kycRecheckRequiredAt: new Date(approvedAt) });
    expect((await requestWithdrawal(test(), user.client, "50")).json().error).toBe(
      "KYC_RECHECK_REQUIRED",
    );
    // Waived (the column cleared): withdrawals work again.
    await setRisk(user.me.id, { kycRecheckRequiredAt: null });
    expect((await requestWithdrawal(test(), user.client, "50")).statusCode).toBe(201);
  });
});

interface QueueItem {
  id: string;
  approvalsRequired: number;
  approvalState: string;
  riskLevel: string | null;
}

async function queueItem(id: string, status = "pending"): Promise<QueueItem> {
  const list = await admin.client.get(`/api/admin/withdrawals?status=${status}`);
  expect(list.statusCode, list.body).toBe(200);
  const item = list.json().items.find((w: { id: string }) => w.id === id);
  expect(item).toBeDefined();
  return item;
}

/** A user with approved KYC (profile only), a wallet, 500 FRE, and `level` if given. */
async function withdrawer(level?: RiskLevel) {
  const user = await verifiedUser(test(), "rw");
  await linkTonWallet(test(), user.client);
  await fundForWithdrawal(test(), user.me.id, "500");
  if (level) await setRisk(user.me.id, { level });
  return user;
}

async function ask(user: User, amount: string) {
  const asked = await requestWithdrawal(test(), user.client, amount);
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().id as string;
}

describe("a high-risk account's withdrawal", () => {
  it("needs two admins whatever the amount, and the queue flags it", async () => {
    test().clock.set(new Date());
    const high = await withdrawer("high");
    const id = await ask(high, "30");
    expect(await queueItem(id)).toMatchObject({
      approvalsRequired: 2,
      approvalState: "awaiting_approval",
      riskLevel: "high",
    });
    const first = await admin.client.post(`/api/admin/withdrawals/${id}/approve`, {
      expect: "first",
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: "pending",
      approvalState: "awaiting_second_approval",
    });
    // Fixed with the request: a later change of level does not move it.
    await setRisk(high.me.id, { level: "low" });
    expect(await queueItem(id)).toMatchObject({ approvalsRequired: 2, riskLevel: null });
  });

  it("a medium-risk account is flagged, a low-risk or unscored one is not; both need one", async () => {
    test().clock.set(new Date());
    for (const [level, flag] of [
      ["medium", "medium"],
      ["low", null],
      [undefined, null],
    ] as const) {
      const user = await withdrawer(level);
      const id = await ask(user, "30");
      expect(await queueItem(id)).toMatchObject({ approvalsRequired: 1, riskLevel: flag });
    }
  });

  it("the decided lists carry the level too", async () => {
    test().clock.set(new Date());
    const user = await withdrawer("high");
    const id = await ask(user, "30");
    const rejected = await admin.client.post(`/api/admin/withdrawals/${id}/reject`, {
      reason: "Compte à risque",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await queueItem(id, "rejected")).toMatchObject({ riskLevel: "high" });
  });
});
