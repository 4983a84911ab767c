/**
 * Four eyes on the admin role (issue 32 §3 and §10, decision 0049): a console grant waits for a
 * second, independent admin; nobody confirms their own request or their own grant; an admin made
 * with the requester's help is no second pair of eyes for them; demotions and suspensions of
 * admins keep at least one active admin, under one lock.
 */
import { and, eq, isNull, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import { users, withdrawals } from "../src/db/schema/index.ts";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import {
  type Client,
  DEFAULT_ADMIN_CODE,
  elevatedAdmin,
  PUBLIC_URL,
  useTestApp,
  type VerifiedUser,
  verifiedUser,
} from "./helpers.ts";
import { requestWithdrawal } from "./ton-helpers.ts";
import { approveAs, newWithdrawer, payOutTwice, simPayoutsOf } from "./withdrawal-helpers.ts";

const test = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Make admin" on the user page: the console's grant request. */
const requestGrant = (by: VerifiedUser, userId: string, reason = "Nouvel opérateur") =>
  by.client.post(`/api/admin/users/${userId}/role`, { role: "admin", reason });
const demote = (by: VerifiedUser, userId: string, reason = "Départ de l'équipe") =>
  by.client.post(`/api/admin/users/${userId}/role`, { role: "user", reason });
const confirmGrant = (by: VerifiedUser, grantId: string) =>
  by.client.post(`/api/admin/role-grants/${grantId}/confirm`);
const cancelGrant = (by: VerifiedUser, grantId: string) =>
  by.client.post(`/api/admin/role-grants/${grantId}/cancel`);
const elevate = (c: Client) => c.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });

async function roleOf(userId: string) {
  const [row] = await test()
    .db.select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return row?.role;
}

