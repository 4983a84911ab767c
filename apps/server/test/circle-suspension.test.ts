import { earningsFor, formatNano } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { HOUR, ownerWithReferees, rateCounting } from "./circle-helpers.ts";
import {
  activeSession,
  elevatedAdmin,
  expectLedgerBalanced,
  nameInCircle,
  startMining,
  useTestApp,
  type VerifiedUser,
  verifiedUser,
} from "./helpers.ts";

/**
 * A suspended member no longer counts in anyone's security circle (issue 34 point 10, decision
 * 0056): they are shown as suspended, and the owners who named them are re-rated in the
 * suspension's transaction, and again when the suspension is lifted.
 */

const test = useTestApp();

const rate = rateCounting;

describe("suspension and the security circle", () => {
  it("a suspended member stops counting at once, is shown suspended, and counts again once lifted", async () => {
    const t0 = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    test().clock.set(t0);
    const owner = await ownerWithReferees(test(), "csowner", "csref");
    const members = [
      await verifiedUser(test(), "csm"),
      await verifiedUser(test(), "csm"),
      await verifiedUser(test(), "cssusp"),
    ] as [VerifiedUser, VerifiedUser, VerifiedUser];
    const suspended = members[2];
    for (const member of members) {
      await startMining(member);
      await nameInCircle(owner, member);
    }
    await startMining(owner);
    expect((await owner.client.get("/api/mining")).json().rate).toMatchObject({
      countedReferrals: 6,
    });

    const suspendedAt = new Date(t0.getTime() + HOUR);
    test().clock.set(suspendedAt);
    // An admin's elevation lapses after 30 idle minutes: each act by one elevated just now.
    const admin = await elevatedAdmin(test(), "csadmin");
    const suspension = await admin.client.post(`/api/admin/users/${suspended.me.id}/suspend`, {
      reason: "Fraude au cercle",
    });
    expect(suspension.statusCode, suspension.body).toBe(200);

    const circle = (await owner.client.get("/api/circle")).json();
    expect(circle).toMatchObject({ activeCount: 2, complete: false, referralCap: 5 });
    const shown = circle.members.find((m: { userId: string }) => m.userId === suspended.me.id);
    expect(shown).toMatchObject({ active: false, suspended: true });
    expect(
      circle.members
        .filter((m: { suspended: boolean }) => !m.suspended)
        .map((m: { active: boolean }) => m.active),
    ).toEqual([true, true]);
    // Read from the table (GET /api/mining would re-rate lazily): the suspension itself closed
    // the owner's segment at its instant and opened one at 5 counted referrals.
    expect(await activeSession(test(), owner.me.id)).toEqual({
      accruedNano: earningsFor(rate(6n), HOUR),
      segmentStart: suspendedAt,
      rateNano: rate(5n),
    });

    const liftedAt = new Date(t0.getTime() + 2 * HOUR);
    test().clock.set(liftedAt);
    const lifter = await elevatedAdmin(test(), "csadmin");
    const lifted = await lifter.client.post(`/api/admin/users/${suspended.me.id}/unsuspend`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await activeSession(test(), owner.me.id)).toEqual({
      accruedNano: earningsFor(rate(6n), HOUR) + earningsFor(rate(5n), HOUR),
      segmentStart: liftedAt,
      rateNano: rate(6n),
    });
    const again = (await owner.client.get("/api/circle")).json();
    expect(again).toMatchObject({ activeCount: 3, complete: true });
    expect(again.members.every((m: { suspended: boolean }) => !m.suspended)).toBe(true);

    test().clock.set(new Date(t0.getTime() + 3 * HOUR));
    const stopped = await owner.client.post("/api/mining/stop");
    expect(stopped.json().credited).toBe(
      formatNano(earningsFor(rate(6n), 2 * HOUR) + earningsFor(rate(5n), HOUR)),
    );
    await expectLedgerBalanced(test());
  });
});
