import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../src/db/schema/index.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  expectLedgerBalanced,
  outbox,
  signUp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "usersboss");
});

async function lastAudit(action: string, targetId: string) {
  const response = await admin.client.get(
    `/api/admin/audit?action=${action}&targetId=${encodeURIComponent(targetId)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0];
}

function adjust(c: Client, userId: string, amount: string, key: string, reason = "Correction") {
  return test().app.inject({
    method: "POST",
    url: `/api/admin/users/${userId}/adjustments`,
    headers: {
      origin: "http://localhost:3000",
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": key,
    },
    payload: { amount, reason },
  });
}

describe("admin users: search and user page", () => {
  it("finds users by nickname, e-mail or referral code prefix, any case, and pages", async () => {
    const stamp = Date.now().toString(36).slice(-4);
    // 27 accounts straight into the table (a sign-up each would hash 27 passwords).
    const made = Array.from({ length: 27 }, (_, i) => {
      const nickname = `Srch${stamp}${String(i).padStart(2, "0")}`;
      return {
        id: `srch-${stamp}-${i}`,
        name: nickname,
        nickname,
        email: `${nickname.toLowerCase()}@example.com`,
        referralCode: `S${stamp.toUpperCase()}${String(i).padStart(2, "0")}`,
        createdAt: new Date(test().clock.now().getTime() + i * 1000),
      };
    });
    await test().db.insert(users).values(made);
    const first = await admin.client.get(`/api/admin/users?q=SRCH${stamp}`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(25);
    expect(page1.nextCursor).toEqual(expect.any(String));
    // Newest first.
    expect(page1.items[0].id).toBe(made.at(-1)!.id);
    const page2 = (
      await admin.client.get(`/api/admin/users?q=srch${stamp}&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.items).toHaveLength(2);
    expect(page2.nextCursor).toBeNull();
    const ids = new Set([...page1.items, ...page2.items].map((u: { id: string }) => u.id));
    expect(ids).toEqual(new Set(made.map((m) => m.id)));

    const one = made[3]!;
    const byEmail = (
      await admin.client.get(`/api/admin/users?q=${one.email.toUpperCase()}`)
    ).json();
    expect(byEmail.items.map((u: { id: string }) => u.id)).toEqual([one.id]);
    const byCode = (
      await admin.client.get(`/api/admin/users?q=${one.referralCode.toLowerCase()}`)
    ).json();
    expect(byCode.items.map((u: { id: string }) => u.id)).toEqual([one.id]);
    // A signed-up user is found too.
    const real = await signUp(test());
    const found = (await admin.client.get(`/api/admin/users?q=${real.me.nickname}`)).json();
    expect(found.items.map((u: { id: string }) => u.id)).toEqual([real.me.id]);
    // A prefix only, and `%`/`_` are plain letters.
    const middle = one.nickname.slice(2);
    expect((await admin.client.get(`/api/admin/users?q=${middle}`)).json().items).toEqual([]);
    expect((await admin.client.get("/api/admin/users?q=%25")).json().items).toEqual([]);
    expect((await admin.client.get("/api/admin/users?q=_")).json().items).toEqual([]);
  });

  it("shows a user's profile, balance and activity; 404 for nobody", async () => {
    const { me } = await signUp(test());
    const page = await admin.client.get(`/api/admin/users/${me.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      user: {
        id: me.id,
        nickname: me.nickname,
        email: me.email,
        role: "user",
        balance: "0.000000000",
        suspended: false,
        referralsCount: 0,
        kycStatus: "none",
        wallet: null,
      },
      ledger: [],
      miningSessions: [],
      shopOrders: [],
      withdrawals: [],
    });
    expect((await admin.client.get("/api/admin/users/nobody")).statusCode).toBe(404);
  });
});

describe("admin users: actions", () => {
  it("changes a role, audited with the reason; never the admin's own", async () => {
    const { me } = await signUp(test());
    // Making an admin waits for a second admin (decision 0049; admin-grants.test.ts).
    const requested = await admin.client.post(`/api/admin/users/${me.id}/role`, {
      role: "admin",
      reason: "Nouveau modérateur",
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().user.role).toBe("user");
    expect(requested.json().roleGrant.requestedBy.id).toBe(admin.me.id);
    const second = await elevatedAdmin(test(), "usersboss2");
    const promoted = await second.client.post(
      `/api/admin/role-grants/${requested.json().roleGrant.id}/confirm`,
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().user.role).toBe("admin");
    expect(await lastAudit("user.role", me.id)).toMatchObject({
      actorId: second.me.id,
      targetType: "user",
      before: { role: "user" },
      after: { role: "admin", reason: "Nouveau modérateur", requestedBy: admin.me.id },
    });
    // A later instant: the log orders its entries by time, and the test clock stands still.
    test().clock.advance(1000);
    const demoted = await admin.client.post(`/api/admin/users/${me.id}/role`, {
      role: "user",
      reason: "Fin de mission",
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json().user.role).toBe("user");
    expect(await lastAudit("user.role", me.id)).toMatchObject({
      actorId: admin.me.id,
      before: { role: "admin" },
      after: { role: "user", reason: "Fin de mission" },
    });
    const self = await admin.client.post(`/api/admin/users/${admin.me.id}/role`, {
      role: "user",
      reason: "Je pars",
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe("SELF_ACTION_FORBIDDEN");
    expect(
      (await admin.client.post(`/api/admin/users/${me.id}/role`, { role: "boss", reason: "xyz" }))
        .statusCode,
    ).toBe(400);
  });

  it("suspends: sessions end at once (401), sign-in answers 403 ACCOUNT_SUSPENDED; unsuspends", async () => {
    const victim = await signUp(test());
    const secondDevice = client(test());
    expect(
      (
        await secondDevice.post("/api/auth/sign-in/email", {
          email: victim.user.email,
          password: victim.user.password,
        })
      ).statusCode,
    ).toBe(200);
    expect((await victim.client.get("/api/me")).statusCode).toBe(200);

    const suspended = await admin.client.post(`/api/admin/users/${victim.me.id}/suspend`, {
      reason: "Fraude au parrainage",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().user).toMatchObject({
      suspended: true,
      suspendedReason: "Fraude au parrainage",
    });
    expect(
      await test().db.select().from(sessions).where(eq(sessions.userId, victim.me.id)),
    ).toEqual([]);
    // Old sessions: 401 everywhere, at once (no cache delay).
    expect((await victim.client.get("/api/me")).statusCode).toBe(401);
    expect((await secondDevice.get("/api/wallet/ledger")).statusCode).toBe(401);
    expect((await victim.client.post("/api/mining/start")).statusCode).toBe(401);

    const fresh = client(test());
    const signIn = await fresh.post("/api/auth/sign-in/email", {
      email: victim.user.email,
      password: victim.user.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toBe("ACCOUNT_SUSPENDED");
    expect(signIn.headers["set-cookie"] ?? "").not.toMatch(/session_token=[^;]/);
    expect(
      await test().db.select().from(sessions).where(eq(sessions.userId, victim.me.id)),
    ).toEqual([]);
    // A wrong password says nothing of the suspension.
    const wrong = await client(test()).post("/api/auth/sign-in/email", {
      email: victim.user.email,
      password: "Wr0ng!password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(await lastAudit("user.suspend", victim.me.id)).toMatchObject({
      before: { suspended: false },
      after: { suspended: true, reason: "Fraude au parrainage" },
    });

    const back = await admin.client.post(`/api/admin/users/${victim.me.id}/unsuspend`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().user.suspended).toBe(false);
    expect(
      (
        await fresh.post("/api/auth/sign-in/email", {
          email: victim.user.email,
          password: victim.user.password,
        })
      ).statusCode,
    ).toBe(200);
    expect((await fresh.get("/api/me")).statusCode).toBe(200);
    expect((await lastAudit("user.unsuspend", victim.me.id)).after).toEqual({ suspended: false });

    const self = await admin.client.post(`/api/admin/users/${admin.me.id}/suspend`, {
      reason: "Essai",
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe("SELF_ACTION_FORBIDDEN");
  });

  it("adjusts a balance by a ledger entry, once per key, never below zero", async () => {
    const { me, client: c } = await signUp(test());
    const credit = await adjust(admin.client, me.id, "12.5", "adjust-key-0001");
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ amount: "12.500000000", balance: "12.500000000" });
    // The same key again: the first answer, nothing moved twice.
    const replay = await adjust(admin.client, me.id, "12.5", "adjust-key-0001");
    expect(replay.json()).toEqual(credit.json());
    expect((await adjust(admin.client, me.id, "13", "adjust-key-0001")).statusCode).toBe(422);

    test().clock.advance(1000);
    const debit = await adjust(admin.client, me.id, "-2.5", "adjust-key-0002");
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json().balance).toBe("10.000000000");
    const below = await adjust(admin.client, me.id, "-10.000000001", "adjust-key-0003");
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toBe("INSUFFICIENT_BALANCE");

    const ledger = (await c.get("/api/wallet/ledger")).json();
    const kinds = ledger.items.map((e: { kind: string; amount: string }) => [e.kind, e.amount]);
    expect(kinds).toEqual([
      ["admin_adjustment", "-2.500000000"],
      ["admin_adjustment", "12.500000000"],
    ]);
    expect((await c.get("/api/me")).json().balance).toBe("10.000000000");
    expect(await lastAudit("user.adjustment", me.id)).toMatchObject({
      before: { balance: "12.500000000" },
      after: { balance: "10.000000000", amount: "-2.500000000", reason: "Correction" },
    });

    for (const amount of ["0", "-0.0", "1000000000.000000001", "-1000000001", "1e3", "abc"]) {
      expect((await adjust(admin.client, me.id, amount, "adjust-key-bad")).statusCode).toBe(400);
    }
    expect((await adjust(admin.client, admin.me.id, "5", "adjust-key-self")).statusCode).toBe(403);
    expect((await adjust(admin.client, "nobody", "5", "adjust-key-none")).statusCode).toBe(404);
    const noKey = await admin.client.post(`/api/admin/users/${me.id}/adjustments`, {
      amount: "1",
      reason: "Sans clé",
    });
    expect(noKey.statusCode).toBe(400);
    await expectLedgerBalanced(test());
  });

  it("adjusts nothing on an erased account (404, not the admin's 401)", async () => {
    const { me, client: c, user } = await signUp(test());
    const erased = await test().app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: {
        origin: "http://localhost:3000",
        cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      payload: { password: user.password },
    });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const refused = await adjust(admin.client, me.id, "5", "adjust-key-erased");
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().error).toBe("NOT_FOUND");
  });

  it("sends the verification mail again, once verified no more", async () => {
    const { me, user } = await signUp(test());
    const before = (await outbox(test(), user.email)).length;
    test().clock.advance(61_000);
    const sent = await admin.client.post(`/api/admin/users/${me.id}/verification-mail`);
    expect(sent.statusCode, sent.body).toBe(204);
    expect((await outbox(test(), user.email)).length).toBe(before + 1);
    expect((await lastAudit("user.verification_resend", me.id)).actorId).toBe(admin.me.id);
    expect(
      (await admin.client.post(`/api/admin/users/${admin.me.id}/verification-mail`)).statusCode,
    ).toBe(400);
  });

  it("refuses every user route to a plain user (403)", async () => {
    const plain = await signUp(test(), uniqueUser("plainusr"));
    expect((await plain.client.get("/api/admin/users")).statusCode).toBe(403);
    expect((await plain.client.get(`/api/admin/users/${plain.me.id}`)).statusCode).toBe(403);
    expect(
      (await plain.client.post(`/api/admin/users/${plain.me.id}/suspend`, { reason: "abc" }))
        .statusCode,
    ).toBe(403);
  });
});
