/**
 * The games' API schemas (seeds, history, verify, limits, the games view) and `GAMES`, which
 * derives from the registry. Beside the registry, not in schemas/: the web bundles each folder
 * of this package as one chunk, and schemas/ → games/ → schemas/ would be a cycle of chunks
 * whose second one finds the first's bindings not yet initialised. schemas/games.ts
 * re-exports this file and bet-bodies.ts.
 */
import { z } from "zod";
import { isFreAmount, parseFre } from "../money.ts";
import { freAmountSchema, idCursorSchema } from "../schemas/common.ts";
import { clientSeedSchema, towersDifficultySchema } from "./bet-bodies.ts";
import type { GamesPublication } from "./publication.ts";
import { type Game, gameIds } from "./registry.ts";

/** Every game, from the game registry (games/registry.ts). */
export const GAMES = gameIds;
export type GameId = Game;

/** Default bet bounds in FRE (spec §9); an admin may change them. */
export const DEFAULT_GAME_MIN_BET = "1";
export const DEFAULT_GAME_MAX_BET = "10000";

export const gameBetsQuerySchema = z.object({
  cursor: idCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Public verification: every input bounded (a server seed is 64 hex digits). */
export const verifyQuerySchema = z.object({
  game: z.enum(GAMES),
  serverSeed: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal digits"),
  clientSeed: clientSeedSchema,
  nonce: z.coerce.number().int().min(0).max(1_000_000_000),
  difficulty: towersDifficultySchema.optional(),
});

export const seedPairSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export const revealedSeedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The last nonce played with this pair (-1 when none was). */
  lastNonce: z.number().int(),
});
export const seedsViewSchema = seedPairSchema.extend({
  /** Earlier pairs, newest first, with their server seed revealed. */
  revealed: z.array(revealedSeedSchema.extend({ revealedAt: z.string() })),
});
export const rotateSeedsSchema = z.object({
  revealed: revealedSeedSchema,
  current: seedPairSchema,
});

/** The outcome of a game, shaped like the verify route's for that game (plus what was played). */
const outcomeSchema = z.record(z.string(), z.unknown());

/** Every play's answer: a single bet, a spin, or a step of a multi-step round. */
export const gamePlaySchema = z.object({
  id: z.string(),
  game: z.enum(GAMES),
  nonce: z.number().int(),
  /** open: a Towers or Hi-Lo round still running; settled: paid (payout may be 0). */
  status: z.enum(["open", "settled"]),
  amount: z.string(),
  outcome: outcomeSchema,
  multiplier: z.string(),
  payout: z.string(),
  balance: z.string(),
});
export const currentRoundSchema = z.object({
  round: gamePlaySchema.omit({ balance: true }).nullable(),
});

export const gameBetSchema = gamePlaySchema.omit({ balance: true }).extend({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Known once the pair was rotated: the bet can then be verified. */
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
});
export const gameBetsPageSchema = z.object({
  items: z.array(gameBetSchema),
  nextCursor: z.string().nullable(),
});

export const gameLimitsSchema = z.object({ minBet: z.string(), maxBet: z.string() });
/** Admin: new bet bounds (FRE), 0 < min ≤ max ≤ MAX_FRE_AMOUNT. */
export const gameLimitsBodySchema = z
  .object({ minBet: freAmountSchema, maxBet: freAmountSchema })
  .refine(
    // Malformed fields have their own issues (zod still runs this refinement then).
    ({ minBet, maxBet }) =>
      !isFreAmount(minBet) ||
      !isFreAmount(maxBet) ||
      (parseFre(minBet) > 0n && parseFre(minBet) <= parseFre(maxBet)),
    "minBet must be above 0 and at most maxBet",
  );
export const gamesViewSchema = z.object({
  /** Rules, bounds, paytables, strips and RTPs of every game (the provably fair publication). */
  // Sent as is (computed from the registry, never from input): typed, not re-validated.
  publication: z.unknown() as unknown as z.ZodType<GamesPublication>,
  limits: gameLimitsSchema,
  freeSpins: z.object({ daily: z.boolean(), bonus: z.number().int() }),
  jackpot: z.string(),
});
export const verifyResultSchema = z.object({ game: z.enum(GAMES), outcome: outcomeSchema });

export type GamePlay = z.infer<typeof gamePlaySchema>;
export type GameBet = z.infer<typeof gameBetSchema>;
export type GamesView = z.infer<typeof gamesViewSchema>;
export type SeedPairView = z.infer<typeof seedPairSchema>;
export type SeedsView = z.infer<typeof seedsViewSchema>;
export type RotateSeeds = z.infer<typeof rotateSeedsSchema>;
export type GameLimits = z.infer<typeof gameLimitsSchema>;
