/**
 * The user's own data (issue 21 point 6, decision 0028): the export holds everything of the
 * caller and nothing of anyone else; the erasure removes the person and keeps the books.
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { join } from "node:path";
import { parseFre } from "@fre/shared";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localFileStore } from "../src/adapters/file-store/local-file-store.ts";
import {
  accounts,
  bonusCodes,
  bonusCodeUsages,
  boosts,
  gameBets,
  gameSeedPairs,
  kycFiles,
  kycRequests,
  ledgerEntries,
  levelValidations,
  miningSessions,
  notifications,
  pushSubscriptions,
  sessions,
  shopOrders,
  shopPayments,
  supportMessages,
  supportTickets,
  tonWallets,
  userPacks,
  users,
  withdrawals,
} from "../src/db/schema/index.ts";
import { credit, debit } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { mailRecipientOf } from "../src/modules/users/users.service.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  PUBLIC_URL,
  signUp,
  testConfig,
  uniqueUser,
} from "./helpers.ts";
import { completeRequest, useKycApp } from "./kyc-fixtures.ts";

const test = useKycApp();

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");

function erase(c: Client, password: string, language?: string) {
  return test().app.inject({
    method: "DELETE",
    url: "/api/me",
    headers: {
      origin: PUBLIC_URL,
      cookie: cookieOf(c),
      ...(language ? { "accept-language": language } : {}),
    },
    payload: { password },
  });
}

/** Every file the local store holds, by its path under the store's folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(test().filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/**
 * One row (at least) in every table that holds a user's data, each carrying `tag` where a text
 * column allows: a search for the tag finds the user's rows wherever they went.
 */
