import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { isoWeekOf } from "../src/modules/leagues/index.ts";
import {
  client,
  creditMined,
  elevatedAdmin,
  expectLedgerBalanced,
  PUBLIC_URL,
  signUp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

/** Squads (issue 38 points 3 and 4, decision 0072): every route, race and refusal. */

const test = useTestApp();

// Wednesday noon of ISO week 2026-W49 (Monday 30 November 2026).
const WEDNESDAY = new Date("2026-12-02T12:00:00Z");
const HOUR = 3_600_000;

type User = Awaited<ReturnType<typeof signUp>>;

const squadName = () => `sq${Math.random().toString(36).slice(2, 12)}`;

async function user(level = 0, prefix = "squ") {
  const signed = await signUp(test(), uniqueUser(prefix));
  if (level > 0) {
    await test().db.execute(sql`update users set level = ${level} where id = ${signed.me.id}`);
  }
  return signed;
}

async function create(owner: User, name = squadName(), extra: Record<string, unknown> = {}) {
  const response = await owner.client.post("/api/squads", { name, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const openMemberships = async (userId: string) =>
  rowsOf<{ squad_id: string }>(
    await test().db.execute(
      sql`select squad_id from squad_memberships where user_id = ${userId} and left_at is null`,
    ),
  );

describe("POST /api/squads", () => {
  it("makes a squad whose creator is its first member; the page shows the invite code", async () => {
    test().clock.set(WEDNESDAY);
    const owner = await user(2);
    const name = squadName();
    const squad = await create(owner, `  ${name} `, { telegramUrl: "https://t.me/fre_squad" });
    expect(squad).toMatchObject({
      name,
      telegramUrl: "https://t.me/fre_squad",
      hidden: false,
      memberCount: 1,
      mined: "0.000000000",
      creator: owner.user.nickname,
      inviteCode: owner.me.referralCode,
      week: "2026-W49",
      members: [{ nickname: owner.user.nickname, mined: "0.000000000", creator: true, me: true }],
      viewer: { squadId: squad.id, cooldownUntil: null, canCreate: true },
    });
    expect(squad.rank).toEqual(expect.any(Number));
    const read = await owner.client.get(`/api/squads/${squad.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(squad);
  });

  it("refuses below level 2, bad names, taken names in any case, non-Telegram links", async () => {
    test().clock.set(WEDNESDAY);
    const low = await user(1);
    const refused = await low.client.post("/api/squads", { name: squadName() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: "SQUAD_LEVEL_REQUIRED" });
    expect(refused.json().message).toContain("2");

    const owner = await user(2);
    for (const name of ["ab", "with space", "x".repeat(21), "emoji🙂", "erased-123456789"]) {
      const bad = await owner.client.post("/api/squads", { name });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().error, name).toBe("SQUAD_NAME_INVALID");
    }
    const control = await owner.client.post("/api/squads", { name: "abc\u0000def" });
    expect(control.statusCode).toBe(400);
    for (const telegramUrl of ["http://t.me/x", "https://evil.example/x", "javascript:alert(1)"]) {
      const bad = await owner.client.post("/api/squads", { name: squadName(), telegramUrl });
      expect(bad.statusCode, telegramUrl).toBe(400);
      expect(bad.json().error).toBe("VALIDATION_ERROR");
    }

    const name = squadName();
    await create(owner, name);
    const other = await user(2);
    const taken = await other.client.post("/api/squads", { name: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "SQUAD_NAME_TAKEN" });
    // A creator is in a squad already.
    const second = await owner.client.post("/api/squads", { name: squadName() });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe("ALREADY_IN_SQUAD");
  });

  it("answers refusals in the user's language", async () => {
    const low = await user(0);
    for (const [language, text] of [
      ["fr", "escouade"],
      ["en", "squad"],
      ["es", "escuadrón"],
      ["ru", "отряд"],
      ["zh", "战队"],
    ] as const) {
      await low.client.patch("/api/me", { language });
      const c = client(test(), { language });
      for (const [k, v] of low.client.jar) c.jar.set(k, v);
      const refused = await c.post("/api/squads", { name: squadName() });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message.toLowerCase(), language).toContain(text);
    }
  });

  it("one name under two concurrent creations: one squad, the other a 409", async () => {
    test().clock.set(WEDNESDAY);
    const users = await Promise.all([user(2), user(2), user(2), user(2), user(2)]);
    const name = squadName();
    const answers = await Promise.all(
      users.map((u, i) =>
        u.client.post("/api/squads", { name: i % 2 ? name.toUpperCase() : name }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(a.json().error).toBe("SQUAD_NAME_TAKEN");
    }
  });
});

describe("joining and leaving", () => {
  it("one squad at a time; leaving then joining another waits 24 h; coming back does not", async () => {
    test().clock.set(WEDNESDAY);
    const a = await create(await user(2));
    const b = await create(await user(2));
    const member = await user(0);

    expect((await member.client.post(`/api/squads/${crypto.randomUUID()}/join`)).statusCode).toBe(
      404,
    );
    expect((await member.client.post("/api/squads/not-a-uuid/join")).statusCode).toBe(400);
    const none = await member.client.post("/api/squads/leave");
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe("NOT_IN_SQUAD");

    const joined = await member.client.post(`/api/squads/${a.id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ memberCount: 2, viewer: { squadId: a.id } });
    for (const id of [a.id, b.id]) {
      const again = await member.client.post(`/api/squads/${id}/join`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe("ALREADY_IN_SQUAD");
    }

    expect((await member.client.post("/api/squads/leave")).statusCode).toBe(204);
    test().clock.advance(HOUR);
    const wait = await member.client.post(`/api/squads/${b.id}/join`);
    expect(wait.statusCode).toBe(409);
    expect(wait.json()).toMatchObject({ error: "SQUAD_COOLDOWN" });
    expect(wait.json().message).toContain("23");
    const board = (await member.client.get("/api/squads/leaderboard")).json();
    expect(board.viewer).toEqual({
      squadId: null,
      cooldownUntil: new Date(WEDNESDAY.getTime() + 24 * HOUR).toISOString(),
      canCreate: false,
    });
    // Back to the squad just left: no wait.
    expect((await member.client.post(`/api/squads/${a.id}/join`)).statusCode).toBe(200);
    expect((await member.client.post("/api/squads/leave")).statusCode).toBe(204);
    // A creation is a joining too.
    await test().db.execute(sql`update users set level = 2 where id = ${member.me.id}`);
    const made = await member.client.post("/api/squads", { name: squadName() });
    expect(made.json().error).toBe("SQUAD_COOLDOWN");

    test().clock.advance(24 * HOUR);
    expect((await member.client.post(`/api/squads/${b.id}/join`)).statusCode).toBe(200);
    expect(await openMemberships(member.me.id)).toEqual([{ squad_id: b.id }]);
  });

  it("20 concurrent joins by one user: one membership", async () => {
    test().clock.set(WEDNESDAY);
    const squads: { id: string }[] = [];
    for (let i = 0; i < 4; i++) squads.push(await create(await user(2)));
    const member = await user(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        member.client.post(`/api/squads/${squads[i % squads.length]?.id}/join`),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((r) => r.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().error).toBe("ALREADY_IN_SQUAD");
    }
    expect(await openMemberships(member.me.id)).toHaveLength(1);
  });

  it("20 concurrent joins of one squad by one user: one membership, the count right", async () => {
    test().clock.set(WEDNESDAY);
    const squad = await create(await user(2));
    const member = await user(0);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => member.client.post(`/api/squads/${squad.id}/join`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await openMemberships(member.me.id)).toHaveLength(1);
    const page = (await member.client.get(`/api/squads/${squad.id}`)).json();
    expect(page.memberCount).toBe(2);
  });

  it("20 concurrent leaves: one leave, 19 NOT_IN_SQUAD", async () => {
    test().clock.set(WEDNESDAY);
    const squad = await create(await user(2));
    const member = await user(0);
    await member.client.post(`/api/squads/${squad.id}/join`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => member.client.post("/api/squads/leave")),
    );
    expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
  });
});

describe("the weekly board", () => {
  it("ranks squads by what their members mined while members, on the leagues' weeks", async () => {
    const week = isoWeekOf(WEDNESDAY);
    test().clock.set(WEDNESDAY);
    const ownerA = await user(2);
    const ownerB = await user(2);
    const a = await create(ownerA);
    const b = await create(ownerB);
    const hopper = await user(0);
    await hopper.client.post(`/api/squads/${a.id}/join`);

    // Before the week and before joining: never counted.
    await creditMined(test(), ownerA.me.id, "50", new Date(week.startsAt.getTime() - HOUR));
    await creditMined(test(), ownerA.me.id, "3", new Date(WEDNESDAY.getTime() + HOUR));
    await creditMined(test(), hopper.me.id, "4", new Date(WEDNESDAY.getTime() + HOUR));
    await creditMined(test(), ownerB.me.id, "5", new Date(WEDNESDAY.getTime() + HOUR));
    test().clock.set(new Date(WEDNESDAY.getTime() + 2 * HOUR));
    await hopper.client.post("/api/squads/leave");
    // Mined after leaving: counts for no squad.
    await creditMined(test(), hopper.me.id, "100", new Date(WEDNESDAY.getTime() + 3 * HOUR));
    test().clock.set(new Date(WEDNESDAY.getTime() + 4 * HOUR));

    const board = (await ownerB.client.get("/api/squads/leaderboard")).json();
    expect(board.week).toBe("2026-W49");
    expect(board.startsAt).toBe(week.startsAt.toISOString());
    const lineA = board.squads.find((s: { id: string }) => s.id === a.id);
    const lineB = board.squads.find((s: { id: string }) => s.id === b.id);
    expect(lineA).toMatchObject({ mined: "7.000000000", members: 1 });
    expect(lineB).toMatchObject({ mined: "5.000000000", members: 1 });
    expect(lineA.rank).toBeLessThan(lineB.rank);
    expect(board.mine).toEqual(lineB);
    expect(board.squads.length).toBeLessThanOrEqual(100);
    const ranks = board.squads.map((s: { rank: number }) => s.rank);
    expect(ranks).toEqual(ranks.map((_: number, i: number) => i + 1));

    const page = (await ownerA.client.get(`/api/squads/${a.id}`)).json();
    expect(page).toMatchObject({ mined: "7.000000000", rank: lineA.rank, memberCount: 1 });
    expect(page.members).toEqual([
      { nickname: ownerA.user.nickname, mined: "3.000000000", creator: true, me: true },
    ]);

    // Next week: nothing mined yet there; last week's board is still readable by name.
    test().clock.set(new Date(WEDNESDAY.getTime() + 7 * 24 * HOUR));
    const next = (await ownerA.client.get("/api/squads/leaderboard")).json();
    expect(next.week).toBe("2026-W50");
    expect(next.mine).toMatchObject({ id: a.id, mined: "0.000000000" });
    const past = (await ownerA.client.get("/api/squads/leaderboard?week=2026-W49")).json();
    expect(past.squads.find((s: { id: string }) => s.id === a.id)).toMatchObject({
      mined: "7.000000000",
    });
  });

  it("refuses weeks that are malformed, do not exist or have not begun", async () => {
    test().clock.set(WEDNESDAY);
    const viewer = await user(0);
    for (const week of ["2026-49", "2026-W00", "2026-W54", "2026-W51", "x".repeat(300)]) {
      const answer = await viewer.client.get(`/api/squads/leaderboard?week=${week}`);
      expect(answer.statusCode, week).toBe(400);
      expect(answer.json().error).toBe("VALIDATION_ERROR");
    }
    const none = (await viewer.client.get("/api/squads/leaderboard")).json();
    expect(none.mine).toBeNull();
  });

  it("the caller's squad keeps its rank when it is not in the top 100", async () => {
    test().clock.set(WEDNESDAY);
    const week = isoWeekOf(WEDNESDAY);
    // 100 squads with FRE this week, written straight into the tables.
    await test().db.execute(sql`
      insert into squads (id, name, created_at)
      select gen_random_uuid()::text, 'bulk' || g, ${week.startsAt.toISOString()}::timestamptz
      from generate_series(1, 100) g`);
    const bulk = rowsOf<{ id: string }>(
      await test().db.execute(sql`select id from squads where name like 'bulk%'`),
    );
    for (const [i, row] of bulk.entries()) {
      const id = `bk-${row.id}`;
      await test().db.execute(sql`
        insert into users (id, name, email, email_verified, nickname, referral_code, created_at)
        values (${id}, ${id}, ${`${id}@seed.local`}, true, ${`bk${i}x${row.id.slice(0, 8)}`},
                ${`B${row.id.slice(0, 10)}`}, now())`);
      await test().db.execute(sql`
        insert into squad_memberships (id, squad_id, user_id, joined_at)
        values (gen_random_uuid()::text, ${row.id}, ${id},
                ${week.startsAt.toISOString()}::timestamptz)`);
      await creditMined(test(), id, String(1000 + i), new Date(WEDNESDAY.getTime() - HOUR));
    }
    const last = await user(2);
    const squad = await create(last);
    const board = (await last.client.get("/api/squads/leaderboard")).json();
    expect(board.squads).toHaveLength(100);
    expect(board.mine.id).toBe(squad.id);
    expect(board.mine.rank).toBeGreaterThan(100);
    expect(board.squads.some((s: { id: string }) => s.id === squad.id)).toBe(false);
  });
});

describe("admin: rename, hide, disband", () => {
  it("renames, hides (off the board, closed), shows again, disbands (no wait), each audited", async () => {
    test().clock.set(WEDNESDAY);
    const admin = await elevatedAdmin(test());
    const owner = await user(2);
    const squad = await create(owner);
    const member = await user(0);
    await member.client.post(`/api/squads/${squad.id}/join`);

    const list = await admin.client.get(`/api/admin/squads?q=${squad.name.slice(0, 6)}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().squads).toContainEqual(
      expect.objectContaining({ id: squad.id, memberCount: 2, hidden: false, disbanded: false }),
    );

    const newName = squadName();
    const renamed = await admin.client.patch(`/api/admin/squads/${squad.id}`, { name: newName });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: newName });
    const taken = await create(await user(2));
    const clash = await admin.client.patch(`/api/admin/squads/${squad.id}`, { name: taken.name });
    expect(clash.json().error).toBe("SQUAD_NAME_TAKEN");
    const bad = await admin.client.patch(`/api/admin/squads/${squad.id}`, { name: "a b" });
    expect(bad.json().error).toBe("SQUAD_NAME_INVALID");
    expect((await admin.client.patch(`/api/admin/squads/${squad.id}`, {})).statusCode).toBe(400);

    const hidden = await admin.client.patch(`/api/admin/squads/${squad.id}`, { hidden: true });
    expect(hidden.json()).toMatchObject({ hidden: true });
    const board = (await owner.client.get("/api/squads/leaderboard")).json();
    expect(board.squads.some((s: { id: string }) => s.id === squad.id)).toBe(false);
    expect(board.mine).toBeNull();
    const page = (await owner.client.get(`/api/squads/${squad.id}`)).json();
    expect(page).toMatchObject({ hidden: true, rank: null });
    const closed = await (await user(0)).client.post(`/api/squads/${squad.id}/join`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe("SQUAD_CLOSED");
    await admin.client.patch(`/api/admin/squads/${squad.id}`, { hidden: false });

    const gone = await admin.client.post(`/api/admin/squads/${squad.id}/disband`);
    expect(gone.statusCode).toBe(204);
    expect((await owner.client.get(`/api/squads/${squad.id}`)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/admin/squads/${squad.id}/disband`)).statusCode).toBe(404);
    expect(
      (await admin.client.patch(`/api/admin/squads/${squad.id}`, { hidden: true })).statusCode,
    ).toBe(404);
    // A disband starts no wait: the member joins another squad at once; the name is free again.
    expect((await member.client.post(`/api/squads/${taken.id}/join`)).statusCode).toBe(200);
    expect((await owner.client.post("/api/squads", { name: newName })).statusCode).toBe(201);

    const audit = rowsOf<{ action: string; before: unknown; after: unknown }>(
      await test().db.execute(sql`select action, before, after from audit_log
        where target_id = ${squad.id} order by created_at, action`),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(
      ["squad.disband", "squad.hide", "squad.rename", "squad.show"].sort(),
    );
    expect(audit.find((a) => a.action === "squad.rename")).toMatchObject({
      before: { name: squad.name },
      after: { name: newName },
    });
    expect(audit.find((a) => a.action === "squad.disband")).toMatchObject({
      before: { members: 2 },
    });
  });

  it("a disband while 20 users join: no membership survives in a disbanded squad", async () => {
    test().clock.set(WEDNESDAY);
    const admin = await elevatedAdmin(test());
    const squad = await create(await user(2));
    const joiners = await Promise.all(Array.from({ length: 20 }, () => user(0, "dj")));
    const [disbanded, ...joins] = await Promise.all([
      admin.client.post(`/api/admin/squads/${squad.id}/disband`),
      ...joiners.map((j) => j.client.post(`/api/squads/${squad.id}/join`)),
    ]);
    expect(disbanded?.statusCode).toBe(204);
    for (const j of joins) expect([200, 404]).toContain(j.statusCode);
    const open = rowsOf<{ n: number }>(
      await test().db.execute(sql`select count(*)::int as n from squad_memberships
        where squad_id = ${squad.id} and left_at is null`),
    );
    expect(open[0]?.n).toBe(0);
  });

  it("is the admins' only", async () => {
    const plain = await user(2);
    const squad = await create(plain);
    expect((await plain.client.get("/api/admin/squads")).statusCode).toBe(403);
    expect(
      (await plain.client.patch(`/api/admin/squads/${squad.id}`, { hidden: true })).statusCode,
    ).toBe(403);
    expect((await plain.client.post(`/api/admin/squads/${squad.id}/disband`)).statusCode).toBe(403);
    const anonymous = client(test());
    expect((await anonymous.get(`/api/squads/${squad.id}`)).statusCode).toBe(401);
    expect((await anonymous.get("/api/squads/leaderboard")).statusCode).toBe(401);
  });
});

describe("an erased member", () => {
  it("leaves the squad in the erasure's transaction: listed no more, counted no more", async () => {
    test().clock.set(WEDNESDAY);
    const owner = await user(2);
    const squad = await create(owner);
    const member = await user(0, "squerase");
    expect((await member.client.post(`/api/squads/${squad.id}/join`)).statusCode).toBe(200);
    const cookie = [...member.client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const erased = await test().app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { origin: PUBLIC_URL, cookie },
      payload: { password: member.user.password },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await openMemberships(member.me.id)).toEqual([]);
    const page = (await owner.client.get(`/api/squads/${squad.id}`)).json();
    expect(page.memberCount).toBe(1);
    expect(page.members).toHaveLength(1);
  });
});

describe("the books", () => {
  it("balance after every squad move", async () => {
    await expectLedgerBalanced(test());
  });
});

describe("GET /api/squads/:id/preview (the share link, no session)", () => {
  it("answers a signed-out visitor the public facts only, as the page counts them", async () => {
    test().clock.set(WEDNESDAY);
    const owner = await user(2);
    const squad = await create(owner, squadName(), { telegramUrl: "https://t.me/fre_preview" });
    const member = await user(0);
    expect((await member.client.post(`/api/squads/${squad.id}/join`)).statusCode).toBe(200);
    await creditMined(test(), member.me.id, "6", new Date(WEDNESDAY.getTime() + HOUR));
    test().clock.set(new Date(WEDNESDAY.getTime() + 2 * HOUR));

    const visitor = client(test(), { ip: "198.51.100.7" });
    const preview = await visitor.get(`/api/squads/${squad.id}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const page = (await owner.client.get(`/api/squads/${squad.id}`)).json();
    expect(preview.json()).toEqual({
      id: squad.id,
      name: squad.name,
      telegramUrl: "https://t.me/fre_preview",
      memberCount: 2,
      mined: "6.000000000",
      rank: page.rank,
      inviteCode: owner.me.referralCode,
      week: "2026-W49",
      startsAt: page.startsAt,
      endsAt: page.endsAt,
    });
    expect(page.rank).toEqual(expect.any(Number));
    // Nobody's nickname, no member list, nothing about the caller; never kept by a cache.
    expect(preview.body).not.toContain(owner.user.nickname);
    expect(preview.body).not.toContain(member.user.nickname);
    expect(preview.headers["cache-control"]).toBe("no-store");
    // A signed-in caller reads the same facts.
    const signedIn = await member.client.get(`/api/squads/${squad.id}/preview`);
    expect(signedIn.json()).toEqual(preview.json());
  });

  it("the invite code it shows registers a new user as the creator's referral", async () => {
    test().clock.set(WEDNESDAY);
    const owner = await user(2);
    const squad = await create(owner);
    const { inviteCode } = (await client(test()).get(`/api/squads/${squad.id}/preview`)).json();
    const newcomer = await signUp(test(), uniqueUser("squref"), { referralCode: inviteCode });
    const referrals = (await owner.client.get("/api/referrals")).json();
    expect(referrals.total).toBe(1);
    expect(JSON.stringify(referrals.referrals)).toContain(newcomer.user.nickname);
    expect((await newcomer.client.post(`/api/squads/${squad.id}/join`)).statusCode).toBe(200);
    const preview = (await client(test()).get(`/api/squads/${squad.id}/preview`)).json();
    expect(preview.memberCount).toBe(2);
  });

  it("404 for an unknown, hidden or disbanded squad; 400 for a malformed id", async () => {
    test().clock.set(WEDNESDAY);
    const admin = await elevatedAdmin(test());
    const anonymous = client(test(), { ip: "198.51.100.8" });
    const unknown = await anonymous.get("/api/squads/00000000-0000-4000-8000-000000000000/preview");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: "SQUAD_NOT_FOUND", message: expect.any(String) });
    for (const id of ["nope", "1", `${"a".repeat(36)}`, "%00"]) {
      const bad = await anonymous.get(`/api/squads/${id}/preview`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().error, id).toBe("VALIDATION_ERROR");
    }

    const squad = await create(await user(2));
    expect((await anonymous.get(`/api/squads/${squad.id}/preview`)).statusCode).toBe(200);
    await admin.client.patch(`/api/admin/squads/${squad.id}`, { hidden: true });
    const hidden = await anonymous.get(`/api/squads/${squad.id}/preview`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain(squad.name);
    await admin.client.patch(`/api/admin/squads/${squad.id}`, { hidden: false });
    expect((await anonymous.get(`/api/squads/${squad.id}/preview`)).statusCode).toBe(200);
    expect((await admin.client.post(`/api/admin/squads/${squad.id}/disband`)).statusCode).toBe(204);
    expect((await anonymous.get(`/api/squads/${squad.id}/preview`)).statusCode).toBe(404);
  });

  it("is limited per address: 60 a minute, then 429; another address still reads", async () => {
    test().clock.set(WEDNESDAY);
    const squad = await create(await user(2));
    const url = `/api/squads/${squad.id}/preview`;
    const busy = client(test(), { ip: "203.0.113.60" });
    for (let i = 0; i < 60; i++) {
      const read = await busy.get(url);
      expect(read.statusCode, `read ${i + 1}`).toBe(200);
    }
    const limited = await busy.get(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "RATE_LIMITED", message: expect.any(String) });
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await client(test(), { ip: "203.0.113.61" }).get(url)).statusCode).toBe(200);
  });
});
