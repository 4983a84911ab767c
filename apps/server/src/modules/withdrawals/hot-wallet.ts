import type { Clock } from "../../lib/clock.ts";
import type { Chain, HotWalletBalances } from "../ton/chain.ts";

/** How long one read of the hot wallet's balances answers requests and scrapes. */
export const HOT_WALLET_READ_MS = 30_000;

const readings = new WeakMap<Chain, { balances: HotWalletBalances; at: number }>();

/**
 * The hot wallet's balances (decision 0070), read from the chain at most once per `maxAgeMs`
 * (0: now) and kept per chain, so requests and scrapes do not each reach toncenter; null on a
 * chain whose hot wallet never runs dry. Throws when the chain does not answer.
 */
export async function readHotWallet(
  chain: Chain,
  clock: Clock,
  maxAgeMs = HOT_WALLET_READ_MS,
): Promise<HotWalletBalances | null> {
  if (!chain.hotWalletBalances) return null;
  const now = clock.now().getTime();
  const known = readings.get(chain);
  if (known && now >= known.at && now - known.at < maxAgeMs) return known.balances;
  const balances = await chain.hotWalletBalances();
  readings.set(chain, { balances, at: now });
  return balances;
}

/** Whether the hot wallet holds what one payout of `amountNano` takes when it is sent. */
export function canPay(balances: HotWalletBalances, amountNano: bigint) {
  return balances.tonNano >= balances.tonPerPayoutNano && balances.jettonNano >= amountNano;
}

/**
 * Whether a payout of `amountNano` could leave the hot wallet now, from the last reading. A chain
 * that does not answer does not pause withdrawals: the worker retries it, and the request only
 * holds the FRE.
 */
export async function hotWalletCanPay(
  deps: { chain: Chain; clock: Clock },
  amountNano: bigint,
): Promise<boolean> {
  try {
    const balances = await readHotWallet(deps.chain, deps.clock);
    return balances === null || canPay(balances, amountNano);
  } catch {
    return true;
  }
}

/**
 * How many more payouts the hot wallet can send (the alert's figure): TON for each at send time,
 * then the recent payouts' real fee each (the attachment's excess comes back), and FRE for the
 * recent payouts' average amount (the minimum while none was paid) each.
 */
export function payoutsLeft(
  balances: HotWalletBalances,
  recent: { feeNano: bigint | null; amountNano: bigint | null },
  minimumNano: bigint,
): number {
  if (balances.tonNano < balances.tonPerPayoutNano) return 0;
  const fee = recent.feeNano && recent.feeNano > 0n ? recent.feeNano : balances.tonPerPayoutNano;
  const byTon = (balances.tonNano - balances.tonPerPayoutNano) / fee + 1n;
  const amount = recent.amountNano && recent.amountNano > 0n ? recent.amountNano : minimumNano;
  const byJetton = amount > 0n ? balances.jettonNano / amount : byTon;
  return Number(byTon < byJetton ? byTon : byJetton);
}
