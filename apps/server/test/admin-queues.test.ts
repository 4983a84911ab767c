/**
 * The admin queues that help decide (issue 34 point 6, decision 0061): KYC requests and
 * withdrawals sorted by age or amount, filtered (status, risk, amount range typed with a comma),
 * paged within bounds; a request another admin opened in the last minutes says so, to them only.
 */
import { randomUUID } from "node:crypto";
import { parseFre, QUEUE_OPEN_WINDOW_MINUTES } from "@fre/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { kycRequests, queueOpens, userRisk } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import { elevatedAdmin, useTestApp, verifiedUser } from "./helpers.ts";
import { fundForWithdrawal, linkTonWallet, requestWithdrawal } from "./ton-helpers.ts";

type Admin = Awaited<ReturnType<typeof elevatedAdmin>>;
const MINUTE = 60_000;
const test = useTestApp();
let camille: Admin;
let noah: Admin;
/** Three pending withdrawals, asked a minute apart: 50, 500 and 120,5 FRE. */
const asked: { id: string; nickname: string; amount: string }[] = [];
/** Three pending KYC requests, submitted a minute apart, their users holding 10, 900 and 300 FRE. */
const kyc: { userId: string; nickname: string }[] = [];

async function withdrawal(amount: string, risk?: "high" | "medium") {
  const signed = await verifiedUser(test(), "queue");
  await linkTonWallet(test(), signed.client);
  await fundForWithdrawal(test(), signed.me.id, "1000");
  if (risk) {
    await test()
      .db.insert(userRisk)
      .values({ userId: signed.me.id, score: 80, level: risk, updatedAt: test().clock.now() });
  }
  const response = await requestWithdrawal(test(), signed.client, amount);
  expect(response.statusCode, response.body).toBe(201);
  asked.push({ id: response.json().id, nickname: signed.me.nickname, amount });
  test().clock.advance(MINUTE);
}

async function kycRequest(balance: string) {
  const signed = await verifiedUser(test(), "kycq");
  const at = test().clock.now();
  await test().db.transaction((tx) =>
    credit(tx, {
      userId: signed.me.id,
      kind: "bonus",
      amountNano: parseFre(balance),
      reference: `test:${randomUUID()}`,
      at,
    }),
  );
  await test().db.insert(kycRequests).values({
    userId: signed.me.id,
    status: "pending",
    submittedAt: at,
    createdAt: at,
    updatedAt: at,
  });
  kyc.push({ userId: signed.me.id, nickname: signed.me.nickname });
  test().clock.advance(MINUTE);
}

beforeAll(async () => {
  camille = await elevatedAdmin(test(), "camille");
  noah = await elevatedAdmin(test(), "noah");
  await withdrawal("50");
  await withdrawal("500", "high");
  await withdrawal("120.5", "medium");
  await kycRequest("10");
  await kycRequest("900");
  await kycRequest("300");
});

const nicknames = (items: { nickname: string }[]) => items.map((item) => item.nickname);
const queued = (nicks: string[], of: { nickname: string }[]) =>
  nicks.filter((nick) => of.some((entry) => entry.nickname === nick));

