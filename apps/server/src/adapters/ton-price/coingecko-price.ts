import { z } from "zod";
import {
  type TonPriceSource,
  TonPriceSourceError,
  type TonQuote,
} from "../../modules/ton/ton-price-source.ts";

export interface CoingeckoPriceOptions {
  /** CoinGecko API key: sent as `x-cg-pro-api-key` to pro-api.coingecko.com, else `x-cg-demo-api-key`. */
  apiKey?: string;
  /** Per-request timeout (default 5 s). */
  timeoutMs?: number;
  /** The most bytes of an answer read (default 16 KiB; the real one is under 100). */
  maxBytes?: number;
}

/** A price outside these is a broken answer, not TON's price (it has traded at 0.3 to 8 USD). */
const MIN_PRICE = 0.0001;
const MAX_PRICE = 1_000_000;
/** Euros per dollar has stayed between 0.6 and 1.25 for decades: an answer outside is garbage. */
const MIN_EUR_PER_USD = 0.5;
const MAX_EUR_PER_USD = 2;
/** The earliest `last_updated_at` believed (2020-01-01), in seconds. */
const EARLIEST_SECONDS = 1_577_836_800;

const price = z.number().finite().min(MIN_PRICE).max(MAX_PRICE);
const simplePriceAnswer = z.object({
  "the-open-network": z.object({
    usd: price,
    eur: price,
    last_updated_at: z
      .number()
      .int()
      .min(EARLIEST_SECONDS)
      .max(2 ** 33),
  }),
});

/** 5.12 → "5.12": at most 8 fraction digits, without exponent (the bounds rule it out). */
export function priceToDecimal(value: number): string {
  const fixed = value.toFixed(8);
  return fixed.replace(/\.?0+$/, "");
}

/** The answer's body, refusing one larger than `maxBytes` before reading it all. */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new TonPriceSourceError("too-large");
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new TonPriceSourceError("too-large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * CoinGecko's simple price endpoint (`GET /api/v3/simple/price`) for TON in USD and EUR. Every
 * failure (HTTP status, timeout, oversized or malformed answer, absurd figures) is a
 * TonPriceSourceError: the caller keeps its last good price.
 */
export function coingeckoPrice(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  options: CoingeckoPriceOptions = {},
): TonPriceSource {
  const url = new URL("/api/v3/simple/price", baseUrl);
  url.searchParams.set("ids", "the-open-network");
  url.searchParams.set("vs_currencies", "usd,eur");
  url.searchParams.set("include_last_updated_at", "true");
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxBytes = options.maxBytes ?? 16_384;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) {
    const pro = url.hostname.startsWith("pro-api.");
    headers[pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = options.apiKey;
  }

  return {
    name: "coingecko",
    async quote(): Promise<TonQuote> {
      const signal = AbortSignal.timeout(timeoutMs);
      let text: string;
      try {
        const response = await fetchImpl(url, { headers, signal, redirect: "error" });
        if (!response.ok) {
          await response.body?.cancel();
          throw new TonPriceSourceError("http", response.status);
        }
        text = await readBounded(response, maxBytes);
      } catch (error) {
        if (error instanceof TonPriceSourceError) throw error;
        throw new TonPriceSourceError(signal.aborted ? "timeout" : "network");
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new TonPriceSourceError("unreadable");
      }
      const parsed = simplePriceAnswer.safeParse(json);
      if (!parsed.success) throw new TonPriceSourceError("unreadable");
      const { usd, eur, last_updated_at } = parsed.data["the-open-network"];
      const eurPerUsd = eur / usd;
      if (eurPerUsd < MIN_EUR_PER_USD || eurPerUsd > MAX_EUR_PER_USD) {
        throw new TonPriceSourceError("unreadable");
      }
      return {
        usd: priceToDecimal(usd),
        eur: priceToDecimal(eur),
        pricedAt: new Date(last_updated_at * 1000),
        source: "coingecko",
      };
    },
  };
}
