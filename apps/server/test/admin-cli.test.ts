import os from "node:os";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_USAGE, runAdminCommand } from "../src/cli/admin-commands.ts";
import { adminCodes, users } from "../src/db/schema/index.ts";
import { client, DEFAULT_ADMIN_CODE, elevatedAdmin, signUp, useTestApp } from "./helpers.ts";

const test = useTestApp();

/** `npm run admin -- …` against the test database, its output kept. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand({ db: test().db, clock: test().clock }, argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

async function signIn(email: string, password: string) {
  const c = client(test());
  const response = await c.post("/api/auth/sign-in/email", { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return c;
}

describe("npm run admin -- reset-code EMAIL", () => {
  it("sets a new personal code, shown once, ends every elevation and is audited", async () => {
    const { db } = test();
    const boss = await elevatedAdmin(test(), "lostcode");
    // A second device of the same admin, elevated too.
    const phone = await signIn(boss.user.email, boss.user.password);
    expect((await phone.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
      200,
    );
    const [before] = await db
      .select({ hash: adminCodes.codeHash })
      .from(adminCodes)
      .where(eq(adminCodes.userId, boss.me.id));

    const run = await admin("reset-code", boss.user.email.toUpperCase());
    expect(run.code, run.err.join("\n")).toBe(0);
    expect(run.err).toEqual([]);
    const codes = run.out.filter((line) => /^[A-Z2-9]{12,}$/.test(line));
    expect(codes).toHaveLength(1);
    const code = codes[0]!;
    expect(code.length).toBeGreaterThanOrEqual(12);
    expect(run.out.join("\n").split(code)).toHaveLength(2);

    // Only its hash is stored, and it replaced the old one.
    const [after] = await db
      .select({ hash: adminCodes.codeHash })
      .from(adminCodes)
      .where(eq(adminCodes.userId, boss.me.id));
    expect(after?.hash).not.toBe(before?.hash);
    expect(after?.hash).not.toContain(code);

    // Both elevations ended.
    for (const c of [boss.client, phone]) {
      const summary = await c.get("/api/admin/summary");
      expect(summary.statusCode).toBe(403);
      expect(summary.json().error).toBe("ADMIN_ACCESS_REQUIRED");
    }
    // The old code no longer opens the console; the new one does.
    const old = await boss.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe("INVALID_ACCESS_CODE");
    const granted = await boss.client.post("/api/admin/access", { code });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await boss.client.get("/api/admin/summary")).statusCode).toBe(200);

    const log = await boss.client.get(
      `/api/admin/audit?action=admin.code_reset&targetId=${boss.me.id}`,
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        actorId: boss.me.id,
        action: "admin.code_reset",
        targetType: "admin",
        targetId: boss.me.id,
        before: null,
        // The actor is the admin (the audit has no system actor); where it came from is here.
        after: { via: "cli", osUser: os.userInfo().username, host: os.hostname() },
        ip: null,
      }),
    ]);
    expect(JSON.stringify(log.json())).not.toContain(code);
  });

  it("refuses a user who is not an admin, and an unknown address, changing nothing", async () => {
    const plain = await signUp(test());
    const refused = await admin("reset-code", plain.user.email);
    expect(refused.code).toBe(1);
    expect(refused.out).toEqual([]);
    expect(refused.err.join("\n")).toMatch(/is not an admin/);
    expect(
      await test().db.select().from(adminCodes).where(eq(adminCodes.userId, plain.me.id)),
    ).toEqual([]);

    const unknown = await admin("reset-code", "nobody-at-all@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.err.join("\n")).toMatch(/No user with e-mail/);

    const boss = await elevatedAdmin(test(), "auditcli");
    const entries = await boss.client.get("/api/admin/audit?action=admin.code_reset");
    expect(entries.json().items.map((e: { targetId: string }) => e.targetId)).not.toContain(
      plain.me.id,
    );
  });

  it("still promotes and demotes, and explains its usage", async () => {
    const someone = await signUp(test());
    expect((await admin("promote", someone.user.email)).code).toBe(0);
    const role = async () =>
      (
        await test().db.select({ role: users.role }).from(users).where(eq(users.id, someone.me.id))
      )[0]?.role;
    expect(await role()).toBe("admin");
    expect((await admin("demote", someone.user.email)).code).toBe(0);
    expect(await role()).toBe("user");
    for (const argv of [
      [],
      ["reset-code"],
      ["erase", someone.user.email],
      ["reset-code", "a", "b"],
    ]) {
      const run = await admin(...argv);
      expect(run.code).toBe(2);
      expect(run.err).toEqual([ADMIN_USAGE]);
    }
  });
});
