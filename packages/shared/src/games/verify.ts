/** What `GET /api/games/verify` and the /game/verify page show: an outcome from revealed seeds. */
import type { Seeds } from "./fair.ts";
import {
  type Game,
  type GameOutcomeOf,
  gameDefinitions,
  type PlayedOutcomeOf,
  type VerifiedOutcomeOf,
  type VerifyOptions,
} from "./registry.ts";

export type KenoOutcome = GameOutcomeOf<"keno">;
export type TowersOutcome = GameOutcomeOf<"towers">;
export type HiloOutcome = GameOutcomeOf<"hilo">;
export type DiceOutcome = GameOutcomeOf<"dice">;

/**
 * A game and its recomputed outcome: the verify route's answer, a union by game (for a generic
 * G, G's own: a function returning `VerifyResult<G>` needs no cast, and called with any game it
 * answers the union).
 */
export type VerifyResult<G extends Game = Game> = {
  [K in G]: { game: K; outcome: VerifiedOutcomeOf<K> };
}[G];
/** A game and the outcome one of its plays recorded (a play, a round, a bet of the history). */
export type PlayedResult<G extends Game = Game> = {
  [K in G]: { game: K; outcome: PlayedOutcomeOf<K> };
}[G];

export function verifyOutcome<G extends Game>(
  game: G,
  seeds: Seeds,
  options: VerifyOptions = {},
): GameOutcomeOf<G> {
  return gameDefinitions[game].verify(seeds, options);
}

/** The verify route's answer for these seeds: the game with its outcome. */
export function verifyResult<G extends Game>(
  game: G,
  seeds: Seeds,
  options: VerifyOptions = {},
): VerifyResult<G> {
  return { game, outcome: verifyOutcome(game, seeds, options) };
}

/** Whether a recorded outcome is the one the seeds give (Towers and Hi-Lo record a prefix). */
export function outcomeMatches<G extends Game>(
  game: G,
  recorded: VerifiedOutcomeOf<G>,
  computed: VerifiedOutcomeOf<G>,
): boolean {
  return gameDefinitions[game].matches(recorded, computed);
}

/** The options a recorded bet is verified with (Towers: the difficulty it was played at). */
export const verifyOptionsOf = <G extends Game>(game: G, recorded: PlayedOutcomeOf<G>) =>
  gameDefinitions[game].verifyOptionsOf(recorded);
