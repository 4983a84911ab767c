import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerEntries, users } from "../src/db/schema/index.ts";
import { elevatedAdmin, signUp, uniqueUser, useTestApp } from "./helpers.ts";

/** Issue 34 points 3 and 4: the audit log's filters and names, a user's ledger by pages. */
const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;
let other: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "filterboss");
  other = await elevatedAdmin(test(), "otherboss");
});

interface Entry {
  id: string;
  actorId: string;
  actorNickname: string | null;
  action: string;
  targetId: string;
  targetNickname: string | null;
  createdAt: string;
}

async function audit(query: string): Promise<{ items: Entry[]; nextCursor: string | null }> {
  const response = await admin.client.get(`/api/admin/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("audit log: filters, names and pages", () => {
  it("names the actor and the target user, and filters by actor, target, action and days", async () => {
    const target = await signUp(test(), uniqueUser("audited"));
    const suspend = await admin.client.post(`/api/admin/users/${target.me.id}/suspend`, {
      reason: "Fraude au parrainage",
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const unsuspend = await other.client.post(`/api/admin/users/${target.me.id}/unsuspend`);
    expect(unsuspend.statusCode, unsuspend.body).toBe(200);

    const about = await audit(`targetId=${target.me.id}`);
    expect(about.items.map((e) => e.action).sort()).toEqual(["user.suspend", "user.unsuspend"]);
    for (const entry of about.items) expect(entry.targetNickname).toBe(target.me.nickname);
    const suspended = about.items.find((e) => e.action === "user.suspend");
    expect(suspended?.actorNickname).toBe(admin.me.nickname);

    const byOther = await audit(`targetId=${target.me.id}&actorId=${other.me.id}`);
    expect(byOther.items.map((e) => e.action)).toEqual(["user.unsuspend"]);
    const byAction = await audit(`targetId=${target.me.id}&action=user.suspend`);
    expect(byAction.items.map((e) => e.actorId)).toEqual([admin.me.id]);

    const day = test().clock.now().toISOString().slice(0, 10);
    const today = await audit(`targetId=${target.me.id}&from=${day}&to=${day}`);
    expect(today.items).toHaveLength(2);
    const tomorrow = new Date(test().clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`targetId=${target.me.id}&from=${tomorrow}`)).items).toEqual([]);
    // A day filter before its start: nothing, not an error.
    expect((await audit(`targetId=${target.me.id}&to=2020-01-01`)).items).toEqual([]);
  });

  it("a target that is no user has no nickname; bad filters are 400s", async () => {
    await test().db.insert(auditLog).values({
      actorId: admin.me.id,
      action: "ad.delete",
      targetType: "ad",
      targetId: admin.me.id,
      createdAt: test().clock.now(),
    });
    const { items } = await audit(`action=ad.delete&actorId=${admin.me.id}`);
    expect(items[0]?.targetNickname).toBeNull();
    for (const bad of ["action=user.nope", "from=31/12/2026", `targetId=${"x".repeat(201)}`]) {
      const response = await admin.client.get(`/api/admin/audit?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ error: "VALIDATION_ERROR" });
    }
  });

  it("pages 50 at a time by cursor, newest first, without repeating or skipping", async () => {
    const target = await signUp(test(), uniqueUser("paged"));
    const start = test().clock.now().getTime();
    await test()
      .db.insert(auditLog)
      .values(
        Array.from({ length: 57 }, (_, i) => ({
          actorId: admin.me.id,
          action: "user.verification_resend",
          targetType: "user",
          targetId: target.me.id,
          // Pairs of rows share an instant: the id breaks the tie.
          createdAt: new Date(start - Math.floor(i / 2) * 1000),
        })),
      );
    const first = await audit(`targetId=${target.me.id}`);
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await audit(
      `targetId=${target.me.id}&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
    );
    expect(second.items).toHaveLength(7);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(57);
    const times = [...first.items, ...second.items].map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("a user's ledger in the console", () => {
  it("pages 25 at a time and filters by kind and by days", async () => {
    const user = await signUp(test(), uniqueUser("ledgered"));
    const now = test().clock.now().getTime();
    const day = 86_400_000;
    await test()
      .db.insert(ledgerEntries)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          userId: user.me.id,
          kind: i % 3 === 0 ? "bonus" : "mining",
          amountNano: 100_000_000n,
          reference: `test-ledger-${user.me.id}-${i}`,
          // Ten days: three entries a day, the newest today.
          createdAt: new Date(now - Math.floor((29 - i) / 3) * day),
        })),
      );
    // The balance the 30 entries add up to: the ledger stays balanced.
    await test()
      .db.update(users)
      .set({ balance: sql`${users.balance} + 3000000000` })
      .where(eq(users.id, user.me.id));
    const get = async (query: string) => {
      const response = await admin.client.get(`/api/admin/users/${user.me.id}/ledger?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Promise<{
        items: { id: number; kind: string; amount: string; createdAt: string }[];
        nextCursor: string | null;
      }>;
    };
    const first = await get("");
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.amount).toBe("0.100000000");
    const second = await get(`cursor=${first.nextCursor}`);
    // Its sign-up's own entries, if any, come after the 30.
    expect(second.items.length).toBeGreaterThanOrEqual(5);
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const bonus = await get("kind=bonus");
    expect(bonus.items).toHaveLength(10);
    expect(bonus.items.every((e) => e.kind === "bonus")).toBe(true);

    const today = new Date(now).toISOString().slice(0, 10);
    expect((await get(`from=${today}&to=${today}&kind=mining`)).items).toHaveLength(2);
    const threeDaysAgo = new Date(now - 3 * day).toISOString().slice(0, 10);
    const twoDaysAgo = new Date(now - 2 * day).toISOString().slice(0, 10);
    expect((await get(`from=${threeDaysAgo}&to=${twoDaysAgo}`)).items).toHaveLength(6);

    for (const bad of ["kind=gift", "from=2026-13-01", "cursor=abc", "to=01/12/2026"]) {
      const response = await admin.client.get(`/api/admin/users/${user.me.id}/ledger?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
    const unknown = await admin.client.get("/api/admin/users/nobody-here/ledger");
    expect(unknown.statusCode).toBe(404);
    const asUser = await user.client.get(`/api/admin/users/${user.me.id}/ledger`);
    expect(asUser.statusCode).toBe(403);
  });
});
