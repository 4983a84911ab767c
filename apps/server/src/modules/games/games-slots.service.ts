/**
 * The two machines: the free slot (one spin per UTC day + one per qualifying referral) and the
 * paid FRE machine, 1 % of whose bets feeds the progressive jackpot (won by three FRE symbols).
 */
import {
  applyMultiplier,
  FRE_MACHINE,
  FRE_MACHINE_JACKPOT_SHARE,
  formatMultiplier,
  formatNano,
  freMachineMultiplier,
  type GamePlay,
  isFreMachineJackpot,
  JACKPOT_SEED_FRE,
  NANO_PER_FRE,
  type PlayedOutcomeOf,
  parseFre,
  type Rational,
  type Seeds,
  SLOT,
  slotPrize,
  slotStops,
  slotSymbols,
} from "@fre/shared";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { credit, lockUser } from "../ledger/ledger.ts";
import {
  balanceOf,
  countQualifiedReferrals,
  emptyPool,
  feedPool,
  freeSpinsUsed,
  insertBet,
  insertFreeSpin,
  poolAmount,
} from "./games.repo.ts";
import {
  checkedBet,
  type GamesDeps,
  openPlay,
  payWin,
  settlePlay,
  takeSeeds,
  topMultiplier,
} from "./games-money.ts";

/** The house's seed of the jackpot pool (at creation and after every win). */
export const JACKPOT_SEED_NANO = parseFre(JACKPOT_SEED_FRE);

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Free spins left: today's (true until played) and referral bonus spins not yet played. */
export async function freeSpinsOf(deps: GamesDeps, userId: string) {
  const [used, earned] = await Promise.all([
    freeSpinsUsed(deps.db, userId, utcDay(deps.clock.now())),
    countQualifiedReferrals(deps.db, userId),
  ]);
  return { daily: used.daily === 0, bonus: Math.max(0, earned - used.bonus) };
}

/** The slot's reels for these seeds: stops, symbols and the prize in nano-FRE. */
function drawSlot(seeds: Seeds) {
  const stops = slotStops(seeds, SLOT.reels);
  const symbols = slotSymbols(SLOT.reels, stops);
  // The published prize is an exact FRE amount: in nano-FRE, rounded down (never pays more).
  return { stops, symbols, prizeNano: applyMultiplier(NANO_PER_FRE, slotPrize(stops)) };
}

/**
 * One free spin: today's if not played yet, else a referral bonus spin (NO_FREE_SPIN when none).
 * The seed pair and then the user's row are locked, so two spins at once count one after the
 * other (and the daily spin's unique index backs that up).
 */
