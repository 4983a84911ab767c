/** The TON blockchain as FRE sees it; payments and payouts join this interface later. */
export interface Chain {
  kind: "simulated" | "toncenter";
  /** Resolves when the chain API answers OK; throws with a reason otherwise. */
  ping(signal: AbortSignal): Promise<void>;
}

export class ChainNotRespondingError extends Error {
  constructor(readonly status?: number) {
    super("Blockchain API is not responding");
  }
}

/** The embedded chain lives inside the server: always reachable. */
export function simulatedChain(): Chain {
  return { kind: "simulated", ping: async () => {} };
}

/** toncenter v3 HTTP API (testnet or mainnet); health = masterchain info answers. */
export function toncenterChain(baseUrl: string, fetchImpl: typeof fetch = fetch): Chain {
  const url = new URL("/api/v3/masterchainInfo", baseUrl);
  return {
    kind: "toncenter",
    async ping(signal) {
      const response = await fetchImpl(url, { signal, headers: { accept: "application/json" } });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
    },
  };
}
