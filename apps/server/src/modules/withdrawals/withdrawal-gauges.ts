import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { GaugeSpec } from "../../lib/metrics.ts";
import { ageSeconds } from "../../lib/outbox-gauges.ts";
import type { Chain } from "../ton/chain.ts";
import { payoutsLeft, readHotWallet } from "./hot-wallet.ts";
import { processingPayouts, readMinimumNano, recentPayoutCosts } from "./withdrawals.repo.ts";
import { DEFAULT_MINIMUM_NANO } from "./withdrawals.service.ts";

/** nanoTON or nano-FRE → TON or FRE, as Prometheus keeps numbers. */
const whole = (nano: bigint) => Number(nano) / 1e9;

/**
 * Withdrawals approved and not paid yet (`processing`), and how long the oldest has waited since
 * its approval: a payout stuck on the hot wallet or the chain shows here. Read from the database
 * at each scrape; every worker reads the same rows, so a group reports the largest figure.
 * With a chain whose hot wallet can run dry, its balances and how many payouts they still pay
 * (decision 0070), read from the chain at most every 30 s; no sample without such a chain.
 */
export function withdrawalGauges(db: Db, clock: Clock, chain?: Chain): GaugeSpec[] {
  const processing = () => processingPayouts(db);
  const hot = async () => (chain ? readHotWallet(chain, clock) : null);
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
    {
      name: "fre_hot_wallet_ton",
      help: "TON held by the hot wallet payouts are sent from",
      aggregate: "max",
      read: async () => {
        const balances = await hot();
        return balances && whole(balances.tonNano);
      },
    },
    {
      name: "fre_hot_wallet_jetton",
      help: "FRE (jetton) held by the hot wallet's jetton wallet",
      aggregate: "max",
      read: async () => {
        const balances = await hot();
        return balances && whole(balances.jettonNano);
      },
    },
    {
      name: "fre_hot_wallet_payouts_left",
      help: "Payouts the hot wallet can still send: its TON at the recent real fee, its FRE at the recent average amount",
      aggregate: "max",
      read: async () => {
        const balances = await hot();
        if (!balances) return null;
        const [recent, minimum] = await Promise.all([
          recentPayoutCosts(db),
          readMinimumNano(db, DEFAULT_MINIMUM_NANO),
        ]);
        return payoutsLeft(balances, recent, minimum);
      },
    },
    {
      name: "fre_payout_fee_ton",
      help: "Average real fee, in TON, of the last 100 payouts (from their executed transactions)",
      aggregate: "max",
      read: async () => {
        const { feeNano } = await recentPayoutCosts(db);
        return feeNano === null ? null : whole(feeNano);
      },
    },
  ];
}
