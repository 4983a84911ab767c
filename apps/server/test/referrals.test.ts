import {
  BASE_RATE_NANO,
  formatNano,
  RATE_REFRESH_MS,
  REFERRAL_BONUS_NANO,
  SESSION_DURATION_MS,
} from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  createTestApp,
  expectLedgerBalanced,
  signUp,
  uniqueUser,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const test = useTestApp();

const HOUR = 3_600_000;

describe("referrals", () => {
  it("25 referrals of which 22 active count 20", async () => {
    const referrer = await verifiedUser(test(), "ref");
    const referees: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let i = 0; i < 25; i++)
      referees.push(await verifiedUser(test(), "ref", { referralCode: referrer.me.referralCode }));
    for (const referee of referees.slice(0, 22)) {
      expect((await referee.client.post("/api/mining/start")).statusCode).toBe(200);
    }
    // More than 5 count only with a complete, active security circle (issue 25, decision 0043):
    // three of the miners are people the referrer knows.
    for (const member of referees.slice(0, 3)) {
      const named = await referrer.client.post("/api/circle", { userRef: member.user.nickname });
      expect(named.statusCode).toBe(200);
    }
    const mine = (await referrer.client.get("/api/referrals")).json();
    expect(mine).toMatchObject({
      code: referrer.me.referralCode,
      link: `http://localhost:3000/register?ref=${referrer.me.referralCode}`,
      total: 25,
      activeCount: 22,
      countedCount: 20,
      bonusPerHour: "0.041666000",
      hasReferrer: false,
    });
    expect(mine.referrals).toHaveLength(25);
    expect(mine.referrals.filter((r: { active: boolean }) => r.active)).toHaveLength(22);
    const rate = (await referrer.client.get("/api/mining")).json().rate;
    expect(rate).toMatchObject({
      activeReferrals: 22,
      countedReferrals: 20,
      referrals: "0.041666000",
    });
  }, 90_000); // 26 sign-ups (password hashes) and the circle: slow on a busy machine

  it("stops counting a referee whose session reaches its 24 h end unclaimed", async () => {
    const referrer = await verifiedUser(test(), "ref");
    const referee = await verifiedUser(test(), "ref", { referralCode: referrer.me.referralCode });
    expect((await referee.client.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(HOUR);
    expect((await referrer.client.post("/api/mining/start")).statusCode).toBe(200);
    const boosted = formatNano(BASE_RATE_NANO + REFERRAL_BONUS_NANO);
    const base = formatNano(BASE_RATE_NANO);
    const referralsOf = async () => (await referrer.client.get("/api/referrals")).json();
    const miningOf = async () => (await referrer.client.get("/api/mining")).json();

    // The last millisecond of the referee's session: still mining, still counted.
    test().clock.advance(SESSION_DURATION_MS - HOUR - 1);
    expect(await referralsOf()).toMatchObject({
      activeCount: 1,
      countedCount: 1,
      bonusPerHour: formatNano(REFERRAL_BONUS_NANO),
      referrals: [{ active: true }],
    });
    const counted = await miningOf();
    expect(counted.rate).toMatchObject({ activeReferrals: 1, countedReferrals: 1, total: boosted });
    expect(counted.session.accrual.rate).toBe(boosted);

    // Its end: nobody stopped or claimed it, yet it no longer counts.
    test().clock.advance(1);
    expect((await referee.client.get("/api/mining")).json().session).toMatchObject({
      active: false,
      ended: true,
      claimed: false,
      remainingMs: 0,
    });
    expect(await referralsOf()).toMatchObject({
      activeCount: 0,
      countedCount: 0,
      bonusPerHour: formatNano(0n),
      referrals: [{ active: false }],
    });
    const dropped = await miningOf();
    expect(dropped.rate).toMatchObject({
      activeReferrals: 0,
      countedReferrals: 0,
      referrals: formatNano(0n),
      total: base,
    });
    expect(dropped.session).toMatchObject({ active: true, ended: false });

    // The running session takes the base rate at its next rate check (at most a minute later).
    test().clock.advance(RATE_REFRESH_MS);
    const settled = await miningOf();
    expect(settled.rate.total).toBe(base);
    expect(settled.session.accrual.rate).toBe(base);
  });

  it("pays the referral bonus exactly until the referee's session ends, read or not", async () => {
    const referrer = await verifiedUser(test(), "ref");
    const referee = await verifiedUser(test(), "ref", { referralCode: referrer.me.referralCode });
    expect((await referee.client.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(HOUR);
    expect((await referrer.client.post("/api/mining/start")).statusCode).toBe(200);
    // Nobody reads anything until the referrer stops, 2 minutes before their own end: 22 h 58 min
    // with the bonus (until the referee's end), then 1 h at the base rate.
    test().clock.advance(SESSION_DURATION_MS - 2 * 60_000);
    const stopped = await referrer.client.post("/api/mining/stop");
    expect(stopped.statusCode, stopped.body).toBe(200);
    const withBonus = SESSION_DURATION_MS - HOUR;
    const withoutBonus = HOUR - 2 * 60_000;
    const expected =
      ((BASE_RATE_NANO + REFERRAL_BONUS_NANO) * BigInt(withBonus)) / 3_600_000n +
      (BASE_RATE_NANO * BigInt(withoutBonus)) / 3_600_000n;
    const credited = BigInt(
      (await referrer.client.get("/api/me")).json().balance.replace(".", "").replace(/^0+/, "") ||
        "0",
    );
    // Earnings are floored per segment: at most one nano-FRE of rounding per boundary.
    expect(Number(expected - credited)).toBeGreaterThanOrEqual(0);
    expect(Number(expected - credited)).toBeLessThanOrEqual(2);
  });

  it("sets a referrer later with every check", async () => {
    const a = await signUp(test());
    const b = await signUp(test());
    const c = await signUp(test(), uniqueUser(), { referralCode: b.me.referralCode });
    const post = (who: typeof a, code: string) =>
      who.client.post("/api/referrals/referrer", { code });

    expect((await post(a, " ")).json().error).toBe("REFERRAL_CODE_REQUIRED");
    expect((await post(a, "NOPE99")).json().error).toBe("REFERRAL_CODE_INVALID");
    expect((await post(a, a.me.referralCode)).json().error).toBe("REFERRAL_CODE_OWN");
    expect((await post(c, a.me.referralCode)).json().error).toBe("REFERRER_ALREADY_SET");
    // b → a is fine; then a → c would close the loop a ← b ← c ← a.
    expect((await post(b, a.me.referralCode.toLowerCase())).statusCode).toBe(200);
    const loop = await post(a, c.me.referralCode);
    expect(loop.statusCode).toBe(400);
    expect(loop.json()).toEqual({
      error: "REFERRAL_LOOP",
      message: "Ce parrainage créerait une boucle.",
    });
    expect((await b.client.get("/api/referrals")).json().hasReferrer).toBe(true);
  });
});

describe("leaderboard", () => {
  it("ranks by total mined with deterministic ties and shows my rank outside the top 10", async () => {
    const fresh = await createTestApp();
    try {
      const players: Awaited<ReturnType<typeof signUp>>[] = [];
      for (let i = 0; i < 12; i++) players.push(await signUp(fresh, uniqueUser("lb")));
      const { users } = await import("../src/db/schema/index.ts");
      const { eq } = await import("drizzle-orm");
      for (const [i, p] of players.entries()) {
        const mined = i < 11 ? BigInt(1000 - (i % 3)) : 1n;
        await fresh.db.update(users).set({ totalMined: mined }).where(eq(users.id, p.me.id));
      }
      const board = (await players[11]!.client.get("/api/leaderboard")).json();
      expect(board.top).toHaveLength(10);
      expect(board.top.map((t: { rank: number }) => t.rank)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      // 1000 nFRE for players 0, 3, 6, 9 in sign-up order, then 999 for 1, 4, 7, 10…
      expect(board.top.slice(0, 4).map((t: { nickname: string }) => t.nickname)).toEqual(
        [0, 3, 6, 9].map((i) => players[i]!.me.nickname),
      );
      expect(board.top[0].totalMined).toBe("0.000001000");
      expect(board.me).toEqual({ rank: 12, totalMined: "0.000000001" });
      const again = (await players[11]!.client.get("/api/leaderboard")).json();
      expect(again).toEqual(board);
      await expectLedgerBalanced(fresh);
    } finally {
      await fresh.close();
    }
  });
});
