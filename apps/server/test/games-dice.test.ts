/**
 * Dice over the API (issue 22): a bet is settled at once like Keno — the roll, the bet and the
 * payout in one move — its win matches the roll the revealed seeds give, bad targets are 400s
 * with their own translated message, the admin's limits hold, and the books balance.
 */
import {
  applyMultiplier,
  diceMultiplier,
  diceRoll,
  formatMultiplier,
  formatNano,
  parseFre,
  toHundredths,
} from "@fre/shared";
import { describe, expect, it } from "vitest";
import { credit } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  PUBLIC_URL,
  signUp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

const FRE = 1_000_000_000n;
const test = useTestApp();

async function player(fre: bigint, language = "en") {
  const signed = await signUp(test(), uniqueUser("dicer"), {}, { language });
  if (fre > 0n) {
    await test().db.transaction((tx) =>
      credit(tx, {
        userId: signed.me.id,
        kind: "bonus",
        amountNano: fre * FRE,
        reference: `dice-test:${signed.me.id}`,
        at: test().clock.now(),
      }),
    );
  }
  return signed.client;
}

const balanceOf = async (c: Client) => parseFre((await c.get("/api/wallet")).json().balance);
const roll = (c: Client, body: object) =>
  c.post("/api/games/dice/bets", { amount: "1", target: 50, direction: "over", ...body });

describe("dice", () => {
  it("settles each bet at once; wins and payouts are the revealed seeds' rolls", async () => {
    const c = await player(100n);
    const bets = [
      { target: 2, direction: "over" },
      { target: 98, direction: "under" },
      { target: 50.5, direction: "over" },
      { target: 50.25, direction: "under" },
      { target: 2, direction: "under" },
      { target: 98, direction: "over" },
      { target: 33, direction: "over" },
      { target: 66.66, direction: "under" },
    ] as const;
    let balance = 100n * FRE;
    const played: { nonce: number; target: number; direction: "over" | "under"; roll: number }[] =
      [];
    for (const [nonce, bet] of bets.entries()) {
      const answer = await roll(c, { amount: "2", ...bet });
      expect(answer.statusCode, answer.body).toBe(200);
      const play = answer.json();
      expect(play).toMatchObject({
        game: "dice",
        nonce,
        status: "settled",
        amount: formatNano(2n * FRE),
      });
      const { roll: rolled, win } = play.outcome;
      expect(play.outcome).toMatchObject({ target: bet.target, direction: bet.direction });
      expect(rolled).toBeGreaterThanOrEqual(0);
      expect(rolled).toBeLessThanOrEqual(99.99);
      const expectWin =
        bet.direction === "over"
          ? toHundredths(rolled) > toHundredths(bet.target)
          : toHundredths(rolled) < toHundredths(bet.target);
      expect(win).toBe(expectWin);
      const m = diceMultiplier(bet.target, bet.direction);
      const payout = win ? applyMultiplier(2n * FRE, m) : 0n;
      expect(play.payout).toBe(formatNano(payout));
      expect(play.multiplier).toBe(win ? formatMultiplier(m) : "0.00");
      balance = balance - 2n * FRE + payout;
      expect(play.balance).toBe(formatNano(balance));
      played.push({ nonce, ...bet, roll: rolled });
    }
    expect(await balanceOf(c)).toBe(balance);

    // Revealed: every roll is the one the seeds give, and the public route answers the same.
    const { revealed } = (await c.post("/api/games/seeds/rotate")).json();
    const history = (await c.get("/api/games/bets")).json().items;
    expect(history).toHaveLength(bets.length);
    for (const bet of history) {
      expect(bet.game).toBe("dice");
      const seeds = {
        serverSeed: revealed.serverSeed,
        clientSeed: bet.clientSeed,
        nonce: bet.nonce,
      };
      expect(bet.outcome.roll).toBe(diceRoll(seeds));
      expect(played.find((p) => p.nonce === bet.nonce)?.roll).toBe(bet.outcome.roll);
      const query = new URLSearchParams({
        game: "dice",
        serverSeed: revealed.serverSeed,
        clientSeed: bet.clientSeed,
        nonce: String(bet.nonce),
      });
      const verified = await client(test()).get(`/api/games/verify?${query}`);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ game: "dice", outcome: { roll: diceRoll(seeds) } });
      expect(typeof verified.json().outcome.roll).toBe("number");
    }
  });

  it("refuses bad targets and directions with 400 and a translated message, taking nothing", async () => {
    const c = await player(5n, "fr");
    for (const target of [50.123, 1.99, 98.01, 0, 100, -5, 1e21]) {
      const answer = await roll(c, { target });
      expect(answer.statusCode, String(target)).toBe(400);
      expect(answer.json()).toMatchObject({
        error: "BAD_DICE_TARGET",
        message:
          "Cible invalide : choisissez un nombre entre 2 et 98, avec au plus deux décimales.",
      });
    }
    for (const target of ["50", null, "NaN", [50], { value: 50 }]) {
      const answer = await roll(c, { target });
      expect(answer.statusCode, JSON.stringify(target)).toBe(400);
      expect(answer.json().error).toBe("BAD_DICE_TARGET");
    }
    // NaN is not JSON: the body itself is refused.
    const nan = await test().app.inject({
      method: "POST",
      url: "/api/games/dice/bets",
      headers: {
        origin: PUBLIC_URL,
        "content-type": "application/json",
        cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      payload: '{"amount":"1","target":NaN,"direction":"over"}',
    });
    expect(nan.statusCode).toBe(400);
    for (const body of [
      { direction: "sideways" },
      { direction: undefined },
      { target: undefined },
      { amount: "1e3" },
    ]) {
      const answer = await roll(c, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe("VALIDATION_ERROR");
    }
    expect(await balanceOf(c)).toBe(5n * FRE);
    expect((await c.get("/api/games/seeds")).json().nonce).toBe(0);
    expect(
      (
        await client(test()).post("/api/games/dice/bets", {
          amount: "1",
          target: 50,
          direction: "over",
        })
      ).statusCode,
    ).toBe(401);
  });

  it("keeps the admin's bet limits and the balance", async () => {
    const admin = await elevatedAdmin(test(), "diceboss");
    const c = await player(100n, "en");
    expect(
      (await admin.client.put("/api/admin/games/limits", { minBet: "5", maxBet: "50" })).statusCode,
    ).toBe(200);
    try {
      const small = await roll(c, { amount: "4" });
      expect(small.json()).toEqual({
        error: "BET_TOO_SMALL",
        message: "Bet too small: the minimum is 5 FRE.",
      });
      expect((await roll(c, { amount: "51" })).json().error).toBe("BET_TOO_LARGE");
      expect((await roll(c, { amount: "5" })).statusCode).toBe(200);
      const poor = await player(3n);
      await admin.client.put("/api/admin/games/limits", { minBet: "1", maxBet: "50" });
      const short = await roll(poor, { amount: "4" });
      expect(short.statusCode).toBe(409);
      expect(short.json().error).toBe("INSUFFICIENT_BALANCE");
    } finally {
      await admin.client.put("/api/admin/games/limits", { minBet: "1", maxBet: "10000" });
    }
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("is published with its bounds and RTP, and listed among the games", async () => {
    const c = await player(0n);
    const { publication } = (await c.get("/api/games")).json();
    expect(publication.dice).toMatchObject({ outcomes: 10_000, minTarget: 2, maxTarget: 98 });
    expect(publication.dice.rtp.percent).toBe("99.0000");
  });
});