export async function spinSlot(deps: GamesDeps, userId: string): Promise<GamePlay<"slot">> {
  const at = deps.clock.now();
  const day = utcDay(at);
  try {
    return await deps.db.transaction(async (tx) => {
      // The nonce first (it locks the seed pair), then the user's row: the lock order of every
      // play (pair → user → pool), so a spin and a bet of the same user cannot deadlock.
      const play = await openPlay(tx, { userId, game: "slot", amountNano: 0n, at });
      // An account erased since the session was read spins nothing.
      if (!(await lockUser(tx, userId))) throw new AppError("UNAUTHORIZED", 401);
      const used = await freeSpinsUsed(tx, userId, day);
      let kind: PlayedOutcomeOf<"slot">["freeSpin"] = "daily";
      if (used.daily > 0) {
        const earned = await countQualifiedReferrals(tx, userId);
        if (earned - used.bonus <= 0) throw new AppError("NO_FREE_SPIN", 409);
        kind = "bonus";
      }
      await insertFreeSpin(tx, { userId, kind, day, betId: play.betId, at });
      const { stops, symbols, prizeNano } = drawSlot(play.seeds);
      const outcome = { stops, symbols, freeSpin: kind };
      await payWin(tx, { userId, betId: play.betId, payoutNano: prizeNano, at });
      await insertBet(tx, {
        id: play.betId,
        userId,
        game: "slot",
        amountNano: 0n,
        seedPairId: play.pairId,
        nonce: play.nonce,
        clientSeed: play.clientSeed,
        options: { freeSpin: kind },
        outcome,
        // A free spin has no stake: its "multiplier" is shown as 0, the prize is the payout.
        multiplier: "0",
        payoutNano: prizeNano,
        status: "settled",
        createdAt: at,
        settledAt: at,
      });
      return {
        id: play.betId,
        game: "slot",
        nonce: play.nonce,
        status: "settled",
        amount: formatNano(0n),
        outcome,
        multiplier: "0",
        payout: formatNano(prizeNano),
        balance: formatNano(await balanceOf(tx, userId)),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("NO_FREE_SPIN", 409);
    }
    throw error;
  }
}

/** The FRE machine's reels and multiplier; `jackpot` when three FRE symbols line up. */
function drawFreMachine(seeds: Seeds): {
  stops: number[];
  symbols: string[];
  multiplier: Rational;
  jackpot: boolean;
} {
  const stops = slotStops(seeds, FRE_MACHINE.reels);
  const symbols = slotSymbols(FRE_MACHINE.reels, stops);
  return {
    stops,
    symbols,
    multiplier: freMachineMultiplier(stops),
    jackpot: isFreMachineJackpot(stops),
  };
}

/**
 * A paid spin: the bet, 1 % of it to the pool, the paytable's win and, on three FRE symbols, the
 * whole pool (then re-seeded by the house) — one transaction. The pool is announced after commit.
 */
export async function spinFreMachine(
  deps: GamesDeps,
  userId: string,
  body: { amount: string },
): Promise<GamePlay<"fre-machine">> {
  const amountNano = await checkedBet(deps, body.amount, topMultiplier["fre-machine"]());
  const at = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    // Pair (the nonce) → user row (the bet and the paytable's win, one statement) → pool.
    const play = await takeSeeds(tx, userId, at);
    const { stops, symbols, multiplier, jackpot } = drawFreMachine(play.seeds);
    const winNano = applyMultiplier(amountNano, multiplier);
    let balance = await settlePlay(tx, {
      userId,
      betId: play.betId,
      amountNano,
      payoutNano: winNano,
      at,
    });
    const contribution = applyMultiplier(amountNano, FRE_MACHINE_JACKPOT_SHARE);
    let pool = await feedPool(tx, {
      kind: "contribution",
      amountNano: contribution,
      betId: play.betId,
      at,
    });
    let jackpotNano = 0n;
    if (jackpot) {
      jackpotNano = await emptyPool(tx, { betId: play.betId, at });
      await credit(tx, {
        userId,
        kind: "jackpot",
        amountNano: jackpotNano,
        reference: play.betId,
        at,
      });
      pool = await feedPool(tx, { kind: "seed", amountNano: JACKPOT_SEED_NANO, betId: null, at });
      balance = await balanceOf(tx, userId);
    }
    const payoutNano = winNano + jackpotNano;
    const outcome = { stops, symbols, jackpot: formatNano(jackpotNano) };
    await insertBet(tx, {
      id: play.betId,
      userId,
      game: "fre-machine",
      amountNano,
      seedPairId: play.pairId,
      nonce: play.nonce,
      clientSeed: play.clientSeed,
      options: {},
      outcome,
      multiplier: formatMultiplier(multiplier),
      payoutNano,
      status: "settled",
      createdAt: at,
      settledAt: at,
    });
    const played: GamePlay<"fre-machine"> = {
      id: play.betId,
      game: "fre-machine",
      nonce: play.nonce,
      status: "settled",
      amount: formatNano(amountNano),
      outcome,
      multiplier: formatMultiplier(multiplier),
      payout: formatNano(payoutNano),
      balance: formatNano(balance),
    };
    return { played, pool };
  });
  deps.memory.jackpot.announce(formatNano(result.pool));
  return result.played;
}

export const jackpotPool = async (deps: Pick<GamesDeps, "db">) =>
  formatNano(await poolAmount(deps.db));