async function listWithdrawals(admin: Admin, query = "") {
  const response = await admin.client.get(`/api/admin/withdrawals?status=pending${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { id: string; nickname: string; openedBy: unknown }[];
    nextOffset: number | null;
  };
}

async function listKyc(admin: Admin, query = "") {
  const response = await admin.client.get(`/api/admin/kyc?status=pending${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: { userId: string; nickname: string; balance: string; openedBy: unknown }[];
    nextOffset: number | null;
  };
}

describe("the withdrawals queue", () => {
  it("sorts by age (oldest first by default) and by amount", async () => {
    const [w50, w500, w120] = asked.map((a) => a.nickname) as [string, string, string];
    const order = async (sort: string) =>
      queued(nicknames((await listWithdrawals(camille, sort)).items), asked);
    expect(await order("")).toEqual([w50, w500, w120]);
    expect(await order("&sort=oldest")).toEqual([w50, w500, w120]);
    expect(await order("&sort=newest")).toEqual([w120, w500, w50]);
    expect(await order("&sort=amount_desc")).toEqual([w500, w120, w50]);
    expect(await order("&sort=amount_asc")).toEqual([w50, w120, w500]);
  });

  it("filters by amount range (a French decimal comma too) and by risk level", async () => {
    const [w50, w500, w120] = asked.map((a) => a.nickname) as [string, string, string];
    const of = async (query: string) =>
      queued(nicknames((await listWithdrawals(camille, query)).items), asked);
    expect(await of("&minAmount=120,5")).toEqual([w500, w120]);
    expect(await of(`&minAmount=${encodeURIComponent("100,5")}&maxAmount=499,9`)).toEqual([w120]);
    expect(await of("&maxAmount=50")).toEqual([w50]);
    expect(await of("&risk=high")).toEqual([w500]);
    expect(await of("&risk=medium")).toEqual([w120]);
    expect(await of("&risk=low")).toEqual([w50]);
  });

  it("searches by the start of the user's nickname or e-mail, any case, % and _ as letters", async () => {
    const [w50, w500] = asked.map((a) => a.nickname) as [string, string, string];
    const of = async (query: string) =>
      queued(nicknames((await listWithdrawals(camille, query)).items), asked);
    expect(await of(`&q=${encodeURIComponent(w500.toUpperCase())}`)).toEqual([w500]);
    expect(await of(`&q=${encodeURIComponent(` ${w50.slice(0, -1)}`)}`)).toContain(w50);
    expect(await of(`&q=${encodeURIComponent(`${w50}@EXAMPLE`)}`)).toEqual([w50]);
    expect(await of("&q=%25")).toEqual([]);
    expect(await of("&q=_")).toEqual([]);
    expect(await of(`&q=${encodeURIComponent(w500)}&sort=amount_desc&minAmount=1`)).toEqual([w500]);
  });

  it("pages within its bounds: a limit, an offset and the next page's offset", async () => {
    const first = await listWithdrawals(camille, "&limit=2");
    expect(first.items).toHaveLength(2);
    expect(first.nextOffset).toBe(2);
    const second = await listWithdrawals(camille, "&limit=2&offset=2");
    expect(second.items.map((w) => w.id)).not.toContain(first.items[0]!.id);
    expect(second.nextOffset).toBeNull();
  });

  it.each([
    ["a limit above 100", "limit=101"],
    ["a limit of 0", "limit=0"],
    ["a negative offset", "offset=-1"],
    ["an offset past the bound", "offset=10001"],
    ["an unknown sort", "sort=random"],
    ["an unknown risk level", "risk=extreme"],
    ["an amount that is no number", "minAmount=abc"],
    ["an amount with ten decimals", "minAmount=1,0000000001"],
    ["a range whose bounds cross", "minAmount=500&maxAmount=100"],
    ["a search longer than 64 characters", `q=${"a".repeat(65)}`],
    ["a search with a control character", "q=a%07b"],
  ])("refuses %s with 400 {error, message}", async (_name, query) => {
    const response = await camille.client.get(`/api/admin/withdrawals?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      message: expect.any(String),
    });
  });
});

describe("the KYC queue", () => {
  it("sorts by submission (oldest first by default) and by the user's balance", async () => {
    const [k10, k900, k300] = kyc.map((k) => k.nickname) as [string, string, string];
    const order = async (query: string) =>
      queued(nicknames((await listKyc(noah, query)).items), kyc);
    expect(await order("")).toEqual([k10, k900, k300]);
    expect(await order("&sort=newest")).toEqual([k300, k900, k10]);
    expect(await order("&sort=amount_desc")).toEqual([k900, k300, k10]);
    expect(await order("&sort=amount_asc")).toEqual([k10, k300, k900]);
    const listed = (await listKyc(noah)).items.find((item) => item.nickname === k900);
    expect(listed?.balance).toBe("900.000000000");
  });

  it("filters by balance range and pages", async () => {
    const [, k900, k300] = kyc.map((k) => k.nickname) as [string, string, string];
    const of = async (query: string) => queued(nicknames((await listKyc(noah, query)).items), kyc);
    expect(await of("&minAmount=299,5&maxAmount=899,999")).toEqual([k300]);
    expect(await of("&minAmount=300&sort=amount_desc")).toEqual([k900, k300]);
    expect(await of(`&q=${encodeURIComponent(k300.toUpperCase())}`)).toEqual([k300]);
    const page = await listKyc(noah, "&limit=1");
    expect(page.items).toHaveLength(1);
    expect(page.nextOffset).toBe(1);
  });

  it.each([
    ["a limit above 100", "limit=500"],
    ["an unknown sort", "sort=balance"],
    ["a range whose bounds cross", "minAmount=10&maxAmount=1"],
  ])("refuses %s with 400 {error, message}", async (_name, query) => {
    const response = await noah.client.get(`/api/admin/kyc?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      message: expect.any(String),
    });
  });
});

