import { Address } from "@ton/core";
import { beforeAll, describe, expect, it } from "vitest";
import { telegramAccounts, tonWallets, users } from "../src/db/schema/index.ts";
import { elevatedAdmin, signUp, uniqueUser, useTestApp } from "./helpers.ts";

const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;
const stamp = Date.now().toString(36).slice(-5);
const hash = "ab".repeat(32);
const target = {
  id: `qs-${stamp}-target`,
  name: `Quick${stamp}`,
  nickname: `Quick${stamp}`,
  email: `finder.${stamp}@example.com`,
  referralCode: `Q${stamp.toUpperCase()}T`,
  telegramUsername: `tg_${stamp}_Rider`,
};

type Hit = { id: string; matchedBy: string; walletAddress: string | null };
async function search(q: string) {
  const response = await admin.client.get(`/api/admin/user-search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Hit[];
}

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "searchboss");
  await test().db.insert(users).values(target);
  await test().db.insert(telegramAccounts).values({ telegramId: 7_000_000_123, userId: target.id });
  await test()
    .db.insert(tonWallets)
    .values({
      userId: target.id,
      address: `0:${hash}`,
      network: "-239",
      publicKey: "cd".repeat(32),
      linkedAt: new Date(),
    });
  // Twelve accounts sharing a prefix: the answer stops at ten.
  await test()
    .db.insert(users)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        id: `qs-${stamp}-${i}`,
        name: `Many${stamp}${i}`,
        nickname: `Many${stamp}${String(i).padStart(2, "0")}`,
        email: `many${stamp}${i}@example.com`,
        referralCode: `M${stamp.toUpperCase()}${String(i).padStart(2, "0")}`,
      })),
    );
});

describe("GET /api/admin/user-search", () => {
  it("finds a user by an e-mail or a nickname prefix, any case", async () => {
    expect((await search(`FINDER.${stamp}`)).map((h) => [h.id, h.matchedBy])).toEqual([
      [target.id, "email"],
    ]);
    expect((await search(`quick${stamp}`)).map((h) => [h.id, h.matchedBy])).toEqual([
      [target.id, "nickname"],
    ]);
  });

  it("finds a user by a Telegram username prefix, with or without @", async () => {
    for (const q of [`@TG_${stamp}_r`, `tg_${stamp}`]) {
      expect((await search(q)).map((h) => [h.id, h.matchedBy])).toEqual([[target.id, "telegram"]]);
    }
  });

  it("finds a user by a whole wallet address in raw or user-friendly form, or its hash", async () => {
    const friendly = Address.parseRaw(`0:${hash}`).toString({ bounceable: false });
    for (const q of [`0:${hash}`, `0:${hash.toUpperCase()}`, friendly, hash]) {
      const hits = await search(q);
      expect(
        hits.map((h) => [h.id, h.matchedBy]),
        q,
      ).toEqual([[target.id, "wallet"]]);
      expect(hits[0]?.walletAddress).toBe(`0:${hash}`);
    }
  });

  it("finds a user by their exact id, first", async () => {
    const hits = await search(target.id);
    expect(hits[0]).toMatchObject({ id: target.id, matchedBy: "id" });
    expect(hits).toHaveLength(1);
  });

  it("answers ten users at most, newest first, and nothing for no match", async () => {
    const hits = await search(`many${stamp}`);
    expect(hits).toHaveLength(10);
    expect(await search(`nobody-${stamp}`)).toEqual([]);
    // `%` and `_` are letters, not patterns.
    expect(await search("%")).toEqual([]);
  });

  it("refuses an empty or an overlong query", async () => {
    for (const q of ["", "   ", "x".repeat(101)]) {
      const response = await admin.client.get(`/api/admin/user-search?q=${q}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: expect.any(String),
        message: expect.any(String),
      });
    }
  });

  it("is only for an elevated admin", async () => {
    const user = await signUp(test(), uniqueUser("searcher"));
    const response = await user.client.get(`/api/admin/user-search?q=${target.email}`);
    expect(response.statusCode).toBe(403);
  });

  it("is rate-limited per admin", async () => {
    let last = 0;
    for (let i = 0; i < 121 && last !== 429; i += 1) {
      last = (await admin.client.get(`/api/admin/user-search?q=r${i}`)).statusCode;
    }
    expect(last).toBe(429);
  });
});
