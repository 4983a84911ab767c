import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import {
  FAKE_BOT_TOKEN,
  type FakeTelegramBotApi,
  startFakeTelegramBotApi,
} from "./fake-telegram-bot-api.ts";
import {
  client,
  elevatedAdmin,
  expectLedgerBalanced,
  promotedAdmin,
  signUp,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

/**
 * The tasks hub « Gagner » (issue 38 point 1): admin routes (elevated, audited), the user's
 * list, start and verify for every kind, the refusals in the user's language, one reward under
 * twenty verifies at once, the cap, the window, withheld rewards for a high-risk account.
 */
const fake: FakeTelegramBotApi = await startFakeTelegramBotApi();
const test = useTestApp({
  config: { TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN, TELEGRAM_API_URL: fake.url },
});
afterAll(async () => {
  await fake.close();
});

type Admin = Awaited<ReturnType<typeof elevatedAdmin>>;
let admin: Admin;

const title = (text: string) => ({
  fr: `${text} (fr)`,
  en: `${text} (en)`,
  es: `${text} (es)`,
  ru: `${text} (ru)`,
  zh: `${text} (zh)`,
});

async function createTask(body: Record<string, unknown>) {
  const response = await admin.client.post("/api/admin/tasks", {
    title: title("Tâche"),
    reward: { type: "fre", amount: "2,5" },
    active: true,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; completions: number; costFre: string };
}

async function ledgerOf(userId: string) {
  return rowsOf<{ kind: string; amount_nano: string; reference: string }>(
    await test().db.execute(
      sql`select kind, amount_nano::text, reference from ledger_entries
        where user_id = ${userId} and kind = 'task_reward'`,
    ),
  );
}

const exec = (query: ReturnType<typeof sql>) => test().db.execute(query);

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "taskboss");
});

