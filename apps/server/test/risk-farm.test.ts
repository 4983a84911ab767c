import type { AdminUserList, AdminUserRisk, RiskReasonCode } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  type Client,
  client,
  elevatedAdmin,
  uniqueUser,
  useTestApp,
  verifyEmail,
} from "./helpers.ts";

/**
 * Issue 25 point 6: a scripted farm — 200 accounts opened from one /24 within minutes, referring
 * each other, each mining on the hour every day — lands in the review queue as high risk with the
 * right reasons, while 200 ordinary users (their own networks, a few sharing one carrier address,
 * referrals spread over days, mining whenever they think of it) do not. The false positives are
 * counted and printed.
 */

const FARM = 200;
const ORDINARY = 200;
/** Ordinary users behind one carrier NAT address: honest people sharing a network. */
const BEHIND_ONE_CARRIER = 20;
const DAYS = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A reproducible sequence (the test must fail or pass the same way every run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Account {
  id: string;
  referralCode: string;
  client: Client;
  /** When this account next starts mining (epoch ms), or null when it stopped. */
  nextStart: number | null;
}

const test = useTestApp();

async function open(ip: string, referralCode?: string): Promise<Account> {
  const user = uniqueUser("f");
  const c = client(test(), { ip });
  const response = await c.post("/api/auth/sign-up/email", {
    ...user,
    name: user.nickname,
    ...(referralCode ? { referralCode } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  const verified = await verifyEmail(test(), user.email);
  expect(verified.statusCode).toBeLessThan(400);
  const me = (await c.get("/api/me")).json() as { id: string; referralCode: string };
  return { id: me.id, referralCode: me.referralCode, client: c, nextStart: null };
}

/** Claims the ended session (if any) and starts the next one, at the clock's instant. */
async function mine(account: Account) {
  const state = (await account.client.get("/api/mining")).json() as { session?: unknown };
  if (state.session) {
    const claimed = await account.client.post("/api/mining/claim");
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
  }
  const started = await account.client.post("/api/mining/start");
  expect(started.statusCode, started.body).toBeLessThan(300);
}

describe("a scripted farm against ordinary users", () => {
  it("flags the farm high with its reasons and leaves ordinary users out of the queue", {
    timeout: 900_000,
  }, async () => {
    const next = random(25);
    const t0 = new Date("2026-03-02T06:00:00Z").getTime();
    test().clock.set(new Date(t0));

    // Ordinary users sign up over the first day, each from a network of their own (twenty of
    // them behind one carrier address); a few bring friends over the following hours.
    const ordinary: Account[] = [];
    for (let i = 0; i < ORDINARY; i++) {
      test().clock.advance(2 * MINUTE + Math.floor(next() * 8 * MINUTE));
      const ip =
        i < BEHIND_ONE_CARRIER
          ? "100.64.12.7"
          : `${11 + (i % 180)}.${Math.floor(next() * 250)}.${i % 250}.${1 + Math.floor(next() * 250)}`;
      const referrer =
        i >= 40 && i % 4 === 0 ? ordinary[Math.floor(next() * 30)]?.referralCode : undefined;
      ordinary.push(await open(ip, referrer));
    }

    // The farm: one /24, one account every few seconds, each referred by an earlier one (a tree
    // of five referees per referrer), all on day 1's evening.
    test().clock.set(new Date(t0 + 20 * HOUR));
    const farm: Account[] = [];
    for (let i = 0; i < FARM; i++) {
      test().clock.advance(3_000);
      const referrer = i === 0 ? undefined : farm[Math.floor((i - 1) / 5)]?.referralCode;
      farm.push(await open(`198.51.100.${1 + (i % 250)}`, referrer));
    }

    // Mining: the farm starts on the hour every day (a scheduler); ordinary users start whenever
    // they come back, some days not at all, never twice at the same minute of the day.
    for (const account of farm) account.nextStart = t0 + DAY + 2 * HOUR; // 08:00:00 on day 2
    for (const account of ordinary) {
      account.nextStart = next() < 0.9 ? t0 + DAY + Math.floor(next() * 14 * HOUR) : null;
    }
    const everyone = [...farm, ...ordinary];
    for (;;) {
      const due = everyone
        .filter((a) => a.nextStart !== null && a.nextStart < t0 + (DAYS + 2) * DAY)
        .sort((a, b) => (a.nextStart as number) - (b.nextStart as number))[0];
      if (!due) break;
      test().clock.set(new Date(due.nextStart as number));
      await mine(due);
      const isFarm = farm.includes(due);
      if (isFarm) due.nextStart = (due.nextStart as number) + DAY;
      else if (next() < 0.15) due.nextStart = null;
      else
        due.nextStart =
          (due.nextStart as number) + DAY + 5 * MINUTE + Math.floor(next() * 6 * HOUR);
    }

    // The nightly job, run by an admin now.
    const admin = await elevatedAdmin(test());
    const run = await admin.client.post("/api/admin/risk/run");
    expect(run.statusCode, run.body).toBe(200);

    const queue = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = (
        await admin.client.get(
          `/api/admin/users?risk=high${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        )
      ).json() as AdminUserList;
      for (const row of page.items) queue.add(row.id);
      cursor = page.nextCursor;
    } while (cursor);

    const farmFlagged = farm.filter((a) => queue.has(a.id)).length;
    const falsePositives = ordinary.filter((a) => queue.has(a.id)).length;
    const risks = async (accounts: Account[]) =>
      Promise.all(
        accounts.map(
          async (a) =>
            (await admin.client.get(`/api/admin/users/${a.id}/risk`)).json() as AdminUserRisk,
        ),
      );
    const ordinaryRisks = await risks(ordinary);
    const mediumOrdinary = ordinaryRisks.filter((r) => r.level === "medium").length;
    process.stdout.write(
      `scripted farm: ${farmFlagged}/${FARM} flagged high; ordinary users: ${falsePositives}/${ORDINARY} ` +
        `false positives (high), ${mediumOrdinary} medium (behind one carrier address: ${BEHIND_ONE_CARRIER})\n`,
    );

    expect(farmFlagged).toBe(FARM);
    expect(falsePositives).toBe(0);
    // Each farm account's reasons: its network, its referral burst and its robot's schedule.
    const expected: RiskReasonCode[] = ["shared_network", "referral_burst", "robotic_mining"];
    for (const risk of await risks(farm.slice(1, 31))) {
      expect(risk.level).toBe("high");
      expect(risk.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(expected));
      expect(risk.reasons.find((r) => r.code === "shared_network")?.count).toBeGreaterThanOrEqual(
        FARM,
      );
      expect(risk.cluster.length).toBeGreaterThan(0);
    }
    // Sharing a carrier's address alone is a reason to look, never enough for the queue.
    for (const risk of ordinaryRisks.slice(0, BEHIND_ONE_CARRIER)) {
      expect(risk.reasons.map((r) => r.code)).toEqual(["shared_network"]);
      expect(risk.level).not.toBe("high");
    }
  });
});
