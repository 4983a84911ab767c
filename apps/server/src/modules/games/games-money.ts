/**
 * What every game shares: the bet bounds, the seed pair a play draws its nonce from, and the
 * bet's and the win's ledger movements — all inside the caller's one transaction.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  compareRational,
  FRE_MACHINE,
  formatNano,
  type Game,
  JACKPOT_PRIZE,
  type KenoRisk,
  kenoPaytableMultiplier,
  MAX_AMOUNT_NANO,
  MAX_PAYOUT_NANO,
  NANO_PER_FRE,
  type PlayedOutcomeOf,
  parseFre,
  type Rational,
  rationalFromDecimal,
  type Seeds,
  sha256Hex,
  TOWERS,
  type TowersDifficulty,
  towersMultiplier,
  ZERO,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { credit, debit, debitThenCredit, insufficientBalance } from "../ledger/ledger.ts";
import {
  findActivePair,
  type GameId,
  insertSeedPair,
  lockActivePair,
  type OneShotPlay,
  type OneShotResult,
  playOneShots,
  takeNonce,
} from "./games.repo.ts";
import { type GamesMemory, KNOWN_PAIRS_MAX, type KnownPair } from "./games-memory.ts";
import { ONE_SHOT_MONEY } from "./games-one-shot-writer.ts";

export interface GamesDeps {
  db: Db;
  clock: Clock;
  /** This app's caches, queues and jackpot announcer (games-memory.ts). */
  memory: GamesMemory;
}

/** "10.500000000" → "10.5": amounts in messages. */
export const plainFre = (nano: bigint) => formatNano(nano).replace(/\.?0+$/, "");

export const newServerSeed = () => randomBytes(32).toString("hex");
export const newClientSeed = () => randomBytes(8).toString("hex");

export function newPairValues(userId: string, at: Date, clientSeed = newClientSeed()) {
  const serverSeed = newServerSeed();
  return { userId, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed, at };
}

/** The bet bounds: a platform setting, kept briefly by this app (every bet reads them). */
export const betLimits = (deps: Pick<GamesDeps, "memory">) => deps.memory.limits.get();

/**
 * The largest bet whose payout at `top` (the most the play can multiply it by) stays within
 * MAX_PAYOUT_NANO, in whole FRE: what any balance can still take without leaving the column.
 */
export function largestBetFor(top: Rational): bigint {
  if (top.num <= 0n) return MAX_AMOUNT_NANO;
  const nano = (MAX_PAYOUT_NANO * top.den) / top.num;
  return nano >= NANO_PER_FRE ? (nano / NANO_PER_FRE) * NANO_PER_FRE : nano;
}

/**
 * The amount of a paid bet in nano-FRE, within the bounds (BET_TOO_SMALL / BET_TOO_LARGE): the
 * admin's limits and, given the play's largest multiplier `top`, the bet whose top payout fits.
 */
export async function checkedBet(deps: Pick<GamesDeps, "memory">, amount: string, top?: Rational) {
  const nano = parseFre(amount);
  const { minNano, maxNano } = await betLimits(deps);
  if (nano < minNano || nano <= 0n) {
    throw new AppError("BET_TOO_SMALL", 400, { min: plainFre(minNano) });
  }
  let max = maxNano;
  const fitting = top ? largestBetFor(top) : maxNano;
  if (fitting < max) max = fitting;
  if (nano > max) throw new AppError("BET_TOO_LARGE", 400, { max: plainFre(max) });
  return nano;
}

const largest = (multipliers: Rational[]) =>
  multipliers.reduce((a, b) => (compareRational(a, b) >= 0 ? a : b), ZERO);

/**
 * A recorded outcome as this server wrote it: the bets' column holds what each game's play
 * recorded with the registry's type for that game (outcomes.ts).
 */
export const recordedOutcome = <G extends Game>(_game: G, outcome: unknown) =>
  outcome as PlayedOutcomeOf<G>;

/**
 * The most each paid game can multiply a bet by, keyed by game id (the FRE machine's jackpot is
 * the pool's, not the bet's; Dice's and Hi-Lo's depend on the play itself: the target, each step).
 */
