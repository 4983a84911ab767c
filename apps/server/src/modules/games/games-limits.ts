/** The bet limits every bet reads: the admin's setting, kept briefly in each app. */
import { DEFAULT_GAME_MAX_BET, DEFAULT_GAME_MIN_BET, MAX_AMOUNT_NANO, parseFre } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { readLimits } from "./games.repo.ts";

export interface BetLimits {
  minNano: bigint;
  maxNano: bigint;
}

export interface LimitsCache {
  get(): Promise<BetLimits>;
  /** An admin set them: read them again at the next bet. */
  forget(): void;
}

/** Every bet reads the limits: kept this long, forgotten at once when an admin sets them. */
const LIMITS_TTL_MS = 30_000;

export function limitsCache(db: Db, clock: Clock): LimitsCache {
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
