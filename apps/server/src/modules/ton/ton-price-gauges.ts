import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { GaugeSpec } from "../../lib/metrics.ts";
import { ageSeconds } from "../../lib/outbox-gauges.ts";
import { readStoredTonPrice } from "./ton-price.repo.ts";

/**
 * The stored TON price's age (only while TON_PRICE_URL is set): the refresh job, one process at a
 * time, writes it every TON_PRICE_REFRESH_MS; past 30 minutes the app shows it as stale. No sample
 * until a first price is stored.
 */
export function tonPriceGauges(db: Db, clock: Clock): GaugeSpec[] {
  return [
    {
      name: "fre_ton_price_age_seconds",
      help: "Seconds since the stored TON price was priced by its source (shown stale past 1800)",
      aggregate: "max",
      read: async () => {
        const price = await readStoredTonPrice(db);
        return price ? ageSeconds(clock, price.pricedAt) : null;
      },
    },
  ];
}
