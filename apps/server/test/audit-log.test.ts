import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema/index.ts";
import { DEFAULT_ADMIN_CODE, elevatedAdmin, promotedAdmin, signUp } from "./helpers.ts";
import { completeRequest, getAs, useKycApp } from "./kyc-fixtures.ts";

const test = useKycApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "auditor");
});

interface Entry {
  id: string;
  actorId: string;
  actorNickname: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
}

async function audit(query = ""): Promise<{ items: Entry[]; nextCursor: string | null }> {
  const response = await admin.client.get(`/api/admin/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The newest entry of this action. */
async function latest(action: string, actorId = admin.me.id): Promise<Entry> {
  const { items } = await audit(`?action=${action}&actorId=${actorId}`);
  const [entry] = items;
  if (!entry) throw new Error(`no audit entry ${action}`);
  return entry;
}

describe("audit log", () => {
  it("records elevation granted and denied, and a code change without the code", async () => {
    const other = await promotedAdmin(test(), "auditee");
    expect((await other.client.post("/api/admin/access", { code: "wrong-code!" })).statusCode).toBe(
      401,
    );
    expect(
      (await other.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode,
    ).toBe(200);
    expect(
      (await other.client.put("/api/admin/security/code", { code: "my-new-code-42" })).statusCode,
    ).toBe(204);

    const denied = await latest("admin.access_denied", other.me.id);
    expect(denied).toMatchObject({
      actorId: other.me.id,
      actorNickname: other.me.nickname,
      targetType: "admin",
      targetId: other.me.id,
      ip: "127.0.0.1",
    });
    expect((await latest("admin.access_granted", other.me.id)).targetId).toBe(other.me.id);
    const changed = await latest("admin.code_changed", other.me.id);
    expect(changed.actorId).toBe(other.me.id);
    // Neither the code nor its hash anywhere in the log.
    const raw = await test().db.execute(sql`select before::text, after::text from audit_log`);
    expect(JSON.stringify(raw)).not.toContain("my-new-code-42");
    expect(JSON.stringify(raw)).not.toMatch(/scrypt|\$argon|codeHash/i);
  });

  it("records bonus codes, messages, settings, limits and shop items with before and after", async () => {
    const c = admin.client;
    const created = await c.post("/api/admin/bonus-codes", {
      code: "AUDIT5",
      type: "fre",
      rewardValue: "5",
      maxUses: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await c.patch("/api/admin/bonus-codes/AUDIT5", { maxUses: 9, isActive: false })).statusCode,
    ).toBe(200);
    expect(await latest("bonus_code.create")).toMatchObject({
      actorId: admin.me.id,
      targetType: "bonus_code",
      targetId: "AUDIT5",
      before: null,
      after: { code: "AUDIT5", maxUses: 3, isActive: true },
    });
    expect(await latest("bonus_code.update")).toMatchObject({
      before: { maxUses: 3, isActive: true },
      after: { maxUses: 9, isActive: false },
    });

    const global = await c.put("/api/admin/messages/global", {
      title: "Maintenance",
      content: "Ce soir à 22 h.",
      type: "warning",
      active: true,
      expiresAt: null,
    });
    expect(global.statusCode, global.body).toBe(200);
    expect(await latest("message.global_save")).toMatchObject({
      targetType: "message",
      targetId: "global",
      after: { title: "Maintenance", active: true },
    });
    const info = await c.post("/api/admin/messages/information", { title: "Info", content: "x" });
    expect(info.statusCode).toBe(201);
    const infoId = info.json().id;
    expect(
      (await c.put(`/api/admin/messages/information/${infoId}`, { title: "Info 2", content: "y" }))
        .statusCode,
    ).toBe(200);
    expect((await c.delete(`/api/admin/messages/information/${infoId}`)).statusCode).toBe(204);
    for (const action of ["create", "update", "delete"]) {
      expect((await latest(`message.information_${action}`)).targetId).toBe(infoId);
    }

    expect((await c.put("/api/admin/withdrawals/settings", { minimum: "42" })).statusCode).toBe(
      200,
    );
    expect(await latest("withdrawal.settings")).toMatchObject({
      targetType: "settings",
      targetId: "withdrawals",
      after: { minimum: "42.000000000" },
    });
    expect(
      (await c.put("/api/admin/games/limits", { minBet: "1", maxBet: "500" })).statusCode,
    ).toBe(200);
    expect(await latest("games.limits")).toMatchObject({
      targetId: "games",
      after: { minBet: "1", maxBet: "500" },
    });
    expect((await c.patch("/api/admin/shop/items/BOX7", { enabled: false })).statusCode).toBe(200);
    expect(await latest("shop.item_update")).toMatchObject({
      targetType: "shop_item",
      targetId: "BOX7",
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it("records a support answer, every KYC document view and the KYC decision", async () => {
    const user = await signUp(test());
    const ticket = await user.client.post("/api/support/tickets", {
      subject: "Question",
      message: "Bonjour, une question.",
    });
    expect(ticket.statusCode).toBe(201);
    const ticketId = ticket.json().id;
    const reply = await admin.client.post(`/api/admin/support/tickets/${ticketId}/replies`, {
      message: "Voici la réponse.",
      close: true,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await latest("support.reply")).toMatchObject({
      targetType: "support_ticket",
      targetId: ticketId,
      after: { status: "closed" },
    });

    await completeRequest(test(), user.client);
    expect((await user.client.post("/api/kyc/submit")).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const file = await getAs(
        test(),
        admin.client.jar,
        `/api/admin/kyc/${user.me.id}/files/front`,
      );
      expect(file.statusCode).toBe(200);
    }
    const views = (await audit(`?action=kyc.document_view&targetId=${user.me.id}`)).items;
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ targetType: "kyc_document", after: { slot: "front" } });
    // The document's contents never enter the log.
    expect(JSON.stringify(views)).not.toContain("ab 123456");

    const decided = await admin.client.post(`/api/admin/kyc/${user.me.id}/decision`, {
      decision: "approve",
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await latest("kyc.decision")).toMatchObject({
      targetType: "user",
      targetId: user.me.id,
      before: { status: "pending" },
      after: { status: "approved" },
    });
  });

  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    const { db } = test();
    const [row] = await db.select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(row).toBeDefined();
    for (const statement of [
      sql`update audit_log set action = 'forged' where id = ${row!.id}`,
      sql`delete from audit_log where id = ${row!.id}`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    }
    const [still] = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.id} = ${row!.id}`);
    expect(still?.action).not.toBe("forged");
  });

  it("filters by action, admin, target and dates, and pages newest first", async () => {
    const before = test().clock.now();
    for (let i = 0; i < 55; i++) {
      test().clock.advance(1000);
      await admin.client.patch("/api/admin/shop/items/BOX15", { enabled: i % 2 === 0 });
    }
    const first = await audit(`?action=shop.item_update&targetId=BOX15`);
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const times = first.items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await audit(
      `?action=shop.item_update&targetId=BOX15&cursor=${first.nextCursor}`,
    );
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((e) => e.id));
    expect(ids.size).toBe(55);

    expect((await audit(`?actorId=${admin.me.id}&targetId=BOX15`)).items).toHaveLength(50);
    expect((await audit(`?actorId=nobody&targetId=BOX15`)).items).toHaveLength(0);
    const from = new Date(before.getTime() + 50_500).toISOString();
    expect((await audit(`?targetId=BOX15&from=${from}`)).items).toHaveLength(5);
    const to = new Date(before.getTime() + 2_500).toISOString();
    expect((await audit(`?targetId=BOX15&to=${to}`)).items).toHaveLength(2);
  });

  it("refuses a malformed query (400) and a non-admin (403)", async () => {
    expect((await admin.client.get("/api/admin/audit?action=drop_tables")).statusCode).toBe(400);
    expect((await admin.client.get("/api/admin/audit?cursor=%25%25")).statusCode).toBe(400);
    expect((await admin.client.get("/api/admin/audit?from=yesterday")).statusCode).toBe(400);
    const plain = await signUp(test());
    expect((await plain.client.get("/api/admin/audit")).statusCode).toBe(403);
  });
});
