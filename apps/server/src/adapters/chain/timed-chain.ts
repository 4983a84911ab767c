import type { Chain } from "../../modules/ton/chain.ts";

/** Reports one chain call: its method, how long it took, and whether it answered or threw. */
export type ChainCallObserver = (
  operation: string,
  seconds: number,
  outcome: "ok" | "error",
) => void;

/** The Chain methods that reach the chain (all but `kind`). */
const OPERATIONS = [
  "ping",
  "verifyProof",
  "getPublicKey",
  "incomingTransfers",
  "sendPayout",
  "payoutStatus",
  "payoutTxHash",
  "payoutReceipt",
  "hotWalletBalances",
  "sendPayouts",
  "payoutStatuses",
] as const;

/**
 * The same chain, each call timed (decision 0038): the composition root wraps whichever driver
 * it built, so the modules and the drivers stay unaware of metrics. An optional method the
 * driver lacks (`payoutTxHash`) stays absent. Extra members of the driver are not carried over:
 * the dev routes and tests keep the driver itself for those.
 */
export function timedChain(chain: Chain, observe: ChainCallObserver): Chain {
  const slots: Record<string, unknown> = { kind: chain.kind };
  if (chain.payoutBatchSize !== undefined) slots.payoutBatchSize = chain.payoutBatchSize;
  for (const operation of OPERATIONS) {
    if (typeof chain[operation] !== "function") continue;
    slots[operation] = async (...args: unknown[]) => {
      // Looked up per call: a test may swap a driver's method after the app is built.
      const method = chain[operation] as (...args: unknown[]) => Promise<unknown>;
      const started = performance.now();
      let outcome: "ok" | "error" = "error";
      try {
        const result = await method.apply(chain, args);
        outcome = "ok";
        return result;
      } finally {
        observe(operation, (performance.now() - started) / 1000, outcome);
      }
    };
  }
  return slots as unknown as Chain;
}
