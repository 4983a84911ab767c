/**
 * What the games keep between requests in one app: the bet limits (read briefly from a cache),
 * the seed pairs of recent players, each player's queue of one-shot plays, the writer that puts
 * one-shot plays of many players in one statement, and the jackpot's live announcer. Created once
 * per app in composition.ts (on the app's clock), so two apps in one process share nothing.
 */
import { DEFAULT_GAME_MAX_BET, DEFAULT_GAME_MIN_BET, MAX_AMOUNT_NANO, parseFre } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { batchLoader } from "../../lib/batch-loader.ts";
import type { Clock } from "../../lib/clock.ts";
import { isDeadlock } from "../../lib/db-errors.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { betsAndWinsCtes, isInsufficientBalance } from "../ledger/ledger.ts";
import { type OneShotPlay, type OneShotResult, playOneShots, readLimits } from "./games.repo.ts";
import { type JackpotAnnouncer, jackpotAnnouncer } from "./games-jackpot.ts";

/** A player's pair as this app last knew it (a hint: the one-shot statement checks it). */
export interface KnownPair {
  id: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface BetLimits {
  minNano: bigint;
  maxNano: bigint;
}

export interface GamesMemory {
  limits: { get(): Promise<BetLimits>; forget(): void };
  /** Recent players' pairs, at most KNOWN_PAIRS_MAX (the oldest is forgotten first). */
  pairs: Map<string, KnownPair>;
  /** Each player's one-shot plays, one after another. */
  turns: Map<string, Promise<unknown>>;
  writeOneShot(play: OneShotPlay): Promise<OneShotResult | undefined>;
  jackpot: JackpotAnnouncer;
}

/** Every bet reads the limits: kept this long, forgotten at once when an admin sets them. */
const LIMITS_TTL_MS = 30_000;
export const KNOWN_PAIRS_MAX = 50_000;

function limitsCache(db: Db, clock: Clock): GamesMemory["limits"] {
  let cached: (BetLimits & { at: number }) | null = null;
  return {
    async get() {
      const now = clock.now().getTime();
      if (cached && now - cached.at < LIMITS_TTL_MS) return cached;
      const stored = await readLimits(db);
      const minNano = stored ? BigInt(stored.minBetNano) : parseFre(DEFAULT_GAME_MIN_BET);
      // A limit written before the bound existed may exceed it: the bound wins.
      const storedMax = stored ? BigInt(stored.maxBetNano) : parseFre(DEFAULT_GAME_MAX_BET);
      const maxNano = storedMax < MAX_AMOUNT_NANO ? storedMax : MAX_AMOUNT_NANO;
      cached = { at: now, minNano, maxNano };
      return cached;
    },
    forget() {
      cached = null;
    },
  };
}

/** The one-shot statement's money part (a transaction that locked the pair writes it too). */
export const ONE_SHOT_MONEY = betsAndWinsCtes("played");
/*
 * Two statements at most at once: plays asked meanwhile wait and go together in the next one (one
 * commit for many). One alone would leave the database idle while Node handles the answers; more
 * made smaller statements and a slower bench (docs/performance.md).
 */
const WRITER_OPTIONS = { maxInFlight: 2 };

/**
 * Writes one-shot plays: those asked for while earlier statements run share the next statement
 * (`batchLoader`, as reads do: decision 0010), so a commit and a round trip serve many players.
 * When the statement fails because one bet no longer fits (a balance moved after the statement's
 * snapshot) or it met another server's statement in a deadlock (their players overlap and
 * PostgreSQL locks their rows in no set order), each play is written again alone: only the bet
 * that does not fit is `short`.
 */
function oneShotWriter(db: Db) {
  return batchLoader<OneShotPlay, OneShotResult>(async (plays) => {
    const answer = new Map<OneShotPlay, OneShotResult>();
    const write = async (batch: OneShotPlay[]) => {
      const results = await playOneShots(db, ONE_SHOT_MONEY, batch);
      for (const play of batch) answer.set(play, results.get(play.betId) ?? "stale");
    };
    try {
      await write(plays);
    } catch (error) {
      if (!isInsufficientBalance(error) && !isDeadlock(error)) throw error;
      await Promise.all(
        plays.map((play) =>
          write([play]).catch((alone: unknown) => {
            if (!isInsufficientBalance(alone)) throw alone;
            answer.set(play, "short");
          }),
        ),
      );
    }
    return answer;
  }, WRITER_OPTIONS);
}

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
