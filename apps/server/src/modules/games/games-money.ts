/**
 * What every game shares: the bet bounds, the seed pair a play draws its nonce from, and the
 * bet's and the win's ledger movements — all inside the caller's one transaction.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  DEFAULT_GAME_MAX_BET,
  DEFAULT_GAME_MIN_BET,
  formatNano,
  NANO_PER_FRE,
  parseFre,
  type Seeds,
  sha256Hex,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/event-bus.ts";
import { credit, debit, debitThenCredit } from "../ledger/ledger.ts";
import { type GameId, insertSeedPair, readLimits, takeNonce } from "./games.repo.ts";

export interface GamesDeps {
  db: Db;
  clock: Clock;
  /** Live events: the jackpot pool for everyone. */
  bus: Pick<EventBus, "publishAll">;
}

/** "10.500000000" → "10.5": amounts in messages. */
export const plainFre = (nano: bigint) => formatNano(nano).replace(/\.?0+$/, "");

export const newServerSeed = () => randomBytes(32).toString("hex");
export const newClientSeed = () => randomBytes(8).toString("hex");

export function newPairValues(userId: string, at: Date, clientSeed = newClientSeed()) {
  const serverSeed = newServerSeed();
  return { userId, serverSeed, serverSeedHash: sha256Hex(serverSeed), clientSeed, at };
}

/* The bet bounds: a platform setting, cached briefly (every bet reads them). */
const LIMITS_TTL_MS = 30_000;
let cachedLimits: { at: number; db: Db; minNano: bigint; maxNano: bigint } | null = null;

export async function betLimits(db: Db) {
  if (cachedLimits && cachedLimits.db === db && Date.now() - cachedLimits.at < LIMITS_TTL_MS) {
    return cachedLimits;
  }
  const stored = await readLimits(db);
  const minNano = stored ? BigInt(stored.minBetNano) : parseFre(DEFAULT_GAME_MIN_BET);
  const maxNano = stored ? BigInt(stored.maxBetNano) : parseFre(DEFAULT_GAME_MAX_BET);
  cachedLimits = { at: Date.now(), db, minNano, maxNano };
  return cachedLimits;
}

export const forgetLimits = () => {
  cachedLimits = null;
};

/** The amount of a paid bet in nano-FRE, within the bounds (BET_TOO_SMALL / BET_TOO_LARGE). */
export async function checkedBet(db: Db, amount: string) {
  const nano = parseFre(amount);
  const { minNano, maxNano } = await betLimits(db);
  if (nano < minNano || nano <= 0n) {
    throw new AppError("BET_TOO_SMALL", 400, { min: plainFre(minNano) });
  }
  if (nano > maxNano) throw new AppError("BET_TOO_LARGE", 400, { max: plainFre(maxNano) });
  return nano;
}

export interface Play {
  betId: string;
  pairId: string;
  nonce: number;
  clientSeed: string;
  seeds: Seeds;
}

/**
 * Takes the next nonce of the user's pair (created on the first play): one statement that locks
 * the pair and answers its seeds. The first lock of every play.
 */
export async function takeSeeds(tx: Tx, userId: string, at: Date): Promise<Play> {
  let pair = await takeNonce(tx, userId);
  if (!pair) {
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

/** A whole FRE amount in nano (constants of the games). */
export const fre = (whole: number) => BigInt(whole) * NANO_PER_FRE;
