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
import { MINES } from "./mines.ts";
import type { GamesPublication } from "./publication.ts";
import {
  type Game,
  type GameRegistry,
  gameIds,
  gameRegistry,
  type PlayedOutcomeOf,
  type RoundGame,
  type VerifiedOutcomeOf,
} from "./registry.ts";

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
  mines: z.coerce.number().int().min(MINES.minMines).max(MINES.maxMines).optional(),
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

/** What every play's answer says besides its game and outcome. */
const playFields = {
  id: z.string(),
  nonce: z.number().int(),
  /** open: a Towers or Hi-Lo round still running; settled: paid (payout may be 0). */
  status: z.enum(["open", "settled"]),
  amount: z.string(),
  multiplier: z.string(),
  payout: z.string(),
};
const betFields = {
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Known once the pair was rotated: the bet can then be verified. */
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
};

/** Game G's answers, each with G's outcome schema from its registry entry. */
function schemasOf<G extends Game>(game: G) {
  // Typed as G's own schemas (a destructured generic entry would widen to every game's).
  const played: GameRegistry[G]["outcome"]["played"] = gameRegistry[game].outcome.played;
  const verified: GameRegistry[G]["outcome"]["verified"] = gameRegistry[game].outcome.verified;
  const round = z.object({ ...playFields, game: z.literal(game), outcome: played });
  return {
    /** A play's answer (bet, spin, step, cash-out), with the new balance. */
    play: round.extend({ balance: z.string() }),
    /** An open round, as `GET …/rounds/current` answers it. */
    round,
    /** A line of the history. */
    bet: round.extend(betFields),
    /** `GET /api/games/verify`'s answer. */
    verified: z.object({ game: z.literal(game), outcome: verified }),
  };
}
type SchemasOf<G extends Game> = ReturnType<typeof schemasOf<G>>;
type Answer = keyof SchemasOf<Game>;

/** Each game's answer schemas, keyed by game id (the play routes answer their game's own). */
export const gameSchemas = Object.fromEntries(gameIds.map((game) => [game, schemasOf(game)])) as {
  [G in Game]: SchemasOf<G>;
};

type PlayFields = z.output<z.ZodObject<typeof playFields>>;
type BetFields = z.output<z.ZodObject<typeof betFields>>;
/** Game G's open round; for a generic G, its fields with G's own outcome. */
type RoundOf<G extends Game> = PlayFields & { game: G; outcome: PlayedOutcomeOf<G> };
type Answers<G extends Game> = {
  play: RoundOf<G> & { balance: string };
  round: RoundOf<G>;
  bet: RoundOf<G> & BetFields;
  verified: { game: G; outcome: VerifiedOutcomeOf<G> };
};

/** One answer of game G, or of any game (a union discriminated by `game`). */
export type GameAnswer<A extends Answer, G extends Game = Game> = { [K in G]: Answers<K>[A] }[G];

const unionOf = <A extends Answer>(answer: A) =>
  z.discriminatedUnion(
    "game",
    gameIds.map((game) => gameSchemas[game][answer]) as unknown as [
      SchemasOf<Game>[A],
      ...SchemasOf<Game>[A][],
    ],
  ) as unknown as z.ZodType<GameAnswer<A>>;

/** Every play's answer: a single bet, a spin, or a step of a multi-step round. */
export const gamePlaySchema = unionOf("play");
export const gameRoundSchema = unionOf("round");
/** `GET /api/games/<round game>/rounds/current`: that game's open round, or null. */
export const currentRoundSchemaOf = <G extends RoundGame>(game: G) =>
  z.object({ round: gameSchemas[game].round.nullable() });

export const gameBetSchema = unionOf("bet");
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
export const verifyResultSchema = unionOf("verified");

/** A play's answer; `GamePlay<"keno">` is Keno's own. */
export type GamePlay<G extends Game = Game> = GameAnswer<"play", G>;
/** An open round (a play's answer without the balance). */
export type GameRound<G extends Game = Game> = GameAnswer<"round", G>;
export type GameBet<G extends Game = Game> = GameAnswer<"bet", G>;
export type GamesView = z.infer<typeof gamesViewSchema>;
export type SeedPairView = z.infer<typeof seedPairSchema>;
export type SeedsView = z.infer<typeof seedsViewSchema>;
export type RotateSeeds = z.infer<typeof rotateSeedsSchema>;
export type GameLimits = z.infer<typeof gameLimitsSchema>;

/** The answers' types written out above are the schemas' own (checked at compile time). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AllSame = {
  [G in Game]: { [A in Answer]: Same<z.output<SchemasOf<G>[A]>, Answers<G>[A]> }[Answer];
}[Game];
const answersMatchSchemas: [AllSame] extends [true] ? true : never = true;
void answersMatchSchemas;
