import {
  BASE_RATE_NANO,
  DEFAULT_CIRCLE_SETTINGS,
  earningsFor,
  formatNano,
  REFERRAL_BONUS_NANO,
  SESSION_DURATION_MS,
} from "@fre/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { elevatedAdmin, signUp, uniqueUser, useTestApp, verifiedUser } from "./helpers.ts";

/** The security circle (issue 25 point 2, decision 0043): routes, refusals, the rate's rule. */

const test = useTestApp();

const HOUR = 3_600_000;
type User = Awaited<ReturnType<typeof verifiedUser>>;

const start = async (user: User) => {
  const response = await user.client.post("/api/mining/start");
  expect(response.statusCode, response.body).toBe(200);
};
const name = async (owner: User, userRef: string) => owner.client.post("/api/circle", { userRef });
const referees = async (referrer: User, count: number) => {
  const list: User[] = [];
  for (let i = 0; i < count; i++) {
    list.push(await verifiedUser(test(), "cref", { referralCode: referrer.me.referralCode }));
  }
  return list;
};
const rateOf = (bonuses: number) =>
  formatNano(BASE_RATE_NANO + REFERRAL_BONUS_NANO * BigInt(bonuses));

describe("circle routes", () => {
  it("names members by nickname or referral code, lists them, removes them", async () => {
    test().clock.set(new Date());
    const owner = await verifiedUser(test(), "cowner");
    const a = await verifiedUser(test(), "cmema");
    const b = await verifiedUser(test(), "cmemb");
    const empty = (await owner.client.get("/api/circle")).json();
    expect(empty).toEqual({
      members: [],
      activeCount: 0,
      minMembers: 3,
      minActive: 3,
      maxMembers: 5,
      capWithout: 5,
      complete: false,
      referralCap: 5,
      maxCountedReferrals: 20,
    });

    await start(a);
    // Any case of a nickname; a referral code in lower case.
    const byNickname = await name(owner, a.user.nickname.toUpperCase());
    expect(byNickname.statusCode, byNickname.body).toBe(200);
    test().clock.advance(1000);
    const byCode = await name(owner, ` ${b.me.referralCode.toLowerCase()} `);
    expect(byCode.statusCode, byCode.body).toBe(200);
    const circle = byCode.json();
    expect(circle.members).toEqual([
      {
        userId: a.me.id,
        nickname: a.user.nickname,
        addedAt: expect.any(String),
        active: true,
        suspended: false,
      },
      {
        userId: b.me.id,
        nickname: b.user.nickname,
        addedAt: expect.any(String),
        active: false,
        suspended: false,
      },
    ]);
    expect(circle).toMatchObject({ activeCount: 1, complete: false, referralCap: 5 });

    const removed = await owner.client.delete(`/api/circle/${b.me.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { userId: string }) => m.userId)).toEqual([a.me.id]);
    const again = await owner.client.delete(`/api/circle/${b.me.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("CIRCLE_MEMBER_NOT_FOUND");
  });

  it("refuses myself, a second naming, an unknown user, a full circle, bad input", async () => {
    test().clock.set(new Date());
    const owner = await verifiedUser(test(), "cowner");
    expect((await name(owner, owner.user.nickname)).json().error).toBe("CIRCLE_SELF");
    expect((await name(owner, owner.me.referralCode)).statusCode).toBe(400);

    const unknown = await name(owner, "nobody-at-all-here");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: "CIRCLE_USER_NOT_FOUND",
      message: "Aucun utilisateur ne correspond à ce pseudo ou à ce code de parrainage.",
    });
    // An unknown referral code answers the very same.
    expect((await name(owner, "ZZZZZZZZ")).json()).toEqual(unknown.json());

    const members: User[] = [];
    for (let i = 0; i < 6; i++) members.push(await verifiedUser(test(), "cfull"));
    for (const member of members.slice(0, 5)) {
      expect((await name(owner, member.user.nickname)).statusCode).toBe(200);
    }
    const twice = await name(owner, members[0]!.user.nickname);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe("CIRCLE_MEMBER_EXISTS");
    const full = await name(owner, members[5]!.user.nickname);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: "CIRCLE_FULL" });
    expect(full.json().message).toContain("5");

    for (const userRef of ["", "a\u0000b", "x".repeat(33), "a\nb", "\u202Eabc"]) {
      const refused = await name(owner, userRef);
      expect(refused.statusCode, userRef).toBe(400);
    }
    expect((await owner.client.post("/api/circle", { userRef: 42 })).statusCode).toBe(400);
    expect((await owner.client.delete("/api/circle/not-a-uuid")).statusCode).toBe(400);
  });

  it("needs a verified e-mail to name someone (403) and a session (401)", async () => {
    const unverified = await signUp(test(), uniqueUser("cunver"));
    const member = await verifiedUser(test(), "cmem");
    const refused = await unverified.client.post("/api/circle", {
      userRef: member.user.nickname,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("CIRCLE_EMAIL_NOT_VERIFIED");
    expect((await unverified.client.get("/api/circle")).statusCode).toBe(200);
    const anonymous = await test().app.inject({ method: "GET", url: "/api/circle" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never tells a member who named them", async () => {
    test().clock.set(new Date());
    const owner = await verifiedUser(test(), "csecret");
    const member = await verifiedUser(test(), "cnamed");
    expect((await name(owner, member.user.nickname)).statusCode).toBe(200);
    const bodies = await Promise.all(
      ["/api/circle", "/api/me", "/api/referrals", "/api/mining", "/api/notifications"].map(
        async (url) => (await member.client.get(url)).body,
      ),
    );
    for (const body of bodies) {
      expect(body).not.toContain(owner.me.id);
      expect(body).not.toContain(owner.user.nickname);
    }
    expect(JSON.parse(bodies[0]!).members).toEqual([]);
  });

  it("limits each user's changes (429)", async () => {
    const owner = await verifiedUser(test(), "climit");
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await name(owner, "nobody-limit")).statusCode;
    expect(last).toBe(429);
  });
});

describe("the circle in the mining rate", () => {
  it("8 active referrals without a circle count 5; with 3 active members, 8", async () => {
    test().clock.set(new Date());
    const owner = await verifiedUser(test(), "crate");
    for (const referee of await referees(owner, 8)) await start(referee);
    await start(owner);
    const capped = (await owner.client.get("/api/mining")).json().rate;
    expect(capped).toMatchObject({
      activeReferrals: 8,
      countedReferrals: 5,
      total: rateOf(5),
    });
    expect((await owner.client.get("/api/referrals")).json()).toMatchObject({
      activeCount: 8,
      countedCount: 5,
      circleCap: 5,
    });

    const members = [
      await verifiedUser(test(), "cm"),
      await verifiedUser(test(), "cm"),
      await verifiedUser(test(), "cm"),
    ];
    for (const member of members) {
      expect((await name(owner, member.user.nickname)).statusCode).toBe(200);
    }
    // Named but not mining: the circle is complete, not active.
    expect((await owner.client.get("/api/mining")).json().rate.countedReferrals).toBe(5);
    test().clock.advance(1000);
    // Each member's start re-rates the owner (best effort after the commit).
    for (const member of members) await start(member);
    const circle = (await owner.client.get("/api/circle")).json();
    expect(circle).toMatchObject({ activeCount: 3, complete: true, referralCap: 20 });
    const full = (await owner.client.get("/api/mining")).json();
    expect(full.rate).toMatchObject({ activeReferrals: 8, countedReferrals: 8, total: rateOf(8) });
    expect(full.session.accrual.rate).toBe(rateOf(8));
    const referrals = (await owner.client.get("/api/referrals")).json();
    expect(referrals).toMatchObject({ countedCount: 8 });
    expect(referrals.circleCap).toBeUndefined();
  });

  it("a member stops counting exactly 24 h after their last session ended (earnings exact)", async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    test().clock.set(t0);
    const at = (ms: number) => test().clock.set(new Date(t0.getTime() + ms));
    const owner = await verifiedUser(test(), "cexact");
    const [m1, m2, m3] = [
      await verifiedUser(test(), "cx"),
      await verifiedUser(test(), "cx"),
      await verifiedUser(test(), "cx"),
    ] as [User, User, User];
    for (const m of [m1, m2, m3]) await start(m);
    at(HOUR);
    // m3 stops after an hour: counts until t0 + 1 h + 24 h.
    expect((await m3.client.post("/api/mining/stop")).statusCode).toBe(200);
    for (const m of [m1, m2, m3]) expect((await name(owner, m.user.nickname)).statusCode).toBe(200);
    at(2 * HOUR);
    for (const referee of await referees(owner, 6)) await start(referee);
    at(2 * HOUR + 60_000);
    const ownerStart = t0.getTime() + 2 * HOUR + 60_000;
    await start(owner);
    const counted = async () => (await owner.client.get("/api/mining")).json().rate;
    expect(await counted()).toMatchObject({ countedReferrals: 6, total: rateOf(6) });

    at(25 * HOUR - 1);
    expect(await counted()).toMatchObject({ countedReferrals: 6 });
    expect((await owner.client.get("/api/circle")).json()).toMatchObject({
      activeCount: 3,
      complete: true,
    });
    at(25 * HOUR);
    expect(await counted()).toMatchObject({ countedReferrals: 5, total: rateOf(5) });
    const lapsed = (await owner.client.get("/api/circle")).json();
    expect(lapsed).toMatchObject({ activeCount: 2, complete: false, referralCap: 5 });
    expect(lapsed.members.find((m: { userId: string }) => m.userId === m3.me.id).active).toBe(
      false,
    );

    // After the owner's session: one claim, paid piecewise at each exact instant.
    at(27 * HOUR);
    const claim = await owner.client.post("/api/mining/claim");
    expect(claim.statusCode, claim.body).toBe(200);
    const lapse = t0.getTime() + 25 * HOUR;
    const refereesEnd = t0.getTime() + 26 * HOUR;
    const ownerEnd = ownerStart + SESSION_DURATION_MS;
    const expected =
      earningsFor(BASE_RATE_NANO + REFERRAL_BONUS_NANO * 6n, lapse - ownerStart) +
      earningsFor(BASE_RATE_NANO + REFERRAL_BONUS_NANO * 5n, refereesEnd - lapse) +
      earningsFor(BASE_RATE_NANO, ownerEnd - refereesEnd);
    expect(claim.json().credited).toBe(formatNano(expected));
  });

  it("a session that starts later re-completes the circle from its first instant", async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    test().clock.set(t0);
    const owner = await verifiedUser(test(), "clater");
    const members = [
      await verifiedUser(test(), "cl"),
      await verifiedUser(test(), "cl"),
      await verifiedUser(test(), "cl"),
    ];
    for (const m of members) expect((await name(owner, m.user.nickname)).statusCode).toBe(200);
    for (const referee of await referees(owner, 6)) await start(referee);
    await start(members[0]!);
    await start(members[1]!);
    await start(owner);
    expect((await owner.client.get("/api/mining")).json().rate.countedReferrals).toBe(5);
    test().clock.set(new Date(t0.getTime() + 2 * HOUR));
    await start(members[2]!);
    test().clock.set(new Date(t0.getTime() + 3 * HOUR));
    const claim = await owner.client.post("/api/mining/stop");
    const expected =
      earningsFor(BASE_RATE_NANO + REFERRAL_BONUS_NANO * 5n, 2 * HOUR) +
      earningsFor(BASE_RATE_NANO + REFERRAL_BONUS_NANO * 6n, HOUR);
    expect(claim.json().credited).toBe(formatNano(expected));
  });
});

