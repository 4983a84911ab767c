import { TON_PRICE_STALE_MS, type TonPrice } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { readStoredTonPrice, type StoredTonPrice, storeTonPrice } from "./ton-price.repo.ts";
import type { TonPriceSource } from "./ton-price-source.ts";

export interface TonPriceDeps {
  db: Db;
  clock: Clock;
  /** The configured price service (TON_PRICE_URL), or null: off, the price is unavailable. */
  source: TonPriceSource | null;
  /** How long a process serves the stored price from memory before reading it again. */
  cacheMs: number;
}

const UNAVAILABLE: TonPrice = {
  available: false,
  usd: null,
  eur: null,
  updatedAt: null,
  source: null,
  stale: false,
};

/**
 * The TON price every process serves: the last good price in the database (the refresh job,
 * one process at a time, writes it), read at most once per `cacheMs` per process. Staleness is
 * decided at each answer from the clock, so a cached price turns stale on time.
 */
export function tonPriceService(deps: TonPriceDeps) {
  let cached: { price: StoredTonPrice | null; readAtMs: number } | null = null;

  const answer = (price: StoredTonPrice | null): TonPrice => {
    if (!deps.source || !price) return UNAVAILABLE;
    const age = deps.clock.now().getTime() - Date.parse(price.pricedAt);
    return {
      available: true,
      usd: price.usd,
      eur: price.eur,
      updatedAt: price.pricedAt,
      source: price.source,
      stale: age > TON_PRICE_STALE_MS,
    };
  };

  return {
    enabled: deps.source !== null,

    async current(): Promise<TonPrice> {
      if (!deps.source) return UNAVAILABLE;
      const nowMs = deps.clock.now().getTime();
      if (!cached || nowMs - cached.readAtMs >= deps.cacheMs || nowMs < cached.readAtMs) {
        cached = { price: await readStoredTonPrice(deps.db), readAtMs: nowMs };
      }
      return answer(cached.price);
    },

    /**
     * The refresh job's run: asks the source and stores its price. A failure throws (the job
     * logs it) and leaves the last good price in place, which turns stale after 30 minutes.
     */
    async refresh(): Promise<void> {
      if (!deps.source) return;
      const quote = await deps.source.quote();
      const now = deps.clock.now();
      // A source clock ahead of ours must not make a price look fresher than its fetch.
      const pricedAt = new Date(Math.min(quote.pricedAt.getTime(), now.getTime()));
      const price: StoredTonPrice = {
        usd: quote.usd,
        eur: quote.eur,
        pricedAt: pricedAt.toISOString(),
        source: quote.source,
      };
      await storeTonPrice(deps.db, price);
      cached = null;
    },
  };
}

export type TonPriceService = ReturnType<typeof tonPriceService>;
