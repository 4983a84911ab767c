import {
  applyMultiplier,
  type BetGame,
  type DiceDirection,
  diceMultiplier,
  diceRollHundredths,
  diceWins,
  formatMultiplier,
  formatNano,
  type GameBet,
  type GameId,
  type GameLimits,
  type GamePlay,
  type GamesView,
  gameRegistry,
  gamesPublication,
  type KenoRisk,
  kenoDraw,
  kenoHits,
  kenoMultiplier,
  type PlayedOutcomeOf,
  parseFre,
  type RotateSeeds,
  rational,
  type SeedsView,
  type VerifyOptions,
  verifyResult,
} from "@fre/shared";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import {
  hasOpenRound,
  insertSeedPair,
  listBets,
  listRevealedPairs,
  poolAmount,
  revealPair,
  setClientSeed,
  writeLimits,
} from "./games.repo.ts";
import {
  betLimits,
  checkedBet,
  findOrCreatePair,
  forgetPair,
  type GamesDeps,
  lockCurrentPair,
  newPairValues,
  plainFre,
  playOneShot,
  recordedOutcome,
  topMultiplier,
} from "./games-money.ts";
import { freeSpinsOf } from "./games-slots.service.ts";

export type { GamesDeps } from "./games-money.ts";

/** The pair in use (created on the first visit): its hash, client seed and next nonce. */
const currentPair = (deps: GamesDeps, userId: string) =>
  findOrCreatePair(deps.db, userId, deps.clock.now());

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

/** A new client seed for the next plays (the server seed and the nonce go on). */
export async function changeClientSeed(deps: GamesDeps, userId: string, clientSeed: string) {
  await currentPair(deps, userId);
  const view = await deps.db.transaction(async (tx) => {
    const pair = await lockCurrentPair(tx, userId);
    await setClientSeed(tx, pair.id, clientSeed);
    return { serverSeedHash: pair.serverSeedHash, clientSeed, nonce: pair.nonce };
  });
  forgetPair(deps, userId);
  return view;
}

/**
 * Reveals the pair in use and starts a new one (same client seed, nonce 0). Refused while a
 * Towers or Hi-Lo round runs: its outcome still depends on the secret.
 */