describe("admin circle settings", () => {
  it("reads the defaults, saves a change with its audit line, refuses bad rules", async () => {
    test().clock.set(new Date());
    const admin = await elevatedAdmin(test(), "circleboss");
    const defaults = await admin.client.get("/api/admin/circle/settings");
    expect(defaults.json()).toEqual(DEFAULT_CIRCLE_SETTINGS);
    const changed = { minMembers: 2, maxMembers: 4, minActive: 2, capWithout: 3 };
    const saved = await admin.client.put("/api/admin/circle/settings", changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.client.get("/api/admin/circle/settings")).json()).toEqual(changed);
    const audit = rowsOf<{ action: string; before: unknown; after: unknown }>(
      await test().db.execute(sql`select action, before, after from audit_log
        where action = 'circle.settings'`),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toEqual(DEFAULT_CIRCLE_SETTINGS);
    expect(audit[0]?.after).toEqual(changed);

    // The rate and the screen follow at once: 4 active referrals, cap 3 without a circle.
    const owner = await verifiedUser(test(), "cset");
    for (const referee of await referees(owner, 4)) await start(referee);
    await start(owner);
    expect((await owner.client.get("/api/mining")).json().rate.countedReferrals).toBe(3);
    expect((await owner.client.get("/api/circle")).json()).toMatchObject({
      referralCap: 3,
      maxMembers: 4,
      minMembers: 2,
    });

    for (const bad of [
      { ...changed, minMembers: 5 },
      { ...changed, minActive: 5 },
      { ...changed, capWithout: 21 },
      { ...changed, maxMembers: 0 },
      { ...changed, maxMembers: 1.5 },
      { minMembers: 3 },
    ]) {
      const refused = await admin.client.put("/api/admin/circle/settings", bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A user may not read or change them.
    expect((await owner.client.get("/api/admin/circle/settings")).statusCode).toBe(403);
    expect((await owner.client.put("/api/admin/circle/settings", changed)).statusCode).toBe(403);
    // Back to the defaults for the other tests.
    await admin.client.put("/api/admin/circle/settings", DEFAULT_CIRCLE_SETTINGS);
  });
});
