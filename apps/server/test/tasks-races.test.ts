/**
 * The tasks hub across processes (issue 38 point 4): twenty verifies of one task, split over two
 * server processes on one PostgreSQL database, reward once; a cap holds across them too.
 * PostgreSQL only (the embedded database allows one process).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import {
  client,
  createTestApps,
  elevatedAdmin,
  expectLedgerBalanced,
  onPostgres,
  signUp,
  type TestApp,
} from "./helpers.ts";

describe.runIf(onPostgres)("tasks across two processes", () => {
  let apps: Awaited<ReturnType<typeof createTestApps>>;
  let a: TestApp;
  let b: TestApp;
  let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

  beforeAll(async () => {
    apps = await createTestApps(2);
    [a, b] = apps.apps as [TestApp, TestApp];
    admin = await elevatedAdmin(a, "raceboss");
  }, 60_000);
  afterAll(async () => {
    if (!apps) return;
    try {
      await expectLedgerBalanced(a);
    } finally {
      await apps.close();
    }
  });

  const newTask = async (maxCompletions: number | null) => {
    const response = await admin.client.post("/api/admin/tasks", {
      kind: "kyc_approved",
      title: { fr: "KYC", en: "KYC", es: "KYC", ru: "KYC", zh: "KYC" },
      reward: { type: "fre", amount: "3" },
      params: {},
      maxCompletions,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const approved = async () => {
    const user = await signUp(a);
    await a.db.execute(sql`update users set kyc_status = 'approved' where id = ${user.me.id}`);
    return user;
  };
  const paid = async (taskId: string) =>
    rowsOf<{ n: number }>(
      await a.db.execute(sql`select count(*)::int as n from ledger_entries
        where kind = 'task_reward' and reference like ${`task:${taskId}:%`}`),
    )[0]?.n;

  it("twenty verifies over two processes: one reward", async () => {
    const taskId = await newTask(null);
    const user = await approved();
    const onB = client(b);
    for (const [k, v] of user.client.jar) onB.jar.set(k, v);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? onB : user.client).post(`/api/tasks/${taskId}/verify`),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await paid(taskId)).toBe(1);
  });

  it("a cap of 2 over two processes and eight users: two rewards", async () => {
    const taskId = await newTask(2);
    const users = await Promise.all(Array.from({ length: 8 }, approved));
    const answers = await Promise.all(
      users.map((user, i) => {
        const c = i % 2 ? client(b) : user.client;
        if (i % 2) for (const [k, v] of user.client.jar) c.jar.set(k, v);
        return c.post(`/api/tasks/${taskId}/verify`);
      }),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(await paid(taskId)).toBe(2);
  });
});
