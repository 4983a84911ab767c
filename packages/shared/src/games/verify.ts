/** What `GET /api/games/verify` and the /game/verify page show: an outcome from revealed seeds. */
import type { Seeds } from "./fair.ts";
import {
  type Game,
  type GameOutcome,
  type GameOutcomeOf,
  gameRegistry,
  type VerifyOptions,
} from "./registry.ts";

export type KenoOutcome = GameOutcomeOf<"keno">;
export type TowersOutcome = GameOutcomeOf<"towers">;
export type HiloOutcome = GameOutcomeOf<"hilo">;
export type DiceOutcome = GameOutcomeOf<"dice">;

export function verifyOutcome<G extends Game>(
  game: G,
  seeds: Seeds,
  options: VerifyOptions = {},
): GameOutcomeOf<G> {
  const definition = gameRegistry[game] as { verify(s: Seeds, o: VerifyOptions): GameOutcome };
  return definition.verify(seeds, options) as GameOutcomeOf<G>;
}

/** Whether a recorded outcome is the one the seeds give (Towers and Hi-Lo record a prefix). */
export function outcomeMatches(
  game: Game,
  recorded: Record<string, unknown>,
  computed: Record<string, unknown>,
): boolean {
  const definition = gameRegistry[game] as {
    matches(r: Record<string, unknown>, c: Record<string, unknown>): boolean;
  };
  return definition.matches(recorded, computed);
}

/** The options a recorded bet is verified with (Towers: the difficulty it was played at). */
export const verifyOptionsOf = (game: Game, recorded: Record<string, unknown>): VerifyOptions =>
  gameRegistry[game].verifyOptionsOf(recorded);
