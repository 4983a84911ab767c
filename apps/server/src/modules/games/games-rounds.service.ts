/**
 * Multi-step rounds (Towers, Hi-Lo): the bet is debited when the round opens; each step locks
 * the round; the payout is credited at cash-out (or the round is settled at 0 on a loss). The
 * outcome is drawn from the round's seeds at every step — the server seed stays secret until the
 * pair is rotated, which an open round blocks.
 */
import {
  applyMultiplier,
  cardLabel,
  formatMultiplier,
  formatNano,
  type GamePlay,
  type GameRound,
  type HiloGuess,
  hiloCards,
  hiloStepMultiplier,
  hiloWins,
  mulRational,
  type PlayedOutcomeOf,
  type Rational,
  type RoundGame,
  rational,
  TOWERS,
  type TowersDifficulty,
  towersMultiplier,
  towersTraps,
} from "@fre/shared";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { idempotentIn } from "../ledger/idempotency.ts";
import {
  balanceOf,
  findOpenRound,
  insertBet,
  lockOpenRound,
  pairServerSeed,
  type RoundRow,
  updateRound,
} from "./games.repo.ts";
import {
  checkedBet,
  findOrCreatePair,
  type GamesDeps,
  largestBetFor,
  lockCurrentPair,
  openPlay,
  payWin,
  plainFre,
  recordedOutcome,
  topMultiplier,
} from "./games-money.ts";

type TowersOutcome = PlayedOutcomeOf<"towers">;
type HiloOutcome = PlayedOutcomeOf<"hilo">;
interface HiloState {
  num: string;
  den: string;
}

/** An open round of game G (a row of the bets), its outcome typed as G's. */
export type Round<G extends RoundGame> = Omit<RoundRow, "game" | "outcome"> & {
  game: G;
  outcome: PlayedOutcomeOf<G>;
};
const roundOf = <G extends RoundGame>(game: G, row: RoundRow): Round<G> => ({
  ...row,
  game,
  outcome: recordedOutcome(game, row.outcome),
});

export function view<G extends RoundGame>(round: Round<G>, balance: bigint): GamePlay<G> {
  return {
    id: round.id,
    game: round.game,
    nonce: round.nonce,
    status: round.status,
    amount: formatNano(round.amountNano),
    outcome: round.outcome,
    multiplier: round.multiplier,
    payout: formatNano(round.payoutNano),
    balance: formatNano(balance),
  };
}

/**
 * Opens a round (bet debited); ROUND_IN_PROGRESS when one of this game already runs. `top`: the
 * most the round can multiply the bet by, when known from the start (Towers). With `once` (the
 * client's Idempotency-Key, Mines), the same key answers the round it opened, never a second one.
 */
export async function openRound<G extends RoundGame>(
  deps: GamesDeps,
  userId: string,
  game: G,
  bet: { amount: string; top?: Rational },
  start: (seeds: { serverSeed: string; clientSeed: string; nonce: number }) => {
    options: Record<string, unknown>;
    outcome: PlayedOutcomeOf<G>;
    state: HiloState | null;
    multiplier: Rational;
  },
  once?: { key: string; body: unknown },
): Promise<GamePlay<G>> {
  const amountNano = await checkedBet(deps, bet.amount, bet.top);
  const at = deps.clock.now();
  if (once) await findOrCreatePair(deps.db, userId, at);
  try {
    return await deps.db.transaction(async (tx) => {
      if (!once) return open(tx);
      // The pair first, as every play locks it, then the key (whose row locks the user's).
      await lockCurrentPair(tx, userId);
      const request = {
        userId,
        key: once.key,
        operation: `games.${game}.open`,
        body: once.body,
        at,
      };
      const answer = await idempotentIn(tx, request, async () => ({
        statusCode: 200,
        body: await open(tx),
      }));
      return answer.body;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("ROUND_IN_PROGRESS", 409);
    }
    throw error;
  }

  async function open(tx: Tx) {
    const play = await openPlay(tx, { userId, game, amountNano, at });
    const first = start(play.seeds);
    const round: Round<G> = {
      id: play.betId,
      game,
      amountNano,
      seedPairId: play.pairId,
      nonce: play.nonce,
      clientSeed: play.clientSeed,
      options: first.options,
      outcome: first.outcome,
      state: first.state,
      multiplier: formatMultiplier(first.multiplier),
      payoutNano: 0n,
      status: "open",
    };
    await insertBet(tx, { ...round, userId, createdAt: at });
    return view(round, await balanceOf(tx, userId));
  }
}

/** Runs one step on the user's locked open round (NO_ROUND when there is none with this id). */
export async function withRound<G extends RoundGame, T>(
  deps: GamesDeps,
  userId: string,
  game: G,
  id: string,
  step: (tx: Tx, round: Round<G>, serverSeed: string) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const row = await lockOpenRound(tx, userId, game, id);
    if (!row) throw new AppError("NO_ROUND", 404);
    const serverSeed = await pairServerSeed(tx, row.seedPairId);
    if (!serverSeed) throw new Error("round without its seed pair");
    return step(tx, roundOf(game, row), serverSeed);
  });
}

