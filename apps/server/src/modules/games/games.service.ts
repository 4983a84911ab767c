import {
  applyMultiplier,
  formatMultiplier,
  formatNano,
  type GameBet,
  type GameLimits,
  type GamePlay,
  type GamesView,
  gamesPublication,
  type KenoRisk,
  kenoDraw,
  kenoHits,
  kenoMultiplier,
  parseFre,
  type RotateSeeds,
  type SeedsView,
  type TowersDifficulty,
  verifyOutcome,
} from "@fre/shared";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import {
  findActivePairView,
  hasOpenRound,
  insertBet,
  insertSeedPair,
  listBets,
  listRevealedPairs,
  lockActivePair,
  poolAmount,
  revealPair,
  setClientSeed,
  writeLimits,
} from "./games.repo.ts";
import {
  betLimits,
  checkedBet,
  forgetLimits,
  type GamesDeps,
  newPairValues,
  plainFre,
  settlePlay,
  takeSeeds,
} from "./games-money.ts";
import { freeSpinsOf } from "./games-slots.service.ts";

export type { GamesDeps } from "./games-money.ts";

/** The pair in use (created on the first visit): its hash, client seed and next nonce. */
async function currentPair(deps: GamesDeps, userId: string) {
  const found = await findActivePairView(deps.db, userId);
  if (found) return found;
  await insertSeedPair(deps.db, newPairValues(userId, deps.clock.now()));
  const created = await findActivePairView(deps.db, userId);
  if (!created) throw new Error("no seed pair after creating one");
  return created;
}

export async function gamesView(deps: GamesDeps, userId: string): Promise<GamesView> {
  const [limits, freeSpins, jackpot] = await Promise.all([
    getLimits(deps),
    freeSpinsOf(deps, userId),
    poolAmount(deps.db),
  ]);
  return { publication: gamesPublication(), limits, freeSpins, jackpot: formatNano(jackpot) };
}

export async function seedsView(deps: GamesDeps, userId: string): Promise<SeedsView> {
  const pair = await currentPair(deps, userId);
  const revealed = await listRevealedPairs(deps.db, userId, 20);
  return {
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    revealed: revealed.map((r) => ({
      serverSeed: r.serverSeed,
      serverSeedHash: r.serverSeedHash,
      clientSeed: r.clientSeed,
      lastNonce: r.nonce - 1,
      revealedAt: (r.revealedAt ?? new Date(0)).toISOString(),
    })),
  };
}

/**
 * Locks the pair in use. A rotation that committed while we waited for the lock leaves its old
 * (now revealed) pair out of our `for update`; the next statement sees the new pair.
 */
async function lockCurrentPair(tx: Tx, userId: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const pair = await lockActivePair(tx, userId);
    if (pair) return pair;
  }
  throw new Error("no seed pair in use");
}

/** A new client seed for the next plays (the server seed and the nonce go on). */
export async function changeClientSeed(deps: GamesDeps, userId: string, clientSeed: string) {
  await currentPair(deps, userId);
  return deps.db.transaction(async (tx) => {
    const pair = await lockCurrentPair(tx, userId);
    await setClientSeed(tx, pair.id, clientSeed);
    return { serverSeedHash: pair.serverSeedHash, clientSeed, nonce: pair.nonce };
  });
}

/**
 * Reveals the pair in use and starts a new one (same client seed, nonce 0). Refused while a
 * Towers or Hi-Lo round runs: its outcome still depends on the secret.
 */
export async function rotateSeeds(deps: GamesDeps, userId: string): Promise<RotateSeeds> {
  await currentPair(deps, userId);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const pair = await lockCurrentPair(tx, userId);
    if (await hasOpenRound(tx, userId)) throw new AppError("ROUND_IN_PROGRESS", 409);
    await revealPair(tx, pair.id, now);
    const next = newPairValues(userId, now, pair.clientSeed);
    await insertSeedPair(tx, next);
    return {
      revealed: {
        serverSeed: pair.serverSeed,
        serverSeedHash: pair.serverSeedHash,
        clientSeed: pair.clientSeed,
        lastNonce: pair.nonce - 1,
      },
      current: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
    };
  });
}

export async function getLimits(deps: Pick<GamesDeps, "db">): Promise<GameLimits> {
  const { minNano, maxNano } = await betLimits(deps.db);
  return { minBet: plainFre(minNano), maxBet: plainFre(maxNano) };
}

export async function setLimits(deps: Pick<GamesDeps, "db">, limits: GameLimits) {
  await writeLimits(deps.db, {
    minBetNano: parseFre(limits.minBet).toString(),
    maxBetNano: parseFre(limits.maxBet).toString(),
  });
  forgetLimits();
  return getLimits(deps);
}

/** Keno: the bet, the draw and the payout in one transaction. */
export async function playKeno(
  deps: GamesDeps,
  userId: string,
  body: { amount: string; picks: number[]; risk: KenoRisk },
): Promise<GamePlay> {
  const amountNano = await checkedBet(deps.db, body.amount);
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The draw only needs the seeds: the bet and the win are then written in one statement.
    const play = await takeSeeds(tx, userId, at);
    const draw = kenoDraw(play.seeds);
    const multiplier = kenoMultiplier(body.risk, body.picks, draw);
    const payoutNano = applyMultiplier(amountNano, multiplier);
    const outcome = {
      draw,
      picks: body.picks,
      risk: body.risk,
      hits: kenoHits(body.picks, draw),
    };
    const balance = await settlePlay(tx, { userId, betId: play.betId, amountNano, payoutNano, at });
    await insertBet(tx, {
      id: play.betId,
      userId,
      game: "keno",
      amountNano,
      seedPairId: play.pairId,
      nonce: play.nonce,
      clientSeed: play.clientSeed,
      options: { picks: body.picks, risk: body.risk },
      outcome,
      multiplier: formatMultiplier(multiplier),
      payoutNano,
      status: "settled",
      createdAt: at,
      settledAt: at,
    });
    return {
      id: play.betId,
      game: "keno",
      nonce: play.nonce,
      status: "settled",
      amount: formatNano(amountNano),
      outcome,
      multiplier: formatMultiplier(multiplier),
      payout: formatNano(payoutNano),
      balance: formatNano(balance),
    };
  });
}

export async function listMyBets(
  deps: GamesDeps,
  userId: string,
  query: { cursor?: number; limit: number },
): Promise<{ items: GameBet[]; nextCursor: string | null }> {
  const rows = await listBets(deps.db, userId, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      game: row.game,
      nonce: row.nonce,
      status: row.status,
      amount: formatNano(row.amountNano),
      outcome: row.outcome as Record<string, unknown>,
      multiplier: row.multiplier,
      payout: formatNano(row.payoutNano),
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      serverSeed: row.serverSeed,
      createdAt: row.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)?.seq) : null,
  };
}

/** Public: recomputes an outcome from revealed seeds with the published rules. */
export function verify(query: {
  game: GameBet["game"];
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  difficulty?: TowersDifficulty;
}) {
  // Towers' traps depend on the difficulty: never guess it for the player.
  if (query.game === "towers" && !query.difficulty) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      { issues: [{ path: "difficulty", message: "required for towers" }] },
    );
  }
  const seeds = { serverSeed: query.serverSeed, clientSeed: query.clientSeed, nonce: query.nonce };
  const outcome = verifyOutcome(query.game, seeds, { difficulty: query.difficulty }) as Record<
    string,
    unknown
  >;
  return { game: query.game, outcome };
}