/** The audit entries of one action on one target, newest first (read by `reader`). */
async function auditOf(reader: VerifiedUser, action: string, targetId: string) {
  const response = await reader.client.get(
    `/api/admin/audit?action=${action}&targetId=${encodeURIComponent(targetId)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Record<string, unknown>[];
}

/** Requests the grant and returns its id (the answer shows it pending, the role unchanged). */
async function pendingGrant(by: VerifiedUser, userId: string) {
  const answer = await requestGrant(by, userId);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().user.role).toBe("user");
  return answer.json().roleGrant.id as string;
}

/** A console-made admin: requested by `by`, confirmed by `confirmer`, then elevated. */
async function consoleAdmin(by: VerifiedUser, confirmer: VerifiedUser, prefix: string) {
  const person = await verifiedUser(test(), prefix);
  const grantId = await pendingGrant(by, person.me.id);
  const confirmed = await confirmGrant(confirmer, grantId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect((await elevate(person.client)).statusCode).toBe(200);
  return person;
}

describe("a console grant needs a second admin", () => {
  it("is pending and audited; neither the requester nor the grantee confirms; another admin does", async () => {
    const alice = await elevatedAdmin(test(), "galice");
    const bob = await elevatedAdmin(test(), "gbob");
    const carol = await elevatedAdmin(test(), "gcarol");
    const x = await verifiedUser(test(), "gx");

    const requested = await requestGrant(alice, x.me.id);
    expect(requested.statusCode, requested.body).toBe(200);
    const body = requested.json();
    expect(body.user.role).toBe("user");
    expect(body.roleGrant).toMatchObject({
      id: expect.any(String),
      requestedBy: { id: alice.me.id, nickname: alice.me.nickname },
      reason: "Nouvel opérateur",
    });
    const grantId: string = body.roleGrant.id;
    expect(Date.parse(body.roleGrant.expiresAt) - Date.parse(body.roleGrant.requestedAt)).toBe(
      DAY_MS,
    );
    expect(await roleOf(x.me.id)).toBe("user");
    expect((await elevate(x.client)).statusCode).toBe(403);
    expect(await auditOf(alice, "user.role_grant_request", x.me.id)).toMatchObject([
      {
        actorId: alice.me.id,
        targetType: "user",
        before: { role: "user" },
        after: { role: "admin", reason: "Nouvel opérateur", grantId },
      },
    ]);
    expect(await auditOf(alice, "user.role", x.me.id)).toEqual([]);
    // The page shows it to any admin.
    expect((await bob.client.get(`/api/admin/users/${x.me.id}`)).json().roleGrant.id).toBe(grantId);

    // A double tap, or another admin pressing "make admin": the same request, not a second one.
    expect((await requestGrant(alice, x.me.id)).json().roleGrant.id).toBe(grantId);
    const again = await requestGrant(bob, x.me.id, "Moi aussi");
    expect(again.json().roleGrant).toMatchObject({
      id: grantId,
      requestedBy: { id: alice.me.id },
    });
    expect(again.json().user.role).toBe("user");

    // The requester cannot be the second pair of eyes.
    const own = await confirmGrant(alice, grantId);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().error).toBe("SELF_REVIEW_FORBIDDEN");
    // Nor the grantee (not an admin: the gate refuses them).
    expect((await confirmGrant(x, grantId)).statusCode).toBe(403);
    expect(await roleOf(x.me.id)).toBe("user");

    const confirmed = await confirmGrant(bob, grantId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().user.role).toBe("admin");
    expect(confirmed.json().roleGrant).toBeNull();
    expect(await roleOf(x.me.id)).toBe("admin");
    expect((await elevate(x.client)).statusCode).toBe(200);
    expect(await auditOf(alice, "user.role", x.me.id)).toMatchObject([
      {
        actorId: bob.me.id,
        targetType: "user",
        before: { role: "user" },
        after: {
          role: "admin",
          reason: "Nouvel opérateur",
          requestedBy: alice.me.id,
          grantId,
        },
      },
    ]);
    // Once confirmed it is spent.
    const twice = await confirmGrant(carol, grantId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe("ADMIN_GRANT_NOT_PENDING");
    expect((await cancelGrant(alice, grantId)).json().error).toBe("ADMIN_GRANT_NOT_PENDING");
  });

  it("a grantee made admin meanwhile (server console) cannot confirm their own grant", async () => {
    const alice = await elevatedAdmin(test(), "halice");
    const x = await verifiedUser(test(), "hx");
    const grantId = await pendingGrant(alice, x.me.id);
    await setRoleByEmail(test().db, x.user.email, "admin");
    expect((await elevate(x.client)).statusCode).toBe(200);
    const own = await confirmGrant(x, grantId);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json().error).toBe("SELF_ACTION_FORBIDDEN");
  });

  it("is refused for an unknown or erased account; 404 for an unknown grant", async () => {
    const alice = await elevatedAdmin(test(), "ialice");
    const gone = await verifiedUser(test(), "igone");
    await test()
      .db.update(users)
      .set({ erasedAt: test().clock.now() })
      .where(eq(users.id, gone.me.id));
    expect((await requestGrant(alice, gone.me.id)).statusCode).toBe(404);
    expect((await requestGrant(alice, "nobody")).statusCode).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await confirmGrant(alice, unknown)).statusCode).toBe(404);
    expect((await cancelGrant(alice, unknown)).statusCode).toBe(404);
  });

  it("the operator's server console still promotes at once", async () => {
    const x = await verifiedUser(test(), "jx");
    const lines: string[] = [];
    const code = await runAdminCommand(
      { db: test().db, clock: test().clock },
      ["promote", x.user.email],
      { out: (l) => lines.push(l), err: (l) => lines.push(l) },
    );
    expect(code, lines.join("\n")).toBe(0);
    expect(await roleOf(x.me.id)).toBe("admin");
  });
});

describe("a pending grant ends", () => {
  it("cancelled by its requester, or refused by another admin (audited)", async () => {
    const alice = await elevatedAdmin(test(), "kalice");
    const bob = await elevatedAdmin(test(), "kbob");
    const x = await verifiedUser(test(), "kx");

    const first = await pendingGrant(alice, x.me.id);
    const cancelled = await cancelGrant(alice, first);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().roleGrant).toBeNull();
    expect((await confirmGrant(bob, first)).json().error).toBe("ADMIN_GRANT_NOT_PENDING");

    const second = await pendingGrant(alice, x.me.id);
    expect(second).not.toBe(first);
    expect((await cancelGrant(bob, second)).statusCode).toBe(200);
    expect(await roleOf(x.me.id)).toBe("user");
    const entries = await auditOf(alice, "user.role_grant_cancel", x.me.id);
    // Both at one instant of the test clock: the log's order between them is the ids'.
    expect(entries.map((e) => e.actorId).sort()).toEqual([alice.me.id, bob.me.id].sort());
    expect(entries.find((e) => e.actorId === bob.me.id)).toMatchObject({
      before: { status: "pending", requestedBy: alice.me.id, grantId: second },
      after: { status: "cancelled" },
    });
  });

  it("waits where every admin sees it: counted on the summary, listed with its grantee", async () => {
    const alice = await elevatedAdmin(test(), "walice");
    const bob = await elevatedAdmin(test(), "wbob");
    const x = await verifiedUser(test(), "wx");
    const waiting = async () => {
      const summary = (await bob.client.get("/api/admin/summary")).json();
      const list = await bob.client.get("/api/admin/role-grants");
      expect(list.statusCode, list.body).toBe(200);
      return { count: summary.pendingRoleGrants as number, items: list.json().items as object[] };
    };
    const before = await waiting();

    const grantId = await pendingGrant(alice, x.me.id);
    const now = await waiting();
    expect(now.count).toBe(before.count + 1);
    expect(now.items).toContainEqual({
      id: grantId,
      grantee: { id: x.me.id, nickname: x.me.nickname },
      requestedBy: { id: alice.me.id, nickname: alice.me.nickname },
      reason: "Nouvel opérateur",
      requestedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    // A plain user hears nothing of it.
    expect((await x.client.get("/api/admin/role-grants")).statusCode).toBe(403);

    expect((await confirmGrant(bob, grantId)).statusCode).toBe(200);
    const after = await waiting();
    expect(after.count).toBe(before.count);
    expect(after.items.map((item) => (item as { id: string }).id)).not.toContain(grantId);
  });

  it("after 24 hours, and when its requester is no longer an admin", async () => {
    const alice = await elevatedAdmin(test(), "lalice");
    const bob = await elevatedAdmin(test(), "lbob");
    const dora = await elevatedAdmin(test(), "ldora");
    const x = await verifiedUser(test(), "lx");

    const old = await pendingGrant(alice, x.me.id);
    test().clock.advance(DAY_MS);
    // The elevations (30 min) ended too.
    for (const admin of [alice, bob, dora])
      expect((await elevate(admin.client)).statusCode).toBe(200);
    expect((await bob.client.get(`/api/admin/users/${x.me.id}`)).json().roleGrant).toBeNull();
    const late = await confirmGrant(bob, old);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe("ADMIN_GRANT_NOT_PENDING");
    // A new request replaces the lapsed one.
    const fresh = await pendingGrant(alice, x.me.id);
    expect(fresh).not.toBe(old);
    expect((await cancelGrant(alice, fresh)).statusCode).toBe(200);

    // Dora asks, then is demoted: her request no longer stands.
    const orphan = await pendingGrant(dora, x.me.id);
    expect((await demote(bob, dora.me.id)).statusCode).toBe(200);
    expect((await alice.client.get(`/api/admin/users/${x.me.id}`)).json().roleGrant).toBeNull();
    expect((await confirmGrant(alice, orphan)).json().error).toBe("ADMIN_GRANT_NOT_PENDING");
    expect(await roleOf(x.me.id)).toBe("user");
  });
});

/** A verified user with approved KYC, a ton_proof wallet and `fre` FRE. */
const withdrawer = (fre?: string) => newWithdrawer(test(), "gw", fre);
const approve = approveAs;
const payOut = () => payOutTwice(test());
const payoutsOf = (id: string) => simPayoutsOf(test(), id);

describe("the probe: two admins one admin made", () => {
  it("A promotes X and Y: neither is an admin, so they cannot approve first and final", async () => {
    const a = await elevatedAdmin(test(), "pa");
    const x = await verifiedUser(test(), "px");
    const y = await verifiedUser(test(), "py");
    const grantX = await pendingGrant(a, x.me.id);
    const grantY = await pendingGrant(a, y.me.id);
    for (const person of [x, y]) {
      expect(await roleOf(person.me.id)).toBe("user");
      expect((await elevate(person.client)).statusCode).toBe(403);
    }
    const { client: c } = await withdrawer();
    const asked = await requestWithdrawal(test(), c, "2000");
    expect(asked.statusCode, asked.body).toBe(201);
    const id: string = asked.json().id;
    expect((await approve(x, id, "first")).statusCode).toBe(403);
    expect((await approve(y, id, "final")).statusCode).toBe(403);
    // Nor can they confirm each other's grant, nor A either.
    expect((await confirmGrant(x, grantY)).statusCode).toBe(403);
    expect((await confirmGrant(y, grantX)).statusCode).toBe(403);
    expect((await confirmGrant(a, grantX)).json().error).toBe("SELF_REVIEW_FORBIDDEN");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    const [row] = await test().db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: "pending", firstApprovedBy: null });
  });

  it("the sibling: an admin A helped make is not A's second pair of eyes, for a grant or a payout", async () => {
    const a = await elevatedAdmin(test(), "sa");
    const b = await elevatedAdmin(test(), "sb");
    const c = await elevatedAdmin(test(), "sc");
    // X: asked by A, confirmed by B. Then A asks for Y and turns to X.
    const x = await consoleAdmin(a, b, "sx");
    const y = await verifiedUser(test(), "sy");
    const grantY = await pendingGrant(a, y.me.id);
    const sibling = await confirmGrant(x, grantY);
    expect(sibling.statusCode, sibling.body).toBe(409);
    expect(sibling.json().error).toBe("ADMIN_GRANT_NOT_INDEPENDENT");
    expect(await roleOf(y.me.id)).toBe("user");
    // And the other way: X asks, A (who asked for X) or B (who confirmed X) cannot confirm.
    const z = await verifiedUser(test(), "sz");
    const grantZ = await pendingGrant(x, z.me.id);
    expect((await confirmGrant(a, grantZ)).json().error).toBe("ADMIN_GRANT_NOT_INDEPENDENT");
    expect((await confirmGrant(b, grantZ)).json().error).toBe("ADMIN_GRANT_NOT_INDEPENDENT");
    // An admin who took no part confirms.
    expect((await confirmGrant(c, grantZ)).json().user.role).toBe("admin");
    expect((await confirmGrant(b, grantY)).json().user.role).toBe("admin");

    // Payouts: A or B with X is one pair of eyes twice (the requester and the confirmer both).
    const { client: w } = await withdrawer();
    const asked = await requestWithdrawal(test(), w, "2000");
    const id: string = asked.json().id;
    expect((await approve(x, id, "first")).statusCode).toBe(200);
    for (const maker of [a, b]) {
      const refused = await approve(maker, id, "final");
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toBe("SECOND_APPROVER_REQUIRED");
    }
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(0);
    // C took no part in X: C completes it.
    expect((await approve(c, id, "final")).json().status).toBe("processing");
    await payOut();
    expect(await payoutsOf(id)).toHaveLength(1);
  });
});

describe("the last admin", () => {
  /**
   * Leaves exactly the given admins in the database (the others become users, then come back):
   * the last-admin guard counts every admin.
   */
  async function onlyAdmins<T>(keep: VerifiedUser[], run: () => Promise<T>): Promise<T> {
    const { db } = test();
    const kept = new Set(keep.map((p) => p.user.email));
    const others = (
      await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.role, "admin"), isNull(users.erasedAt)))
    ).filter((row) => !kept.has(row.email));
    for (const other of others) await setRoleByEmail(db, other.email, "user");
    try {
      return await run();
    } finally {
      for (const other of others) await setRoleByEmail(db, other.email, "admin");
    }
  }

  const activeAdmins = async () =>
    (
      await test()
        .db.select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), isNull(users.erasedAt), isNull(users.suspendedAt)))
    ).length;

  it("two admins demoting each other at once: one 409 LAST_ADMIN, one admin left (5 rounds)", {
    timeout: 120_000,
  }, async () => {
    const a = await elevatedAdmin(test(), "da");
    const b = await elevatedAdmin(test(), "db");
    for (let round = 0; round < 5; round++) {
      // Both admins again (their elevations outlive the role): the next round starts even.
      for (const p of [a, b]) await setRoleByEmail(test().db, p.user.email, "admin");
      await onlyAdmins([a, b], async () => {
        const answers = await Promise.all([demote(a, b.me.id), demote(b, a.me.id)]);
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join()).toEqual([
          200, 409,
        ]);
        expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe("LAST_ADMIN");
        expect(await activeAdmins()).toBe(1);
      });
    }
  });

  it("two admins suspending each other at once: one 409 LAST_ADMIN, one active admin left", {
    timeout: 120_000,
  }, async () => {
    for (let round = 0; round < 3; round++) {
      const a = await elevatedAdmin(test(), `ua${round}`);
      const b = await elevatedAdmin(test(), `ub${round}`);
      await onlyAdmins([a, b], async () => {
        const answers = await Promise.all([
          a.client.post(`/api/admin/users/${b.me.id}/suspend`, { reason: "Course" }),
          b.client.post(`/api/admin/users/${a.me.id}/suspend`, { reason: "Course" }),
        ]);
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join()).toEqual([
          200, 409,
        ]);
        expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe("LAST_ADMIN");
        expect(await activeAdmins()).toBe(1);
      });
    }
  });

  it("a suspended admin does not count: the only active admin cannot erase their account", async () => {
    const a = await elevatedAdmin(test(), "ea");
    const b = await elevatedAdmin(test(), "eb");
    await onlyAdmins([a, b], async () => {
      expect(
        (await a.client.post(`/api/admin/users/${b.me.id}/suspend`, { reason: "Enquête" }))
          .statusCode,
      ).toBe(200);
      const erase = await test().app.inject({
        method: "DELETE",
        url: "/api/me",
        headers: {
          origin: PUBLIC_URL,
          cookie: [...a.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        payload: { password: a.user.password },
      });
      expect(erase.statusCode, erase.body).toBe(409);
      expect(erase.json().error).toBe("LAST_ADMIN");
      const [row] = await test()
        .db.select({ role: users.role })
        .from(users)
        .where(and(eq(users.id, a.me.id), isNull(users.erasedAt), ne(users.role, "user")));
      expect(row?.role).toBe("admin");
    });
  });
});