describe("admin tasks", () => {
  it("creates, lists with completions and cost, patches, and audits each change", async () => {
    const task = await createTask({
      kind: "visit_link",
      params: { url: "https://example.com/page", minSeconds: 10 },
      maxCompletions: 100,
    });
    const patched = await admin.client.patch(`/api/admin/tasks/${task.id}`, {
      active: false,
      params: { url: "https://example.org/other", minSeconds: 5 },
      title: title("Renommée"),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      active: false,
      params: { url: "https://example.org/other", minSeconds: 5 },
      title: { fr: "Renommée (fr)" },
      reward: { type: "fre", amount: "2.500000000" },
    });
    const list = (await admin.client.get("/api/admin/tasks")).json();
    expect(list.items.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      completions: 0,
      costFre: "0.000000000",
      withheld: 0,
    });
    const audit = rowsOf<{ action: string; target_type: string }>(
      await exec(
        sql`select action, target_type from audit_log where target_id = ${task.id} order by created_at`,
      ),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(["task.create", "task.update"]);
    expect(audit.every((a) => a.target_type === "task")).toBe(true);
  });

  it("refuses bad bodies: a private or http link, a kind's wrong params, a window backwards", async () => {
    for (const params of [
      { url: "http://example.com", minSeconds: 5 },
      { url: "https://localhost/x", minSeconds: 5 },
      { url: "https://192.168.1.10/x", minSeconds: 5 },
      { url: "https://10.0.0.1/x", minSeconds: 5 },
      { url: "https://user:pw@example.com/x", minSeconds: 5 },
      { url: "https://example.com/x", minSeconds: 99999 },
      { url: "https://example.com/x\u0000", minSeconds: 5 },
    ]) {
      const response = await admin.client.post("/api/admin/tasks", {
        kind: "visit_link",
        title: title("x"),
        reward: { type: "fre", amount: "1" },
        params,
      });
      expect(response.statusCode, JSON.stringify(params)).toBe(400);
    }
    const cases = [
      { kind: "telegram_channel", params: { chatId: "@chan", inviteUrl: "https://example.com" } },
      { kind: "daily_streak", params: { days: 0 } },
      { kind: "league", params: { tier: "mythril" } },
      { kind: "wallet_linked", params: { extra: 1 } },
      { kind: "referrals", params: { count: 3 }, reward: { type: "fre", amount: "0" } },
      {
        kind: "referrals",
        params: { count: 3 },
        reward: { type: "boost", percent: 500, hours: 2 },
      },
      {
        kind: "kyc_approved",
        params: {},
        startsAt: "2030-01-02T00:00:00Z",
        endsAt: "2030-01-01T00:00:00Z",
      },
      { kind: "kyc_approved", params: {}, title: { ...title("x"), fr: "a\u0007b" } },
    ];
    for (const body of cases) {
      const response = await admin.client.post("/api/admin/tasks", {
        title: title("x"),
        reward: { type: "fre", amount: "1" },
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const task = await createTask({ kind: "daily_streak", params: { days: 3 } });
    const wrong = await admin.client.patch(`/api/admin/tasks/${task.id}`, {
      params: { url: "https://example.com", minSeconds: 1 },
    });
    expect(wrong.statusCode).toBe(400);
    const missing = await admin.client.patch(
      "/api/admin/tasks/00000000-0000-4000-8000-000000000000",
      { active: false },
    );
    expect(missing.statusCode).toBe(404);
  });

  it("is for an elevated admin only", async () => {
    const user = await signUp(test());
    expect((await user.client.get("/api/admin/tasks")).statusCode).toBe(403);
    const notElevated = await promotedAdmin(test(), "taskadm");
    expect((await notElevated.client.post("/api/admin/tasks", {})).statusCode).toBe(403);
    expect((await client(test()).get("/api/admin/tasks")).statusCode).toBe(401);
  });
});

describe("user tasks", () => {
  it("visit_link: todo, started, too soon with the seconds left, then completed once", async () => {
    const task = await createTask({
      kind: "visit_link",
      params: { url: "https://example.com/visit", minSeconds: 30 },
    });
    const user = await verifiedUser(test(), "visitor");
    const list = (await user.client.get("/api/tasks")).json();
    const mine = list.items.find((t: { id: string }) => t.id === task.id);
    expect(mine).toMatchObject({
      status: "todo",
      url: "https://example.com/visit",
      minSeconds: 30,
      title: "Tâche (fr)",
      reward: { type: "fre", amount: "2.500000000" },
    });
    expect(Number(list.leftToEarnFre)).toBeGreaterThanOrEqual(2.5);

    const early = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("TASK_NOT_DONE");
    expect(early.json().message).toContain("ouvrez d'abord le lien");

    expect((await user.client.post(`/api/tasks/${task.id}/start`)).json().status).toBe("started");
    test().clock.advance(10_000);
    const soon = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(soon.statusCode).toBe(409);
    expect(soon.json().message).toContain("20 s");
    // Starting again does not restart the clock.
    await user.client.post(`/api/tasks/${task.id}/start`);
    test().clock.advance(21_000);
    const done = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      status: "completed",
      reward: { type: "fre", amount: "2.500000000" },
      rewardWithheld: false,
    });
    const again = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(again.statusCode).toBe(200);
    expect(await ledgerOf(user.me.id)).toEqual([
      {
        kind: "task_reward",
        amount_nano: "2500000000",
        reference: `task:${task.id}:${user.me.id}`,
      },
    ]);
    const after = (await user.client.get("/api/tasks")).json();
    expect(after.items.find((t: { id: string }) => t.id === task.id).status).toBe("completed");
    const listed = (await admin.client.get("/api/admin/tasks")).json();
    expect(listed.items.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      completions: 1,
      costFre: "2.500000000",
    });
  });

  it("says why in the user's language", async () => {
    const task = await createTask({ kind: "kyc_approved", params: {} });
    const user = await signUp(test());
    await exec(sql`update users set language = 'en' where id = ${user.me.id}`);
    const en = client(test(), { language: "en" });
    en.jar.clear();
    for (const [k, v] of user.client.jar) en.jar.set(k, v);
    const refused = await en.post(`/api/tasks/${task.id}/verify`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "The task is not done yet: your identity verification is not approved yet.",
    );
    const zh = client(test(), { language: "zh" });
    for (const [k, v] of user.client.jar) zh.jar.set(k, v);
    expect((await zh.post(`/api/tasks/${task.id}/verify`)).json().message).toContain("身份验证");
    // The title in the account's language.
    const listed = (await en.get("/api/tasks")).json();
    expect(listed.items.find((t: { id: string }) => t.id === task.id).title).toBe("Tâche (en)");
  });

  it("in-app kinds read FRE's own data: wallet, KYC, streak, referrals, league", async () => {
    const user = await verifiedUser(test(), "inapp");
    const id = user.me.id;
    const wallet = await createTask({ kind: "wallet_linked", params: {} });
    const kyc = await createTask({ kind: "kyc_approved", params: {} });
    const streak = await createTask({ kind: "daily_streak", params: { days: 3 } });
    const referrals = await createTask({ kind: "referrals", params: { count: 2 } });
    const league = await createTask({ kind: "league", params: { tier: "silver" } });
    const verify = (taskId: string) => user.client.post(`/api/tasks/${taskId}/verify`);
    for (const task of [wallet, kyc, streak, referrals, league]) {
      expect((await verify(task.id)).statusCode).toBe(409);
    }
    const now = test().clock.now().toISOString();
    await exec(sql`insert into ton_wallets (user_id, address, network, public_key, linked_at)
      values (${id}, ${`0:${"ab".repeat(32)}`}, '-3', 'key', ${now}::timestamptz)`);
    await exec(sql`update users set kyc_status = 'approved' where id = ${id}`);
    const today = now.slice(0, 10);
    await exec(sql`insert into daily_streaks (user_id, time_zone, last_claim_date, streak, updated_at)
      values (${id}, 'UTC', ${today}::date, 3, ${now}::timestamptz)
      on conflict (user_id) do update set streak = 3, last_claim_date = ${today}::date`);
    for (let i = 0; i < 2; i++) {
      const friend = await signUp(test());
      await exec(sql`update users set referred_by = ${id} where id = ${friend.me.id}`);
      await exec(sql`insert into mining_sessions (user_id, start_time, end_time, base_rate_nano,
          rate_nano, segment_start, rate_checked_at)
        values (${friend.me.id}, ${now}::timestamptz, ${now}::timestamptz + interval '1 day', 1, 1,
          ${now}::timestamptz, ${now}::timestamptz)`);
    }
    await exec(sql`insert into league_weeks (week, starts_at, ends_at)
      values ('2099-W01', ${now}::timestamptz, ${now}::timestamptz + interval '7 days')
      on conflict do nothing`);
    await exec(sql`insert into league_members (week, user_id, league, group_no, joined_at)
      values ('2099-W01', ${id}, 'gold', 1, ${now}::timestamptz)`);
    for (const task of [wallet, kyc, streak, referrals, league]) {
      const response = await verify(task.id);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await ledgerOf(id)).toHaveLength(5);
  });

  it("telegram_channel: getChatMember on the linked Telegram id, against the fake Bot API", async () => {
    const task = await createTask({
      kind: "telegram_channel",
      params: { chatId: "-1001234567890", inviteUrl: "https://t.me/+invite" },
    });
    const user = await verifiedUser(test(), "tguser");
    const unlinked = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(unlinked.json().message).toContain("Telegram");
    await exec(
      sql`insert into telegram_accounts (telegram_id, user_id) values (77001, ${user.me.id})`,
    );
    fake.members.set("-1001234567890", new Map());
    const notYet = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toContain("pas encore membre du canal");
    fake.failNext(502, 1);
    const down = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(down.json().message).toContain("réessayez");
    fake.members.get("-1001234567890")?.set(77001, "member");
    const joined = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(
      fake.calls.some((c) => c.method === "getChatMember" && Number(c.body.user_id) === 77001),
    ).toBe(true);
  });

  it("a boost reward adds a boost of the rate, once", async () => {
    const task = await createTask({
      kind: "wallet_linked",
      params: {},
      reward: { type: "boost", percent: 20, hours: 6 },
    });
    const user = await verifiedUser(test(), "booster");
    await exec(sql`insert into ton_wallets (user_id, address, network, public_key, linked_at)
      values (${user.me.id}, ${`0:${"cd".repeat(32)}`}, '-3', 'key', now())`);
    const done = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().reward).toEqual({ type: "boost", percent: 20, hours: 6 });
    await user.client.post(`/api/tasks/${task.id}/verify`);
    const boosts = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from boosts where user_id = ${user.me.id}
        and source = ${`task:${task.id}`}`),
    );
    expect(boosts[0]?.n).toBeLessThanOrEqual(1);
    expect(await ledgerOf(user.me.id)).toEqual([]);
  });

  it("twenty verifies at once reward once", async () => {
    const task = await createTask({ kind: "kyc_approved", params: {} });
    const user = await verifiedUser(test(), "racer");
    await exec(sql`update users set kyc_status = 'approved' where id = ${user.me.id}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => user.client.post(`/api/tasks/${task.id}/verify`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await ledgerOf(user.me.id)).toHaveLength(1);
    const row = rowsOf<{ completions: number }>(
      await exec(sql`select completions from tasks where id = ${task.id}`),
    );
    expect(row[0]?.completions).toBe(1);
    await expectLedgerBalanced(test());
  });

  it("a cap of 3 holds under eighteen verifies by six users at once; then the task is expired", async () => {
    const task = await createTask({ kind: "kyc_approved", params: {}, maxCompletions: 3 });
    const users = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const u = await signUp(test());
        await exec(sql`update users set kyc_status = 'approved' where id = ${u.me.id}`);
        return u;
      }),
    );
    const answers = await Promise.all(
      users.flatMap((u) => [1, 2, 3].map(() => u.client.post(`/api/tasks/${task.id}/verify`))),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBeGreaterThanOrEqual(3);
    const paid = rowsOf<{ n: number }>(
      await exec(sql`select count(*)::int as n from ledger_entries where kind = 'task_reward'
        and reference like ${`task:${task.id}:%`}`),
    );
    expect(paid[0]?.n).toBe(3);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().error === "TASK_EXPIRED"),
    ).toBe(true);
    const late = await signUp(test());
    const listed = (await late.client.get("/api/tasks")).json();
    expect(listed.items.find((t: { id: string }) => t.id === task.id).status).toBe("expired");
  });

  it("a task before its start is not found; after its end it is expired", async () => {
    const now = test().clock.now().getTime();
    const future = await createTask({
      kind: "kyc_approved",
      params: {},
      startsAt: new Date(now + 86_400_000).toISOString(),
    });
    const ended = await createTask({
      kind: "kyc_approved",
      params: {},
      endsAt: new Date(now + 60_000).toISOString(),
    });
    const user = await signUp(test());
    expect((await user.client.post(`/api/tasks/${future.id}/start`)).statusCode).toBe(404);
    test().clock.advance(120_000);
    const closed = await user.client.post(`/api/tasks/${ended.id}/verify`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe("TASK_EXPIRED");
    expect((await user.client.post("/api/tasks/not-a-uuid/verify")).statusCode).toBe(400);
    expect((await client(test()).get("/api/tasks")).statusCode).toBe(401);
  });

  it("a high-risk account completes but its reward is withheld (no ledger entry)", async () => {
    const task = await createTask({ kind: "kyc_approved", params: {} });
    const user = await verifiedUser(test(), "risky");
    await exec(sql`update users set kyc_status = 'approved' where id = ${user.me.id}`);
    const now = test().clock.now().toISOString();
    await exec(sql`insert into user_risk (user_id, score, level, reasons, computed_at, updated_at)
      values (${user.me.id}, 80, 'high', '[]'::jsonb, ${now}::timestamptz, ${now}::timestamptz)`);
    const done = await user.client.post(`/api/tasks/${task.id}/verify`);
    expect(done.statusCode).toBe(200);
    expect(done.json().rewardWithheld).toBe(true);
    expect(await ledgerOf(user.me.id)).toEqual([]);
    const listed = (await admin.client.get("/api/admin/tasks")).json();
    expect(listed.items.find((t: { id: string }) => t.id === task.id)).toMatchObject({
      completions: 1,
      withheld: 1,
      costFre: "0.000000000",
    });
    await expectLedgerBalanced(test());
  });

  it("a review that clears the account pays what was withheld, once", async () => {
    const fre = await createTask({ kind: "kyc_approved", params: {} });
    const boost = await createTask({
      kind: "kyc_approved",
      params: {},
      reward: { type: "boost", percent: 10, hours: 2 },
    });
    const user = await verifiedUser(test(), "cleared");
    await exec(sql`update users set kyc_status = 'approved' where id = ${user.me.id}`);
    const now = test().clock.now().toISOString();
    await exec(sql`insert into user_risk (user_id, score, level, reasons, computed_at, updated_at)
      values (${user.me.id}, 80, 'high', '[]'::jsonb, ${now}::timestamptz, ${now}::timestamptz)`);
    expect((await user.client.post("/api/mining/start")).statusCode).toBe(200);
    for (const task of [fre, boost]) {
      const done = await user.client.post(`/api/tasks/${task.id}/verify`);
      expect(done.json().rewardWithheld).toBe(true);
    }
    const boosts = () =>
      exec(sql`select value_nano::text from boosts where user_id = ${user.me.id}
        and source = ${`task:${boost.id}`}`).then((r) => rowsOf<{ value_nano: string }>(r));
    expect(await boosts()).toEqual([]);
    // Withholding the referral bonus (still high) releases nothing.
    const held = await admin.client.post(`/api/admin/users/${user.me.id}/risk/actions`, {
      action: "withhold-referral-bonus",
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(await ledgerOf(user.me.id)).toEqual([]);
    await admin.client.post(`/api/admin/users/${user.me.id}/risk/actions`, {
      action: "release-referral-bonus",
    });
    expect(await ledgerOf(user.me.id)).toEqual([]);
    // Reviewed: the high level no longer holds anything.
    for (let i = 0; i < 2; i++) {
      const reviewed = await admin.client.post(`/api/admin/users/${user.me.id}/risk/actions`, {
        action: "mark-reviewed",
      });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
    }
    expect(await ledgerOf(user.me.id)).toEqual([
      { kind: "task_reward", amount_nano: "2500000000", reference: `task:${fre.id}:${user.me.id}` },
    ]);
    expect(await boosts()).toHaveLength(1);
    const listed = (await admin.client.get("/api/admin/tasks")).json();
    expect(listed.items.find((t: { id: string }) => t.id === fre.id)).toMatchObject({
      withheld: 0,
      costFre: "2.500000000",
    });
    const tasks = (await user.client.get("/api/tasks")).json();
    expect(tasks.items.find((t: { id: string }) => t.id === fre.id)).toMatchObject({
      status: "completed",
    });
    const audit = rowsOf<{ after: { taskRewardsReleased?: number } }>(
      await exec(sql`select after from audit_log where target_id = ${user.me.id}
        and action = 'risk.mark_reviewed'`),
    );
    // Two reviews audited; the first paid both rewards, the second nothing.
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => row.after.taskRewardsReleased).filter(Boolean)).toEqual([2]);
    await expectLedgerBalanced(test());
  });
});
