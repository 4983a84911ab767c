/**
 * Amounts the ledger's bigint columns cannot hold never reach them (issue 19 point 9): admin
 * settings and user amounts are bounded by MAX_FRE_AMOUNT, and a bet whose largest payout would
 * not fit is BET_TOO_LARGE — a 400, never a 500 "bigint out of range".
 */
import { randomUUID } from "node:crypto";
import {
  applyMultiplier,
  cardRank,
  hiloStepMultiplier,
  MAX_FRE_AMOUNT,
  MAX_PAYOUT_NANO,
  NANO_PER_FRE,
  parseFre,
  towersMultiplier,
} from "@fre/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import {
  type Client,
  elevatedAdmin,
  signUp,
  uniqueUser,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const test = useTestApp({ config: { GAME_PLAYS_PER_MINUTE: "10000" } });
let admin: Client;

beforeAll(async () => {
  admin = (await elevatedAdmin(test(), "boundboss")).client;
});
afterEach(async () => {
  // Each test starts from the default bet limits.
  await test().db.delete(appSettings).where(eq(appSettings.key, "game_bet_limits"));
  test().games.memory.limits.forget();
});

async function player(fre: string) {
  const { client: c, me } = await signUp(test(), uniqueUser("bound"));
  await test().db.transaction((tx) =>
    credit(tx, {
      userId: me.id,
      kind: "bonus",
      amountNano: parseFre(fre),
      reference: `bounds:${randomUUID()}`,
      at: test().clock.now(),
    }),
  );
  return c;
}

const setLimits = (minBet: string, maxBet: string) =>
  admin.put("/api/admin/games/limits", { minBet, maxBet });

describe("the bound", () => {
  it("is 10^9 FRE, and the largest payout fits in the column beside any balance below it", () => {
    expect(parseFre(MAX_FRE_AMOUNT)).toBe(10n ** 18n);
    expect(MAX_PAYOUT_NANO * 2n - 1n).toBe(2n ** 63n - 1n);
  });
});

describe("game bet limits", () => {
  it("an admin cannot set a maximum bet beyond the bound (400)", async () => {
    const huge = await setLimits("1", "999999999999");
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error).toBe("VALIDATION_ERROR");
    expect((await setLimits("1", "1000000000.000000001")).statusCode).toBe(400);
    const at = await setLimits("1", MAX_FRE_AMOUNT);
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json()).toEqual({ minBet: "1", maxBet: MAX_FRE_AMOUNT });
  });

  it("a bound stored before it existed still caps bets: 400 BET_TOO_LARGE, never 500", async () => {
    const { db } = test();
    await db.insert(appSettings).values({
      key: "game_bet_limits",
      value: { minBetNano: "1000000000", maxBetNano: parseFre("999999999999").toString() },
    });
    test().games.memory.limits.forget();
    const c = await player("10");
    for (const [url, body] of [
      ["/api/games/keno/bets", { amount: "99999999999", picks: [1], risk: "classic" }],
      ["/api/games/fre-machine/spins", { amount: "99999999999" }],
      ["/api/games/towers/rounds", { amount: "99999999999", difficulty: "easy" }],
      ["/api/games/hilo/rounds", { amount: "99999999999" }],
    ] as const) {
      const answer = await c.post(url, body);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(400);
      expect(answer.json().error).toBe("BET_TOO_LARGE");
    }
    expect((await c.get("/api/games")).json().limits.maxBet).toBe(MAX_FRE_AMOUNT);
  });

  it("a bet whose largest payout would not fit is BET_TOO_LARGE, with the game's own maximum", async () => {
    expect((await setLimits("1", MAX_FRE_AMOUNT)).statusCode).toBe(200);
    const c = await player(MAX_FRE_AMOUNT);
    // Towers on "master" pays up to 0.99 × 4^9 = 259 522.56 × the bet.
    const top = towersMultiplier("master", 9);
    const cap = ((MAX_PAYOUT_NANO * top.den) / top.num / NANO_PER_FRE) * NANO_PER_FRE;
    const over = await c.post("/api/games/towers/rounds", {
      amount: "1000000",
      difficulty: "master",
    });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error).toBe("BET_TOO_LARGE");
    // The message writes the maximum with the language's digit groups (« 17 769 FRE »).
    expect(over.json().message.replace(/\D/g, "")).toBe((cap / NANO_PER_FRE).toString());
    expect(applyMultiplier(cap, top)).toBeLessThanOrEqual(MAX_PAYOUT_NANO);
    // The same amount fits an easier difficulty (0.99 × (4/3)^9 ≈ 13.2 × the bet).
    const easy = await c.post("/api/games/towers/rounds", {
      amount: "1000000",
      difficulty: "easy",
    });
    expect(easy.statusCode, easy.body).toBe(200);
    expect((await c.post(`/api/games/towers/rounds/${easy.json().id}/cashout`)).statusCode).toBe(
      200,
    );
    // Keno pays up to 1000 × the bet: 10^9 FRE would pay 10^12 FRE, beyond the column.
    const keno = await c.post("/api/games/keno/bets", {
      amount: MAX_FRE_AMOUNT,
      picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      risk: "high",
    });
    expect(keno.statusCode, keno.body).toBe(400);
    expect(keno.json().error).toBe("BET_TOO_LARGE");
    const machine = await c.post("/api/games/fre-machine/spins", { amount: MAX_FRE_AMOUNT });
    expect(machine.statusCode, machine.body).toBe(400);
    expect(machine.json().error).toBe("BET_TOO_LARGE");
  });

  it("a Hi-Lo guess whose win would not fit is refused; the round can still be cashed out", async () => {
    expect((await setLimits("1", MAX_FRE_AMOUNT)).statusCode).toBe(200);
    const c = await player(MAX_FRE_AMOUNT);
    const opened = await c.post("/api/games/hilo/rounds", { amount: MAX_FRE_AMOUNT });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().id as string;
    const ranks = "23456789TJQKA";
    const rankOf = (label: string) => ranks.indexOf(label.startsWith("10") ? "T" : label[0]!);
    let cards: string[] = opened.json().outcome.cards;
    // Skip to a card with a long shot (2 or 3: "lower"; K or A: "higher"), 12.87 or 6.44 × the bet.
    while (![0, 1, 11, 12].includes(rankOf(cards.at(-1)!))) {
      const skipped = await c.post(`/api/games/hilo/rounds/${id}/guesses`, { guess: "skip" });
      expect(skipped.statusCode, skipped.body).toBe(200);
      cards = skipped.json().outcome.cards;
    }
    const rank = rankOf(cards.at(-1)!);
    const guess = rank <= 1 ? "lower" : "higher";
    expect(
      applyMultiplier(parseFre(MAX_FRE_AMOUNT), hiloStepMultiplier(rank * 4, guess)),
    ).toBeGreaterThan(MAX_PAYOUT_NANO);
    expect(cardRank(rank * 4)).toBe(rank);
    const refused = await c.post(`/api/games/hilo/rounds/${id}/guesses`, { guess });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toBe("BET_TOO_LARGE");
    const cashed = await c.post(`/api/games/hilo/rounds/${id}/cashout`);
    expect(cashed.statusCode, cashed.body).toBe(200);
    expect(cashed.json().balance).toBe(`${MAX_FRE_AMOUNT}.000000000`);
  });
});

