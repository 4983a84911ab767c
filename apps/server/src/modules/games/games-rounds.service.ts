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
  type HiloGuess,
  hiloCards,
  hiloStepMultiplier,
  hiloWins,
  mulRational,
  type Rational,
  rational,
  TOWERS,
  type TowersDifficulty,
  towersMultiplier,
  towersTraps,
} from "@fre/shared";
import type { Tx } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
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
  type GamesDeps,
  largestBetFor,
  openPlay,
  payWin,
  plainFre,
  topMultiplier,
} from "./games-money.ts";

type RoundGame = "towers" | "hilo";

type TowersOutcome = {
  difficulty: TowersDifficulty;
  /** The tile chosen on each floor climbed (and on the one that lost). */
  tiles: number[];
  /** Trap positions of the floors played so far; all 9 once settled. */
  floors: number[][];
};
type HiloOutcome = {
  /** The cards shown so far, as "J♠", "10♥"… */
  cards: string[];
  /** guesses[i] was made on cards[i]. */
  guesses: HiloGuess[];
};
interface HiloState {
  num: string;
  den: string;
}

function view(round: RoundRow, balance: bigint): GamePlay {
  return {
    id: round.id,
    game: round.game,
    nonce: round.nonce,
    status: round.status,
    amount: formatNano(round.amountNano),
    outcome: round.outcome as Record<string, unknown>,
    multiplier: round.multiplier,
    payout: formatNano(round.payoutNano),
    balance: formatNano(balance),
  };
}

/**
 * Opens a round (bet debited); ROUND_IN_PROGRESS when one of this game already runs. `top`: the
 * most the round can multiply the bet by, when known from the start (Towers).
 */
async function openRound(
  deps: GamesDeps,
  userId: string,
  game: RoundGame,
  bet: { amount: string; top?: Rational },
  start: (seeds: { serverSeed: string; clientSeed: string; nonce: number }) => {
    options: Record<string, unknown>;
    outcome: Record<string, unknown>;
    state: HiloState | null;
    multiplier: Rational;
  },
) {
  const amountNano = await checkedBet(deps, bet.amount, bet.top);
  const at = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const play = await openPlay(tx, { userId, game, amountNano, at });
      const first = start(play.seeds);
      const round: RoundRow = {
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("ROUND_IN_PROGRESS", 409);
    }
    throw error;
  }
}

/** Runs one step on the user's locked open round (NO_ROUND when there is none with this id). */
async function withRound<T>(
  deps: GamesDeps,
  userId: string,
  game: RoundGame,
  id: string,
  step: (tx: Tx, round: RoundRow, serverSeed: string) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const round = await lockOpenRound(tx, userId, game, id);
    if (!round) throw new AppError("NO_ROUND", 404);
    const serverSeed = await pairServerSeed(tx, round.seedPairId);
    if (!serverSeed) throw new Error("round without its seed pair");
    return step(tx, round, serverSeed);
  });
}

/** Settles a round: pays `payoutNano` (0 on a loss) and writes the final outcome. */
async function settle(
  deps: GamesDeps,
  tx: Tx,
  userId: string,
  round: RoundRow,
  result: { outcome: Record<string, unknown>; multiplier: Rational; payoutNano: bigint },
) {
  const at = deps.clock.now();
  await payWin(tx, { userId, betId: round.id, payoutNano: result.payoutNano, at });
  const settled: RoundRow = {
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

const seedsOf = (round: RoundRow, serverSeed: string) => ({
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
    const outcome = round.outcome as TowersOutcome;
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
    const next: RoundRow = {
      ...round,
      outcome: { difficulty, tiles, floors: traps.slice(0, tiles.length) },
      multiplier: formatMultiplier(multiplier),
    };
    await updateRound(tx, round.id, next);
    return view(next, await balanceOf(tx, userId));
  });

export const cashOutTowers = (deps: GamesDeps, userId: string, id: string) =>
  withRound(deps, userId, "towers", id, async (tx, round, serverSeed) => {
    const outcome = round.outcome as TowersOutcome;
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
const stateOf = (round: RoundRow) => {
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
    const outcome = round.outcome as HiloOutcome;
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
    const updated: RoundRow = {
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
      outcome: round.outcome as Record<string, unknown>,
      multiplier,
      payoutNano: applyMultiplier(round.amountNano, multiplier),
    });
  });

/** The open round of a game (resumed after a reload), or null. */
export async function currentRound(deps: GamesDeps, userId: string, game: RoundGame) {
  const round = await findOpenRound(deps.db, userId, game);
  if (!round) return { round: null };
  const { balance: _balance, ...rest } = view(round, 0n);
  return { round: rest };
}
