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
import { credit, debit } from "../ledger/ledger.ts";
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
 * Opens a play: takes the next nonce of the user's pair (created on the first play) and debits
 * the bet (INSUFFICIENT_BALANCE aborts the whole transaction, nonce included).
 */
export async function openPlay(
  tx: Tx,
  p: { userId: string; game: GameId; amountNano: bigint; at: Date },
): Promise<Play> {
  let pair = await takeNonce(tx, p.userId);
  if (!pair) {
    await insertSeedPair(tx, newPairValues(p.userId, p.at));
    pair = await takeNonce(tx, p.userId);
  }
  if (!pair) throw new Error("no seed pair after creating one");
  const betId = randomUUID();
  if (p.amountNano > 0n) {
    await debit(tx, {
      userId: p.userId,
      kind: "game",
      amountNano: p.amountNano,
      reference: `bet:${betId}`,
      at: p.at,
    });
  }
  return {
    betId,
    pairId: pair.id,
    nonce: pair.nonce,
    clientSeed: pair.clientSeed,
    seeds: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
  };
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