describe("withdrawals", () => {
  it("an admin cannot set a minimum beyond the bound; a request beyond it is a 400", async () => {
    const huge = await admin.put("/api/admin/withdrawals/settings", { minimum: "999999999999" });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().error).toBe("VALIDATION_ERROR");
    const at = await admin.put("/api/admin/withdrawals/settings", { minimum: MAX_FRE_AMOUNT });
    expect(at.statusCode, at.body).toBe(200);
    await admin.put("/api/admin/withdrawals/settings", { minimum: "30" });
    const { client: c } = await verifiedUser(test(), "wdbound");
    const asked = await test().app.inject({
      method: "POST",
      url: "/api/withdrawals",
      headers: {
        origin: "http://localhost:3000",
        cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        "idempotency-key": `bound-${randomUUID()}`,
        "content-type": "application/json",
      },
      payload: JSON.stringify({ amount: "999999999999" }),
    });
    expect(asked.statusCode, asked.body).toBe(400);
    expect(asked.json().error).toBe("VALIDATION_ERROR");
  });
});

describe("bonus codes", () => {
  const create = (body: Record<string, unknown>) => admin.post("/api/admin/bonus-codes", body);

  it("FRE rewards up to the bound; boosts up to a rate a whole session's earnings fit", async () => {
    const code = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`.toUpperCase();
    expect(
      (await create({ code: code("MAX"), type: "fre", rewardValue: MAX_FRE_AMOUNT, maxUses: 1 }))
        .statusCode,
    ).toBe(201);
    const over = await create({
      code: code("OVER"),
      type: "fre",
      rewardValue: "1000000000.000000001",
      maxUses: 1,
    });
    expect(over.statusCode).toBe(400);
    // 10^9 FRE an hour would earn 2.4 × 10^10 FRE in a 24-hour session: beyond the column.
    const boost = await create({
      code: code("BOOST"),
      type: "boost",
      rewardValue: MAX_FRE_AMOUNT,
      maxUses: 1,
    });
    expect(boost.statusCode, boost.body).toBe(400);
    expect(boost.json().error).toBe("VALIDATION_ERROR");
    const fine = await create({
      code: code("RATE"),
      type: "boost",
      rewardValue: "1000",
      maxUses: 1,
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});