describe("« ouverte par … »", () => {
  it("shows a withdrawal another admin opened, not to the admin who opened it, until the window ends", async () => {
    const target = asked[0]!;
    const openedBy = async (admin: Admin) =>
      (await listWithdrawals(admin)).items.find((item) => item.id === target.id)?.openedBy;
    expect(await openedBy(noah)).toBeNull();

    const opened = await camille.client.post(`/api/admin/withdrawals/${target.id}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ openedBy: null });
    // Opened again: still one row (an upsert), the time moved.
    expect((await camille.client.post(`/api/admin/withdrawals/${target.id}/open`)).statusCode).toBe(
      200,
    );
    const rows = await test()
      .db.select()
      .from(queueOpens)
      .where(eq(queueOpens.targetId, target.id));
    expect(rows).toHaveLength(1);

    test().clock.advance(2 * MINUTE);
    expect(await openedBy(noah)).toMatchObject({
      nickname: camille.me.nickname,
      minutesAgo: 2,
    });
    // Her own open does not warn her.
    expect(await openedBy(camille)).toBeNull();

    // Noah opens it too: he is told Camille has it, and she now sees him.
    const second = await noah.client.post(`/api/admin/withdrawals/${target.id}/open`);
    expect(second.json()).toMatchObject({
      openedBy: { nickname: camille.me.nickname, minutesAgo: 2 },
    });
    expect(await openedBy(camille)).toMatchObject({ nickname: noah.me.nickname, minutesAgo: 0 });

    test().clock.advance((QUEUE_OPEN_WINDOW_MINUTES - 2) * MINUTE + 1);
    expect(await openedBy(noah)).toBeNull();
    test().clock.advance(2 * MINUTE);
    expect(await openedBy(camille)).toBeNull();
  });

  it("shows a KYC request another admin opened, within the window only", async () => {
    const target = kyc[1]!;
    const openedBy = async (admin: Admin) =>
      (await listKyc(admin)).items.find((item) => item.userId === target.userId)?.openedBy;
    const opened = await noah.client.post(`/api/admin/kyc/${target.userId}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await openedBy(camille)).toMatchObject({ nickname: noah.me.nickname, minutesAgo: 0 });
    expect(await openedBy(noah)).toBeNull();
    test().clock.advance(QUEUE_OPEN_WINDOW_MINUTES * MINUTE + 1);
    expect(await openedBy(camille)).toBeNull();
  });

  it("answers 404 for a request that does not exist and 400 for an id that is no UUID", async () => {
    const missing = randomUUID();
    const noWithdrawal = await camille.client.post(`/api/admin/withdrawals/${missing}/open`);
    expect(noWithdrawal.statusCode).toBe(404);
    expect(noWithdrawal.json()).toMatchObject({ error: "NOT_FOUND", message: expect.any(String) });
    expect((await camille.client.post(`/api/admin/kyc/${missing}/open`)).statusCode).toBe(404);
    const bad = await camille.client.post("/api/admin/withdrawals/not-a-uuid/open");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "VALIDATION_ERROR", message: expect.any(String) });
  });
});
