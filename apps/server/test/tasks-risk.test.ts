import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { elevatedAdmin, signUp, uniqueUser, useTestApp } from "./helpers.ts";

/**
 * « tâches en série » (issue 38 point 4): a farm of accounts sharing a device completing the
 * same task shows up in the risk review with the reason serial_tasks; accounts on their own
 * devices and networks completing it do not.
 */
const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "serialboss");
});

const exec = (query: ReturnType<typeof sql>) => test().db.execute(query);

async function kycUser(ip: string) {
  const user = await signUp(test(), uniqueUser("serial"), {}, { ip });
  await exec(sql`update users set kyc_status = 'approved' where id = ${user.me.id}`);
  return user;
}

async function reasonsOf(userId: string): Promise<{ code: string; count: number }[]> {
  const response = await admin.client.get(`/api/admin/users/${userId}/risk`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().reasons;
}

describe("serial tasks", () => {
  it("three accounts of one device completing one task: serial_tasks 3; lone accounts: none", async () => {
    const created = await admin.client.post("/api/admin/tasks", {
      kind: "kyc_approved",
      title: { fr: "KYC", en: "KYC", es: "KYC", ru: "KYC", zh: "KYC" },
      reward: { type: "fre", amount: "1" },
      params: {},
    });
    expect(created.statusCode, created.body).toBe(201);
    const taskId = created.json().id;
    const farm = [
      await kycUser("203.0.1.5"),
      await kycUser("203.0.2.5"),
      await kycUser("203.0.3.5"),
    ];
    for (const member of farm) {
      await exec(sql`insert into account_signals (user_id, kind, network, device, created_at)
        values (${member.me.id}, 'sign-in', ${`net-${member.me.id}`}, 'one-farm-device', now())`);
    }
    const lone = [
      await kycUser("198.51.1.9"),
      await kycUser("198.51.2.9"),
      await kycUser("198.51.3.9"),
    ];
    for (const user of [...farm, ...lone]) {
      const done = await user.client.post(`/api/tasks/${taskId}/verify`);
      expect(done.statusCode, done.body).toBe(200);
    }
    const run = await admin.client.post("/api/admin/risk/run");
    expect(run.statusCode, run.body).toBe(200);
    for (const member of farm) {
      expect(await reasonsOf(member.me.id)).toContainEqual(
        expect.objectContaining({ code: "serial_tasks", count: 3 }),
      );
    }
    for (const user of lone) {
      expect((await reasonsOf(user.me.id)).map((r) => r.code)).not.toContain("serial_tasks");
    }
  });
});
