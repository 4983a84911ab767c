/**
 * What the games keep between requests in one app, each part in its own file: the bet limits
 * (games-limits.ts), the seed pairs of recent players and each player's queue of one-shot plays
 * (here), the writer that puts one-shot plays of many players in one statement
 * (games-one-shot-writer.ts), and the jackpot's live announcer (games-jackpot.ts). Created once
 * per app in composition.ts (on the app's clock), so two apps in one process share nothing.
 */
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { OneShotPlay, OneShotResult } from "./games.repo.ts";
import { type JackpotAnnouncer, jackpotAnnouncer } from "./games-jackpot.ts";
import { type LimitsCache, limitsCache } from "./games-limits.ts";
import { oneShotWriter } from "./games-one-shot-writer.ts";

/** A player's pair as this app last knew it (a hint: the one-shot statement checks it). */
export interface KnownPair {
  id: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface GamesMemory {
  limits: LimitsCache;
  /** Recent players' pairs, at most KNOWN_PAIRS_MAX (the oldest is forgotten first). */
  pairs: Map<string, KnownPair>;
  /** Each player's one-shot plays, one after another. */
  turns: Map<string, Promise<unknown>>;
  writeOneShot(play: OneShotPlay): Promise<OneShotResult | undefined>;
  jackpot: JackpotAnnouncer;
}

export const KNOWN_PAIRS_MAX = 50_000;

export function gamesMemory(deps: {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "live">;
}): GamesMemory {
  return {
    limits: limitsCache(deps.db, deps.clock),
    pairs: new Map(),
    turns: new Map(),
    writeOneShot: oneShotWriter(deps.db),
    jackpot: jackpotAnnouncer(deps.events, () => deps.clock.now().getTime()),
  };
}