/** Settles a round: pays `payoutNano` (0 on a loss) and writes the final outcome. */
export async function settle<G extends RoundGame>(
  deps: GamesDeps,
  tx: Tx,
  userId: string,
  round: Round<G>,
  result: { outcome: PlayedOutcomeOf<G>; multiplier: Rational; payoutNano: bigint },
) {
  const at = deps.clock.now();
  await payWin(tx, { userId, betId: round.id, payoutNano: result.payoutNano, at });
  const settled: Round<G> = {
    ...round,
    outcome: result.outcome,
    state: null,
    multiplier: formatMultiplier(result.multiplier),
    payoutNano: result.payoutNano,
    status: "settled",
  };
  await updateRound(tx, round.id, { ...settled, settledAt: at });
  return view(settled, await balanceOf(tx, userId));
}

export const seedsOf = (round: Round<RoundGame>, serverSeed: string) => ({
  serverSeed,
  clientSeed: round.clientSeed,
  nonce: round.nonce,
});

/* ----- Towers ----- */

export const startTowers = (
  deps: GamesDeps,
  userId: string,
  body: { amount: string; difficulty: TowersDifficulty },
) =>
  openRound(
    deps,
    userId,
    "towers",
    { amount: body.amount, top: topMultiplier.towers(body.difficulty) },
    () => ({
      options: { difficulty: body.difficulty },
      outcome: { difficulty: body.difficulty, tiles: [], floors: [] } satisfies TowersOutcome,
      state: null,
      multiplier: towersMultiplier(body.difficulty, 0),
    }),
  );

export const stepTowers = (deps: GamesDeps, userId: string, id: string, tile: number) =>
  withRound(deps, userId, "towers", id, async (tx, round, serverSeed) => {
    const { outcome } = round;
    const { difficulty } = outcome;
    if (tile >= TOWERS.difficulties[difficulty].tiles) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        {
          issues: [{ path: "tile", message: "no such tile on this difficulty" }],
        },
      );
    }
    const traps = towersTraps(seedsOf(round, serverSeed), difficulty);
    const floor = outcome.tiles.length;
    const tiles = [...outcome.tiles, tile];
    if (traps[floor]?.includes(tile)) {
      return settle(deps, tx, userId, round, {
        outcome: { difficulty, tiles, floors: traps },
        multiplier: rational(0),
        payoutNano: 0n,
      });
    }
    const multiplier = towersMultiplier(difficulty, tiles.length);
    if (tiles.length === TOWERS.floors) {
      // The top floor: the round cashes out by itself.
      return settle(deps, tx, userId, round, {
        outcome: { difficulty, tiles, floors: traps },
        multiplier,
        payoutNano: applyMultiplier(round.amountNano, multiplier),
      });
    }
    const next: Round<"towers"> = {
      ...round,
      outcome: { difficulty, tiles, floors: traps.slice(0, tiles.length) },
      multiplier: formatMultiplier(multiplier),
    };
    await updateRound(tx, round.id, next);
    return view(next, await balanceOf(tx, userId));
  });