export const topMultiplier = {
  keno: (risk: KenoRisk, picks: number) =>
    largest(
      Array.from({ length: picks + 1 }, (_, hits) => kenoPaytableMultiplier(risk, picks, hits)),
    ),
  towers: (difficulty: TowersDifficulty) => towersMultiplier(difficulty, TOWERS.floors),
  "fre-machine": () =>
    largest(
      FRE_MACHINE.paytable
        .filter((line) => line.prize !== JACKPOT_PRIZE)
        .map((line) => rationalFromDecimal(line.prize)),
    ),
} satisfies Partial<Record<Game, (...args: never[]) => Rational>>;

export interface Play {
  betId: string;
  pairId: string;
  nonce: number;
  clientSeed: string;
  seeds: Seeds;
}

/**
 * Takes the next nonce of the user's pair (created on the first play): one statement that locks
 * the pair and answers its seeds. The first lock of every play. A statement that waited for a
 * rotation finds no pair in use (the old one is revealed, the new one committed after its
 * snapshot): the next statement sees the new one, so it is asked again.
 */
export async function takeSeeds(tx: Tx, userId: string, at: Date): Promise<Play> {
  let pair = await takeNonce(tx, userId);
  for (let attempt = 0; !pair && attempt < 5; attempt++) {
    await insertSeedPair(tx, newPairValues(userId, at));
    pair = await takeNonce(tx, userId);
  }
  if (!pair) throw new Error("no seed pair after creating one");
  return {
    betId: randomUUID(),
    pairId: pair.id,
    nonce: pair.nonce,
    clientSeed: pair.clientSeed,
    seeds: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
  };
}

/**
 * Settles a one-shot paid play (Keno, the FRE machine) after its draw: the bet's ledger row
 * (`bet:<id>`), the win's (`win:<id>`, only when it pays) and the balance in one statement — the
 * same rows and the same INSUFFICIENT_BALANCE rule as `openPlay` then `payWin`. Locks the user's
 * row (after the pair, before any pool). Answers the new balance.
 */
export function settlePlay(
  tx: Tx,
  p: { userId: string; betId: string; amountNano: bigint; payoutNano: bigint; at: Date },
) {
  return debitThenCredit(tx, {
    userId: p.userId,
    kind: "game",
    bet: { amountNano: p.amountNano, reference: `bet:${p.betId}` },
    ...(p.payoutNano > 0n
      ? { win: { amountNano: p.payoutNano, reference: `win:${p.betId}` } }
      : {}),
    at: p.at,
  });
}

/**
 * Opens a play that settles later (Towers, Hi-Lo) or has no stake (the free slot): takes the
 * nonce and debits the bet (INSUFFICIENT_BALANCE aborts the whole transaction, nonce included).
 */
export async function openPlay(
  tx: Tx,
  p: { userId: string; game: GameId; amountNano: bigint; at: Date },
): Promise<Play> {
  const play = await takeSeeds(tx, p.userId, p.at);
  const { betId } = play;
  if (p.amountNano > 0n) {
    await debit(tx, {
      userId: p.userId,
      kind: "game",
      amountNano: p.amountNano,
      reference: `bet:${betId}`,
      at: p.at,
    });
  }
  return play;
}

/** Pays a win (nothing to write for zero). */
export async function payWin(
  tx: Tx,
  p: { userId: string; betId: string; payoutNano: bigint; at: Date },
) {
  if (p.payoutNano <= 0n) return;
  await credit(tx, {
    userId: p.userId,
    kind: "game",
    amountNano: p.payoutNano,
    reference: `win:${p.betId}`,
    at: p.at,
  });
}

/* ----- One-shot plays in one round trip ----- */

/**
 * Locks the pair in use. A rotation that committed while we waited for the lock leaves its old
 * (now revealed) pair out of our `for update`; the next statement sees the new pair.
 */
export async function lockCurrentPair(tx: Tx, userId: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pair = await lockActivePair(tx, userId);
    if (pair) return pair;
  }
  throw new Error("no seed pair in use");
}

/** Forgets what this app knows of a user's pair (after a rotation or a new client seed). */
export function forgetPair(deps: Pick<GamesDeps, "memory">, userId: string) {
  deps.memory.pairs.delete(userId);
}