export async function rotateSeeds(deps: GamesDeps, userId: string): Promise<RotateSeeds> {
  await currentPair(deps, userId);
  const now = deps.clock.now();
  const rotated = await deps.db.transaction(async (tx) => {
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
  forgetPair(deps, userId);
  return rotated;
}

export async function getLimits(deps: Pick<GamesDeps, "memory">): Promise<GameLimits> {
  const { minNano, maxNano } = await betLimits(deps);
  return { minBet: plainFre(minNano), maxBet: plainFre(maxNano) };
}

export async function setLimits(
  deps: Pick<GamesDeps, "db" | "clock" | "memory">,
  actor: AuditActor,
  limits: GameLimits,
) {
  const before = await getLimits(deps);
  await deps.db.transaction(async (tx) => {
    await writeLimits(tx, {
      minBetNano: parseFre(limits.minBet).toString(),
      maxBetNano: parseFre(limits.maxBet).toString(),
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "games.limits",
      targetType: "settings",
      targetId: "games",
      before,
      after: {
        minBet: plainFre(parseFre(limits.minBet)),
        maxBet: plainFre(parseFre(limits.maxBet)),
      },
      ip: actor.ip,
      at: deps.clock.now(),
    });
  });
  deps.memory.limits.forget();
  return getLimits(deps);
}

/** Keno: the bet, the draw and the payout in one statement (`playOneShot`). */
export async function playKeno(
  deps: GamesDeps,
  userId: string,
  body: { amount: string; picks: number[]; risk: KenoRisk },
): Promise<GamePlay<"keno">> {
  const top = topMultiplier.keno(body.risk, body.picks.length);
  const amountNano = await checkedBet(deps, body.amount, top);
  const { play, decided, balance } = await playOneShot(deps, {
    userId,
    game: "keno",
    amountNano,
    at: deps.clock.now(),
    decide: (seeds) => {
      const draw = kenoDraw(seeds);
      const multiplier = kenoMultiplier(body.risk, body.picks, draw);
      return {
        options: { picks: body.picks, risk: body.risk },
        outcome: { draw, picks: body.picks, risk: body.risk, hits: kenoHits(body.picks, draw) },
        multiplier: formatMultiplier(multiplier),
        payoutNano: applyMultiplier(amountNano, multiplier),
      };
    },
  });
  return settledPlay("keno", play, amountNano, decided, balance);
}

/** A one-shot play's answer: settled at once, payout included. */
const settledPlay = <G extends BetGame>(
  game: G,
  play: { betId: string; nonce: number },
  amountNano: bigint,
  decided: { outcome: PlayedOutcomeOf<G>; multiplier: string; payoutNano: bigint },
  balance: bigint,
): GamePlay<G> => ({
  id: play.betId,
  game,
  nonce: play.nonce,
  status: "settled",
  amount: formatNano(amountNano),
  outcome: decided.outcome,
  multiplier: decided.multiplier,
  payout: formatNano(decided.payoutNano),
  balance: formatNano(balance),
});

/**
 * Dice: the roll, the bet and the payout in one statement, like Keno. The multiplier is known
 * before the roll (0.99 / P), so the bet's bound is that multiplier's.
 */
export async function playDice(
  deps: GamesDeps,
  userId: string,
  body: { amount: string; target: number; direction: DiceDirection },
): Promise<GamePlay<"dice">> {
  const top = diceMultiplier(body.target, body.direction);
  const amountNano = await checkedBet(deps, body.amount, top);
  const { play, decided, balance } = await playOneShot(deps, {
    userId,
    game: "dice",
    amountNano,
    at: deps.clock.now(),
    decide: (seeds) => {
      const rolled = diceRollHundredths(seeds);
      const win = diceWins(rolled, body.target, body.direction);
      return {
        options: { target: body.target, direction: body.direction },
        outcome: { roll: rolled / 100, target: body.target, direction: body.direction, win },
        // As Keno and Towers record it: what the bet was multiplied by (0 on a loss).
        multiplier: formatMultiplier(win ? top : rational(0)),
        payoutNano: win ? applyMultiplier(amountNano, top) : 0n,
      };
    },
  });
  return settledPlay("dice", play, amountNano, decided, balance);
}

type BetRow = Awaited<ReturnType<typeof listBets>>[number];

/** A line of the history: game G's bet, its outcome typed as G's. */
const betOf = <G extends GameId>(game: G, row: BetRow): GameBet<G> => ({
  id: row.id,
  game,
  nonce: row.nonce,
  status: row.status,
  amount: formatNano(row.amountNano),
  outcome: recordedOutcome(game, row.outcome),
  multiplier: row.multiplier,
  payout: formatNano(row.payoutNano),
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  serverSeed: row.serverSeed,
  createdAt: row.createdAt.toISOString(),
});

export async function listMyBets(
  deps: GamesDeps,
  userId: string,
  query: { cursor?: number; limit: number },
): Promise<{ items: GameBet[]; nextCursor: string | null }> {
  const rows = await listBets(deps.db, userId, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => betOf(row.game, row)),
    nextCursor: rows.length > query.limit ? String(page.at(-1)?.seq) : null,
  };
}

/** Public: recomputes an outcome from revealed seeds with the published rules. */
export function verify(query: {
  game: GameId;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  difficulty?: VerifyOptions["difficulty"];
  mines?: VerifyOptions["mines"];
}) {
  // Towers' traps depend on the difficulty, Mines' on the count: never guess them for the player.
  const missing = gameRegistry[query.game].verifyNeeds.filter(
    (field) => query[field] === undefined,
  );
  if (missing.length > 0) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      { issues: missing.map((path) => ({ path, message: `required for ${query.game}` })) },
    );
  }
  const seeds = { serverSeed: query.serverSeed, clientSeed: query.clientSeed, nonce: query.nonce };
  return verifyResult(query.game, seeds, { difficulty: query.difficulty, mines: query.mines });
}