export const cashOutTowers = (deps: GamesDeps, userId: string, id: string) =>
  withRound(deps, userId, "towers", id, async (tx, round, serverSeed) => {
    const { outcome } = round;
    const traps = towersTraps(seedsOf(round, serverSeed), outcome.difficulty);
    const multiplier = towersMultiplier(outcome.difficulty, outcome.tiles.length);
    return settle(deps, tx, userId, round, {
      outcome: { ...outcome, floors: traps },
      multiplier,
      payoutNano: applyMultiplier(round.amountNano, multiplier),
    });
  });

/* ----- Hi-Lo ----- */

const HILO_MAX_CARDS = 52;
const stateOf = (round: Round<"hilo">) => {
  const state = round.state as HiloState;
  return rational(BigInt(state.num), BigInt(state.den));
};
const toState = (m: Rational): HiloState => ({ num: m.num.toString(), den: m.den.toString() });

export const startHilo = (deps: GamesDeps, userId: string, body: { amount: string }) =>
  openRound(deps, userId, "hilo", { amount: body.amount }, (seeds) => {
    const [first = 0] = hiloCards(seeds, 1);
    return {
      options: {},
      outcome: { cards: [cardLabel(first)], guesses: [] } satisfies HiloOutcome,
      state: toState(rational(1)),
      multiplier: rational(1),
    };
  });

export const guessHilo = (deps: GamesDeps, userId: string, id: string, guess: HiloGuess) =>
  withRound(deps, userId, "hilo", id, async (tx, round, serverSeed) => {
    const { outcome } = round;
    const cards = hiloCards(seedsOf(round, serverSeed), HILO_MAX_CARDS);
    const position = outcome.cards.length - 1;
    const current = cards[position] ?? 0;
    const next = cards[position + 1] ?? 0;
    const shown: HiloOutcome = {
      cards: [...outcome.cards, cardLabel(next)],
      guesses: [...outcome.guesses, guess],
    };
    let multiplier = stateOf(round);
    if (guess !== "skip") {
      // Each step returns 99 %, so refusing one whose win the column could not hold changes no
      // published figure: the player skips, guesses safer or cashes out.
      const reach = mulRational(multiplier, hiloStepMultiplier(current, guess));
      if (round.amountNano > largestBetFor(reach)) {
        throw new AppError("BET_TOO_LARGE", 400, { max: plainFre(largestBetFor(reach)) });
      }
      if (!hiloWins(current, next, guess)) {
        return settle(deps, tx, userId, round, {
          outcome: shown,
          multiplier: rational(0),
          payoutNano: 0n,
        });
      }
      multiplier = mulRational(multiplier, hiloStepMultiplier(current, guess));
    }
    if (shown.cards.length === HILO_MAX_CARDS) {
      // No 53rd card in the published stream: the round cashes out by itself.
      return settle(deps, tx, userId, round, {
        outcome: shown,
        multiplier,
        payoutNano: applyMultiplier(round.amountNano, multiplier),
      });
    }
    const updated: Round<"hilo"> = {
      ...round,
      outcome: shown,
      state: toState(multiplier),
      multiplier: formatMultiplier(multiplier),
    };
    await updateRound(tx, round.id, updated);
    return view(updated, await balanceOf(tx, userId));
  });

export const cashOutHilo = (deps: GamesDeps, userId: string, id: string) =>
  withRound(deps, userId, "hilo", id, async (tx, round) => {
    const multiplier = stateOf(round);
    return settle(deps, tx, userId, round, {
      outcome: round.outcome,
      multiplier,
      payoutNano: applyMultiplier(round.amountNano, multiplier),
    });
  });

/** The open round of a game (resumed after a reload), or null. */
export async function currentRound<G extends RoundGame>(
  deps: GamesDeps,
  userId: string,
  game: G,
): Promise<{ round: GameRound<G> | null }> {
  const row = await findOpenRound(deps.db, userId, game);
  if (!row) return { round: null };
  const { balance: _balance, ...round } = view(roundOf(game, row), 0n);
  return { round };
}