/** The user's pair in use, created on their first visit or play. */
export async function findOrCreatePair(db: Db, userId: string, at: Date) {
  const found = await findActivePair(db, userId);
  if (found) return found;
  await insertSeedPair(db, newPairValues(userId, at));
  const created = await findActivePair(db, userId);
  if (!created) throw new Error("no seed pair after creating one");
  return created;
}

async function knownPair(
  deps: Pick<GamesDeps, "db" | "memory">,
  userId: string,
  at: Date,
): Promise<KnownPair> {
  const { pairs } = deps.memory;
  const known = pairs.get(userId);
  if (known) return known;
  const pair = await findOrCreatePair(deps.db, userId, at);
  if (pairs.size >= KNOWN_PAIRS_MAX) pairs.delete(pairs.keys().next().value as string);
  pairs.set(userId, pair);
  return pair;
}

/**
 * Runs a user's one-shot plays one after another in this process: played at once, they would be
 * computed from the same nonce and all but one would have to start again.
 */
function inTurn<T>(
  deps: Pick<GamesDeps, "memory">,
  userId: string,
  run: () => Promise<T>,
): Promise<T> {
  const queue = deps.memory.turns;
  const next = (queue.get(userId) ?? Promise.resolve()).then(run, run);
  const done = next.then(
    () => {},
    () => {},
  );
  queue.set(userId, done);
  void done.then(() => {
    if (queue.get(userId) === done) queue.delete(userId);
  });
  return next;
}

/** What a one-shot play decided from its seeds. */
export interface Decided<O> {
  options: Record<string, unknown>;
  outcome: O;
  multiplier: string;
  payoutNano: bigint;
}

/**
 * A one-shot paid play (Keno, Dice) in one round trip. The play is computed from the pair this process
 * knows, then written by a statement — nonce, bet, win, balance and the bet's row — that counts
 * only if the pair is still exactly that one; another instance's play, a rotation or a new client
 * seed make it write nothing, and the play is computed again from the pair read afresh. So the
 * outcome always comes from the nonce actually taken, as when the pair is locked first. After two
 * misses the pair is locked in a transaction, which cannot miss. A bet that does not fit writes
 * nothing (the nonce is not taken): INSUFFICIENT_BALANCE.
 */
export function playOneShot<O>(
  deps: Pick<GamesDeps, "db" | "memory">,
  p: {
    userId: string;
    game: GameId;
    amountNano: bigint;
    at: Date;
    decide: (seeds: Seeds) => Decided<O>;
  },
): Promise<{ play: Play; decided: Decided<O>; balance: bigint }> {
  const { db } = deps;
  const compute = (pair: KnownPair) => {
    const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
    const play: Play = {
      betId: randomUUID(),
      pairId: pair.id,
      nonce: pair.nonce,
      clientSeed: pair.clientSeed,
      seeds,
    };
    const decided = p.decide(seeds);
    const row: OneShotPlay = {
      betId: play.betId,
      userId: p.userId,
      game: p.game,
      pair: { id: pair.id, clientSeed: pair.clientSeed, nonce: pair.nonce },
      amountNano: p.amountNano,
      payoutNano: decided.payoutNano,
      options: decided.options,
      outcome: decided.outcome,
      multiplier: decided.multiplier,
      at: p.at,
    };
    return { play, decided, row };
  };
  const played = (result: OneShotResult | undefined) => {
    if (result === "short") throw new AppError("INSUFFICIENT_BALANCE", 409);
    return result === undefined || result === "stale" ? null : result.balance;
  };
  return inTurn(deps, p.userId, async () => {
    for (let miss = 0; miss < 2; miss++) {
      const pair = await knownPair(deps, p.userId, p.at);
      const { play, decided, row } = compute(pair);
      const balance = played(await deps.memory.writeOneShot(row));
      if (balance !== null) {
        pair.nonce += 1;
        return { play, decided, balance };
      }
      forgetPair(deps, p.userId);
    }
    return db.transaction(async (tx) => {
      const { play, decided, row } = compute(await lockCurrentPair(tx, p.userId));
      let results: Map<string, OneShotResult>;
      try {
        results = await playOneShots(tx, ONE_SHOT_MONEY, [row]);
      } catch (error) {
        throw insufficientBalance(error);
      }
      const balance = played(results.get(play.betId));
      if (balance === null) throw new Error("a locked seed pair changed");
      return { play, decided, balance };
    });
  });
}
