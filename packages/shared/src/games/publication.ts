/**
 * What `GET /api/games` publishes: bounds, paytables, strips and RTP of each game, as numbers and
 * exact strings, keyed by game id. Computed once (the slot expectations enumerate every stop
 * combination).
 */
import { type Game, type GamePublicationOf, gameIds, gameRegistry } from "./registry.ts";

export type GamesPublication = { [G in Game]: GamePublicationOf<G> };

let cached: GamesPublication | undefined;

/** The publication, computed on first use. */
export function gamesPublication(): GamesPublication {
  cached ??= Object.fromEntries(
    gameIds.map((game) => [game, gameRegistry[game].publication()]),
  ) as GamesPublication;
  return cached;
}