async function seedEverything(userId: string, tag: string) {
  const { db } = test();
  const now = test().clock.now();
  const wallet = `0:${hex(32)}`;
  const order = randomUUID();
  const withdrawal = randomUUID();
  const seedPair = randomUUID();
  const bet = randomUUID();
  const serverSeed = hex(32);
  await db.transaction(async (tx) => {
    await credit(tx, {
      userId,
      kind: "mining",
      amountNano: parseFre("500000"),
      reference: `mining-${tag}`,
      at: now,
      countsAsMined: true,
    });
    await debit(tx, {
      userId,
      kind: "withdrawal",
      amountNano: parseFre("10"),
      reference: withdrawal,
      at: now,
    });
    await debit(tx, { userId, kind: "game", amountNano: parseFre("1"), reference: bet, at: now });
  });
  await db
    .update(users)
    .set({ telegramUsername: `tg_${tag}` })
    .where(eq(users.id, userId));
  await db.insert(miningSessions).values({
    userId,
    status: "claimed",
    startTime: now,
    endTime: new Date(now.getTime() + 86_400_000),
    baseRateNano: parseFre("1"),
    rateNano: parseFre("1.5"),
    segmentStart: now,
    rateCheckedAt: now,
    creditedNano: parseFre("500000"),
    claimedAt: now,
    endedAt: now,
  });
  await db.insert(boosts).values({
    userId,
    valueNano: parseFre("0.1"),
    source: `code:${tag}`,
    appliedAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  const code = `C${tag}`.toUpperCase();
  await db
    .insert(bonusCodes)
    .values({ code, type: "boost", rewardValue: 1000n, maxUses: 5, currentUses: 1 });
  await db
    .insert(bonusCodeUsages)
    .values({ userId, code, type: "boost", value: 1000n, durationHours: 24, usedAt: now });
  await db
    .insert(levelValidations)
    .values({ userId, level: 1, rewardNano: parseFre("5"), validatedAt: now });
  await db
    .insert(notifications)
    .values({ userId, type: "bonus_expiring", params: { code: tag }, createdAt: now });
  const [ticket] = await db
    .insert(supportTickets)
    .values({ userId, subject: `Subject ${tag}`, createdAt: now, updatedAt: now })
    .returning({ id: supportTickets.id });
  await db.insert(supportMessages).values([
    { ticketId: ticket!.id, author: "user", body: `Question ${tag}`, createdAt: now },
    { ticketId: ticket!.id, author: "admin", body: `Answer ${tag}`, createdAt: now },
  ]);
  await db.insert(tonWallets).values({
    userId,
    address: wallet,
    network: "-3",
    publicKey: hex(32),
    linkedAt: now,
  });
  await db.insert(shopOrders).values({
    id: order,
    userId,
    itemId: "BOX7",
    priceNano: 2_000_000_000n,
    payTo: "EQshop",
    comment: `order-${tag}`,
    status: "paid",
    receivedNano: 2_000_000_000n,
    txHash: `tx-${tag}`,
    createdAt: now,
    expiresAt: now,
    paidAt: now,
  });
  await db.insert(shopPayments).values({
    txHash: `tx-${tag}`,
    lt: "1",
    source: wallet,
    amountNano: 2_000_000_000n,
    comment: `order-${tag}`,
    receivedAt: now,
    orderId: order,
    outcome: "paid",
  });
  await db
    .insert(userPacks)
    .values({ userId, itemId: "FRE1", rateBonusNano: 25_000_000n, orderId: order, grantedAt: now });
  await db.insert(withdrawals).values({
    id: withdrawal,
    userId,
    amountNano: parseFre("10"),
    walletAddress: wallet,
    network: "-3",
    status: "completed",
    createdAt: now,
    updatedAt: now,
    completedAt: now,
    txHash: `wtx-${tag}`,
  });
  await db.insert(gameSeedPairs).values({
    id: seedPair,
    userId,
    serverSeed,
    serverSeedHash: createHash("sha256").update(serverSeed).digest("hex"),
    clientSeed: `seed-${tag}`,
    nonce: 1,
    createdAt: now,
  });
  await db.insert(gameBets).values({
    id: bet,
    userId,
    game: "keno",
    amountNano: parseFre("1"),
    seedPairId: seedPair,
    nonce: 0,
    clientSeed: `seed-${tag}`,
    options: { picks: [1, 2] },
    outcome: { drawn: [3, 4] },
    state: { secret: `state-${tag}` },
    multiplier: "0",
    status: "settled",
    createdAt: now,
    settledAt: now,
  });
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example.com/send/secret-${tag}`,
    p256dh: `p256-${tag}`,
    auth: `auth-${tag}`,
  });
  return { wallet, order, withdrawal, bet, serverSeed };
}

/** A signed-up user with a complete KYC request, cookie choices and a row in every table. */
async function richUser(extra: Record<string, unknown> = {}) {
  const signed = await signUp(test(), uniqueUser("priv"), extra);
  const tag = `t${hex(5)}`;
  const consent = { necessary: true, functional: true, analytics: false, advertising: false };
  expect((await signed.client.patch("/api/me", { cookieConsent: consent })).statusCode).toBe(200);
  await completeRequest(test(), signed.client);
  const seeded = await seedEverything(signed.me.id, tag);
  return { ...signed, tag, ...seeded };
}

async function exportOf(c: Client) {
  const response = await c.get("/api/me/export");
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe("GET /api/me/export", () => {
  it("holds the caller's data in every section, and nothing of another user", async () => {
    const { db } = test();
    const referrer = await signUp(test(), uniqueUser("refr"));
    const mine = await richUser({ referralCode: referrer.me.referralCode });
    const referee = await signUp(test(), uniqueUser("refe"), {
      referralCode: mine.me.referralCode,
    });
    const other = await richUser();

    const response = await exportOf(mine.client);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="fre-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.format).toBe("fre-export/1");
    expect(data.sectionMaxRows).toBe(100_000);
    expect(data.truncated).toEqual({ ledger: false, gameBets: false, notifications: false });
    expect(Date.parse(data.generatedAt)).not.toBeNaN();
    expect(data.profile).toMatchObject({
      id: mine.me.id,
      email: mine.user.email,
      nickname: mine.me.nickname,
      referralCode: mine.me.referralCode,
      language: "fr",
      cookieConsent: { necessary: true, functional: true, analytics: false, advertising: false },
      telegramUsername: `tg_${mine.tag}`,
      role: "user",
      kycStatus: "none",
      totalMined: "500000.000000000",
      balance: "499989.000000000",
    });
    expect(data.loginSessions).toHaveLength(1);
    expect(data.loginSessions[0]).toEqual({
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      userAgent: expect.toBeOneOf([null, expect.any(String)]),
      ipAddress: expect.toBeOneOf([null, expect.any(String)]),
    });
    expect(data.miningSessions).toEqual([
      expect.objectContaining({ status: "claimed", credited: "500000.000000000" }),
    ]);
    expect(data.boosts).toEqual([expect.objectContaining({ source: `code:${mine.tag}` })]);
    expect(data.ledger.map((e: { kind: string }) => e.kind).sort()).toEqual([
      "game",
      "mining",
      "withdrawal",
    ]);
    expect(data.referrals).toEqual({
      referrer: { nickname: referrer.me.nickname },
      referees: [{ nickname: referee.me.nickname, joinedAt: expect.any(String) }],
    });
    expect(data.bonusCodes).toEqual([
      expect.objectContaining({ code: `C${mine.tag}`.toUpperCase() }),
    ]);
    expect(data.levelValidations).toEqual([
      expect.objectContaining({ level: 1, reward: "5.000000000" }),
    ]);
    expect(data.notifications).toEqual([
      expect.objectContaining({ type: "bonus_expiring", params: { code: mine.tag } }),
    ]);
    expect(data.supportTickets).toEqual([
      expect.objectContaining({
        subject: `Subject ${mine.tag}`,
        messages: [
          expect.objectContaining({ author: "user", body: `Question ${mine.tag}` }),
          expect.objectContaining({ author: "admin", body: `Answer ${mine.tag}` }),
        ],
      }),
    ]);
    // The typed fields, decrypted for their owner; the photos by kind only.
    expect(data.kyc).toMatchObject({
      status: "draft",
      identity: { firstName: "Jeanne-Marie", lastName: "D'Arcy" },
      address: { city: "Paris", postalCode: "75002" },
      document: { documentType: "id_card" },
    });
    expect(data.kyc.files).toEqual([{ kind: "back" }, { kind: "front" }, { kind: "selfie" }]);
    expect(data.tonWallet).toEqual({
      address: mine.wallet,
      network: "-3",
      linkedAt: expect.any(String),
    });
    expect(data.shopOrders).toEqual([
      expect.objectContaining({ id: mine.order, priceTon: "2.000000000" }),
    ]);
    expect(data.shopPayments).toEqual([
      expect.objectContaining({ txHash: `tx-${mine.tag}`, orderId: mine.order }),
    ]);
    expect(data.packs).toEqual([expect.objectContaining({ itemId: "FRE1" })]);
    expect(data.withdrawals).toEqual([
      expect.objectContaining({ id: mine.withdrawal, amount: "10.000000000", status: "completed" }),
    ]);
    expect(data.gameBets).toEqual([
      expect.objectContaining({ id: mine.bet, game: "keno", options: { picks: [1, 2] } }),
    ]);
    // The seed in use is not revealed: its hash only.
    expect(data.gameSeeds).toEqual([
      expect.objectContaining({ serverSeed: null, clientSeed: `seed-${mine.tag}` }),
    ]);
    expect(data.pushSubscriptions).toEqual([
      { endpointHost: "push.example.com", createdAt: expect.any(String) },
    ]);

    const text = response.body;
    // Nothing of the other user, wherever it could have leaked from.
    for (const value of [
      other.me.id,
      other.user.email,
      other.me.nickname,
      other.me.referralCode,
      other.tag,
      other.wallet,
      other.order,
      other.withdrawal,
      other.bet,
    ]) {
      expect(text, value).not.toContain(value);
    }
    // Nor the referrer's or referee's other data (their nickname only).
    for (const value of [referrer.me.id, referrer.user.email, referee.me.id, referee.user.email]) {
      expect(text, value).not.toContain(value);
    }
    // No secret: session tokens, the password hash, push keys, the private round state, the
    // unrevealed server seed, the photos' storage keys.
    const tokens = await db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, mine.me.id));
    const [hash] = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, mine.me.id));
    const keys = await db
      .select({ key: kycFiles.storageKey })
      .from(kycFiles)
      .where(eq(kycFiles.userId, mine.me.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(keys).toHaveLength(3);
    for (const secret of [
      ...tokens.map((t) => t.token),
      hash!.password!,
      mine.user.password,
      `secret-${mine.tag}`,
      `p256-${mine.tag}`,
      `auth-${mine.tag}`,
      `state-${mine.tag}`,
      mine.serverSeed,
      ...keys.map((k) => k.key),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"(token|password|passwordHash|p256dh|storageKey)"/);
  });

  it("needs a session and is limited to a few per hour", async () => {
    expect((await client(test()).get("/api/me/export")).statusCode).toBe(401);
    const { client: c } = await signUp(test(), uniqueUser("lim"));
    for (let i = 0; i < 5; i++) expect((await c.get("/api/me/export")).statusCode).toBe(200);
    const limited = await c.get("/api/me/export");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("RATE_LIMITED");
  });
});

describe("DELETE /api/me", () => {
  it("refuses a wrong password, in the user's language, and changes nothing", async () => {
    const { client: c, me } = await signUp(test(), uniqueUser("wrong"));
    const refused = await erase(c, "not-my-password-1", "en");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: "INVALID_PASSWORD",
      message: "The current password is wrong.",
    });
    expect((await c.get("/api/me")).json().email).toBe(me.email);
    const missing = await test().app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { origin: PUBLIC_URL, cookie: cookieOf(c) },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect((await client(test()).get("/api/me")).statusCode).toBe(401);
    const anonymous = await test().app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { origin: PUBLIC_URL },
      payload: { password: "whatever-1" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses while a withdrawal is pending or processing", async () => {
    const { db } = test();
    const { client: c, me, user } = await signUp(test(), uniqueUser("pend"));
    const now = test().clock.now();
    const [row] = await db
      .insert(withdrawals)
      .values({
        userId: me.id,
        amountNano: parseFre("1"),
        walletAddress: `0:${hex(32)}`,
        network: "-3",
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: withdrawals.id });
    for (const status of ["pending", "processing"] as const) {
      await db.update(withdrawals).set({ status }).where(eq(withdrawals.id, row!.id));
      const refused = await erase(c, user.password);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe("ERASURE_WITHDRAWAL_PENDING");
      expect(refused.json().message).toMatch(/retrait/);
    }
    expect((await c.get("/api/me")).statusCode).toBe(200);
    // Once it is over, the account may go.
    await db.update(withdrawals).set({ status: "rejected" }).where(eq(withdrawals.id, row!.id));
    expect((await erase(c, user.password)).statusCode).toBe(204);
  });

  it("erases the person and keeps the books", async () => {
    const { db } = test();
    const admin = await elevatedAdmin(test(), "privboss");
    const subject = await richUser();
    const referee = await signUp(test(), uniqueUser("keep"), {
      referralCode: subject.me.referralCode,
    });
    const id = subject.me.id;
    // Sent for review: the admins' queue counts it until the erasure withdraws it.
    expect((await subject.client.post("/api/kyc/submit")).statusCode).toBe(200);
    const pendingBefore = (await admin.client.get("/api/admin/summary")).json().pendingKyc;
    const filesBefore = await storedFiles();
    const keys = (
      await db.select({ key: kycFiles.storageKey }).from(kycFiles).where(eq(kycFiles.userId, id))
    ).map((k) => k.key);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await fileExists(key)).toBe(true);
    const board = (await referee.client.get("/api/leaderboard")).json();
    expect(board.top.map((l: { nickname: string }) => l.nickname)).toContain(subject.me.nickname);
    const ledgerBefore = await ledgerCount(id);
    // Admins' free texts that may quote the person: a past suspension's reason, a verdict's.
    await db
      .update(users)
      .set({ suspendedReason: `Suspendu : ${subject.me.nickname} a dit…` })
      .where(eq(users.id, id));
    await db
      .update(kycRequests)
      .set({ rejectionReason: `Photo floue de ${subject.tag}` })
      .where(eq(kycRequests.userId, id));

    const erased = await erase(subject.client, subject.user.password);
    expect(erased.statusCode, erased.body).toBe(204);
    expect(String(erased.headers["set-cookie"])).toMatch(/fre\.session_token=;.*Max-Age=0/);

    // The old session cookie is dead at once, and the old credentials open nothing.
    expect((await subject.client.get("/api/me")).statusCode).toBe(401);
    // A session written after the erasure (a sign-in racing it) opens nothing either.
    const token = hex(16);
    await db.insert(sessions).values({
      id: randomUUID(),
      token,
      userId: id,
      expiresAt: new Date(test().clock.now().getTime() + 3_600_000),
    });
    const signature = createHmac("sha256", testConfig().AUTH_SECRET!)
      .update(token)
      .digest("base64");
    const raced = await test().app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: `fre.session_token=${encodeURIComponent(`${token}.${signature}`)}` },
    });
    expect(raced.statusCode).toBe(401);
    await db.delete(sessions).where(eq(sessions.token, token));
    const again = await client(test()).post("/api/auth/sign-in/email", {
      email: subject.user.email,
      password: subject.user.password,
    });
    expect(again.statusCode).toBe(401);

    // Personal fields gone from the row; personal rows gone from the tables.
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      email: `erased-${id}@invalid`,
      emailVerified: false,
      image: null,
      cookieConsent: null,
      telegramUsername: null,
      role: "user",
      suspendedReason: null,
    });
    expect(row!.nickname).toMatch(/^erased-[0-9a-f]{12}$/);
    expect(row!.name).toBe(row!.nickname);
    expect(row!.referralCode).not.toBe(subject.me.referralCode);
    expect(row!.erasedAt).toBeInstanceOf(Date);
    for (const [table, column] of [
      [sessions, sessions.userId],
      [accounts, accounts.userId],
      [pushSubscriptions, pushSubscriptions.userId],
      [notifications, notifications.userId],
      [kycFiles, kycFiles.userId],
      [tonWallets, tonWallets.userId],
      [supportTickets, supportTickets.userId],
    ] as const) {
      const [{ n }] = (await db.select({ n: count() }).from(table).where(eq(column, id))) as [
        { n: number },
      ];
      expect(n, String(column.name)).toBe(0);
    }
    const [kyc] = await db.select().from(kycRequests).where(eq(kycRequests.userId, id));
    expect(kyc).toMatchObject({
      status: "draft",
      identitySealed: null,
      addressSealed: null,
      documentSealed: null,
      rejectionReason: null,
    });
    expect(row!.kycStatus).toBe("none");
    expect((await admin.client.get("/api/admin/summary")).json().pendingKyc).toBe(
      pendingBefore - 1,
    );
    // No mail can go to the anonymised row (a late payment, a verdict, a support answer).
    expect(await mailRecipientOf(db, id)).toBeNull();
    // The photos left the file store.
    for (const key of keys) expect(await fileExists(key)).toBe(false);
    // Nothing of them is left on disk either (data file or metadata).
    const left = await storedFiles();
    for (const key of keys) {
      const name = key.split("/").at(-1)!;
      expect(filesBefore.some((path) => path.includes(name))).toBe(true);
      expect(left.some((path) => path.includes(name))).toBe(false);
    }

    // The books: every ledger row stays, attached to the anonymised row, and still balances.
    expect(await ledgerCount(id)).toBe(ledgerBefore);
    expect(await findLedgerMismatches(db)).toEqual([]);
    const kept = await db
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, id), eq(withdrawals.id, subject.withdrawal)));
    expect(kept[0]!.n).toBe(1);
    expect(
      await db.select({ id: gameBets.id }).from(gameBets).where(eq(gameBets.userId, id)),
    ).toHaveLength(1);

    // Off the leaderboard (once its 5-second cache has passed).
    test().clock.advance(6_000);
    const after = (await referee.client.get("/api/leaderboard")).json();
    const names = after.top.map((l: { nickname: string }) => l.nickname);
    expect(names).not.toContain(subject.me.nickname);
    expect(names).not.toContain(row!.nickname);

    // The referee keeps working; their referrer is the neutral name now.
    expect((await referee.client.get("/api/me")).statusCode).toBe(200);
    expect((await referee.client.get("/api/referrals")).statusCode).toBe(200);
    const refereeExport = (await exportOf(referee.client)).json();
    expect(refereeExport.referrals.referrer).toEqual({ nickname: row!.nickname });
    // Nobody may be referred by the erased account any more.
    const late = await signUp(test(), uniqueUser("late"), { referralCode: row!.referralCode });
    const [lateRow] = await db
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, late.me.id));
    expect(lateRow!.referredBy).toBeNull();

    // The admin finds the row, marked erased.
    const search = await admin.client.get(`/api/admin/users?q=${row!.nickname}`);
    expect(search.json().items).toEqual([
      expect.objectContaining({ id, erased: true, email: `erased-${id}@invalid` }),
    ]);
    const page = await admin.client.get(`/api/admin/users/${id}`);
    expect(page.json().user).toMatchObject({ erased: true, balance: "499989.000000000" });
    // An erased account has no address left to write to.
    expect((await admin.client.post(`/api/admin/users/${id}/verification-mail`)).statusCode).toBe(
      404,
    );

    // The address is free again.
    const back = await signUp(test(), { ...subject.user, nickname: `back${hex(3)}` });
    expect(back.me.email).toBe(subject.user.email);
    expect(back.me.id).not.toBe(id);
  });
});

/** Asks the store the app uses (the same folder) whether the key holds a file. */
const fileExists = (key: string) => localFileStore(test().filesDir).exists(key);

async function ledgerCount(userId: string) {
  const { db } = test();
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return row!.n;
}
