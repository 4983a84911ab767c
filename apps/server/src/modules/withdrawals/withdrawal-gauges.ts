import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { GaugeSpec } from "../../lib/metrics.ts";
import { ageSeconds } from "../../lib/outbox-gauges.ts";
import { processingPayouts } from "./withdrawals.repo.ts";

/**
 * Withdrawals approved and not paid yet (`processing`), and how long the oldest has waited since
 * its approval: a payout stuck on the hot wallet or the chain shows here. Read from the database
 * at each scrape; every worker reads the same rows, so a group reports the largest figure.
 */
export function withdrawalGauges(db: Db, clock: Clock): GaugeSpec[] {
  const processing = () => processingPayouts(db);
  return [
    {
      name: "fre_withdrawals_processing",
      help: "Withdrawals approved and not paid yet (status processing)",
      aggregate: "max",
      read: async () => (await processing()).count,
    },
    {
      name: "fre_withdrawals_processing_oldest_age_seconds",
      help: "Seconds since the oldest withdrawal in processing was approved (0 when none)",
      aggregate: "max",
      read: async () => {
        const { oldest } = await processing();
        return oldest === null ? 0 : ageSeconds(clock, oldest);
      },
    },
  ];
}
