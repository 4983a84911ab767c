import { z } from "zod";
import type { Chain, IncomingTransfer, TonProofVerifier } from "../../modules/ton/chain.ts";
import { ChainNotRespondingError } from "../../modules/ton/chain-errors.ts";
import { assertPayoutRequest, parseCursor, proofNotAvailable } from "./chain-requests.ts";

// ---------------------------------------------------------------------------------------------

export interface ToncenterChainOptions {
  /** The shop's address (payments are read from its transactions); required by incomingTransfers. */
  shopAddress?: string;
  /** toncenter API key (`X-API-Key`); without one toncenter allows about 1 request a second. */
  apiKey?: string;
  /** Transactions per page (default 100). */
  pageSize?: number;
  /** Per-request timeout of the payment reads (default 10 s). */
  timeoutMs?: number;
  /** The ton_proof check; without one every proof answers "not available". */
  verifyProof?: TonProofVerifier;
  /** Payouts from the hot wallet (`toncenter-payouts.ts`); without them sendPayout throws. */
  payouts?: Pick<
    Chain,
    | "sendPayout"
    | "payoutStatus"
    | "payoutTxHash"
    | "payoutReceipt"
    | "hotWalletBalances"
    | "sendPayouts"
    | "payoutStatuses"
    | "payoutBatchSize"
  >;
}

const decimal = z.string().regex(/^\d+$/);

/** The part of toncenter v3's `GET /api/v3/transactions` answer read here. */
const toncenterTransactions = z.object({
  transactions: z.array(
    z.object({
      hash: z.string().min(1),
      lt: decimal,
      now: z.number().int(),
      description: z.object({ aborted: z.boolean().nullish() }).nullish(),
      in_msg: z
        .object({
          source: z.string().nullish(),
          value: decimal.nullish(),
          bounce: z.boolean().nullish(),
          bounced: z.boolean().nullish(),
          message_content: z
            .object({
              decoded: z
                .object({ type: z.string().nullish(), comment: z.string().nullish() })
                .nullish(),
            })
            .nullish(),
        })
        .nullish(),
    }),
  ),
});

/** toncenter v3's `POST /api/v3/runGetMethod` answer (a num is hex, `0x…`). */
const toncenterGetMethod = z.object({
  exit_code: z.number().int(),
  stack: z.array(
    z.object({
      type: z.string(),
      value: z
        .string()
        .regex(/^-?0x[0-9a-fA-F]{1,64}$/)
        .nullish(),
    }),
  ),
});

type ToncenterTransaction = z.infer<typeof toncenterTransactions>["transactions"][number];

/** A payment to the account, or null for any other transaction. */
function toIncomingTransfer(tx: ToncenterTransaction): IncomingTransfer | null {
  const message = tx.in_msg;
  // External messages (the wallet's own sends) have no source; bounced ones paid nothing, nor
  // did an aborted bounceable one (its value went back). An aborted non-bounceable message —
  // what an order asks wallets to send, to an address not deployed yet — left its value at the
  // address: it paid.
  if (!message?.source || message.bounced) return null;
  if (tx.description?.aborted && message.bounce !== false) return null;
  const amountNano = BigInt(message.value ?? "0");
  if (amountNano <= 0n) return null;
  const decoded = message.message_content?.decoded;
  return {
    txHash: tx.hash,
    from: message.source.toLowerCase(),
    amountNano,
    comment: decoded?.type === "text_comment" ? (decoded.comment ?? null) : null,
    at: new Date(tx.now * 1000),
    lt: tx.lt,
  };
}

/** toncenter v3 HTTP API (testnet or mainnet); health = masterchain info answers. */
export function toncenterChain(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  options: ToncenterChainOptions = {},
): Chain {
  const url = new URL("/api/v3/masterchainInfo", baseUrl);
  const verify = options.verifyProof ?? proofNotAvailable;
  const pageSize = options.pageSize ?? 100;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["x-api-key"] = options.apiKey;
  const noHotWallet = () => new Error("payouts need a hot wallet: not configured");

  return {
    kind: "toncenter",
    async ping(signal) {
      const response = await fetchImpl(url, { signal, headers });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
    },

    verifyProof: (input) => verify(input),

    async getPublicKey(address) {
      const response = await fetchImpl(new URL("/api/v3/runGetMethod", baseUrl), {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ address, method: "get_public_key", stack: [] }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
      const parsed = toncenterGetMethod.safeParse(await response.json());
      if (!parsed.success) throw new Error("Unexpected toncenter runGetMethod answer");
      const [top] = parsed.data.stack;
      if (parsed.data.exit_code !== 0 || top?.type !== "num" || !top.value) return null;
      return BigInt(top.value).toString(16).padStart(64, "0");
    },

    async incomingTransfers(sinceCursor) {
      if (!options.shopAddress) {
        throw new Error("incoming transfers need the shop address: not configured");
      }
      const after = parseCursor(sinceCursor);
      const query = new URL("/api/v3/transactions", baseUrl);
      query.searchParams.set("account", options.shopAddress);
      query.searchParams.set("start_lt", (after + 1n).toString()); // start_lt is inclusive
      query.searchParams.set("sort", "asc");
      query.searchParams.set("limit", String(pageSize));
      query.searchParams.set("offset", "0");
      const response = await fetchImpl(query, {
        headers,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new ChainNotRespondingError(response.status);
      const parsed = toncenterTransactions.safeParse(await response.json());
      if (!parsed.success) throw new Error("Unexpected toncenter transactions answer");
      // Chain order whatever the server did; the cursor never moves backwards.
      const page = parsed.data.transactions
        .filter((tx) => BigInt(tx.lt) > after)
        .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : BigInt(a.lt) > BigInt(b.lt) ? 1 : 0));
      const transfers = page.map(toIncomingTransfer).filter((t) => t !== null);
      return { transfers, cursor: page.at(-1)?.lt ?? sinceCursor };
    },

    async sendPayout(request) {
      if (!options.payouts) throw noHotWallet();
      assertPayoutRequest(request);
      return options.payouts.sendPayout(request);
    },

    async payoutStatus(payoutId) {
      if (!options.payouts) throw noHotWallet();
      return options.payouts.payoutStatus(payoutId);
    },

    async payoutTxHash(payoutId) {
      return (await options.payouts?.payoutTxHash?.(payoutId)) ?? null;
    },

    async payoutReceipt(payoutId) {
      if (options.payouts?.payoutReceipt) return options.payouts.payoutReceipt(payoutId);
      return { txHash: (await options.payouts?.payoutTxHash?.(payoutId)) ?? null, feeNano: null };
    },

    ...(options.payouts?.hotWalletBalances && {
      hotWalletBalances: options.payouts.hotWalletBalances,
    }),
    // Batches (decision 0075): a request the driver refuses is answered with its error.
    ...(options.payouts?.sendPayouts && {
      payoutBatchSize: options.payouts.payoutBatchSize,
      sendPayouts: options.payouts.sendPayouts,
    }),
    ...(options.payouts?.payoutStatuses && { payoutStatuses: options.payouts.payoutStatuses }),
  };
}
