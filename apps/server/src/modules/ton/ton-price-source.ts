import type { TonPriceSource as TonPriceSourceName } from "@fre/shared";

/** One TON's price as a price service gave it: decimal strings, and when the source priced it. */
export interface TonQuote {
  usd: string;
  eur: string;
  pricedAt: Date;
  source: TonPriceSourceName;
}

/**
 * A public price service (the port; `adapters/ton-price/` implements it). `quote()` answers a
 * checked price or throws a TonPriceSourceError — never a guessed figure.
 */
export interface TonPriceSource {
  name: TonPriceSourceName;
  quote(): Promise<TonQuote>;
}

/** Why a price service gave no usable price (its code is what the job's log line says). */
export class TonPriceSourceError extends Error {
  constructor(
    readonly code: "http" | "timeout" | "too-large" | "unreadable" | "network",
    readonly status?: number,
  ) {
    super(`TON price service: ${code}${status ? ` ${status}` : ""}`);
    this.name = "TonPriceSourceError";
  }
}
