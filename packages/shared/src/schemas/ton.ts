import { z } from "zod";

/** TON Connect's network ids: mainnet and testnet. */
export const TON_NETWORKS = ["-239", "-3"] as const;
export const tonNetworkSchema = z.enum(TON_NETWORKS);
export type TonNetwork = z.infer<typeof tonNetworkSchema>;

/** How long a ton_proof challenge may be used, and how old a signed proof may be. */
export const TON_PROOF_TTL_SECONDS = 15 * 60;

/** An address in raw (`0:<64 hex>`) or user-friendly (48 base64/base64url characters) form. */
export const tonAddressSchema = z
  .string()
  .trim()
  .regex(
    /^(?:-?\d{1,3}:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{48})$/,
    "must be a TON address (raw 0:… or user-friendly)",
  );

const base64 = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9+/_-]*={0,2}$/, "must be base64");

/** `GET /api/ton/proof-payload`: the challenge the wallet signs (single use). */
export const tonProofPayloadSchema = z.object({ payload: z.string(), expiresAt: z.string() });
export type TonProofPayload = z.infer<typeof tonProofPayloadSchema>;

/** `POST /api/ton/wallet`: the account and ton_proof as TON's reference backend takes them. */
export const linkTonWalletBodySchema = z.object({
  address: tonAddressSchema,
  network: tonNetworkSchema,
  public_key: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 32 bytes in hex"),
  proof: z.object({
    timestamp: z.number().int().min(0).max(4_102_444_800),
    domain: z.object({
      lengthBytes: z.number().int().min(1).max(253),
      value: z.string().min(1).max(253),
    }),
    payload: z.string().min(1).max(128),
    signature: base64(128).min(1),
    state_init: base64(8_192).optional(),
  }),
});
export type LinkTonWalletBody = z.infer<typeof linkTonWalletBodySchema>;

/** The wallet linked to the account (GET /api/me's `tonWallet`, POST /api/ton/wallet's answer). */
export const tonWalletSchema = z.object({
  /** Raw form `0:<64 hex>`. */
  address: z.string(),
  /** User-friendly non-bounceable form for display and copy. */
  friendlyAddress: z.string(),
  network: tonNetworkSchema,
  linkedAt: z.string(),
});
export type TonWallet = z.infer<typeof tonWalletSchema>;

/** `GET /tonconnect-manifest.json`: what a wallet shows of FRE (TON Connect's app manifest). */
export const tonConnectManifestSchema = z.object({
  url: z.string(),
  name: z.string(),
  iconUrl: z.string(),
});
export type TonConnectManifest = z.infer<typeof tonConnectManifestSchema>;

/** `GET /api/ton/config`: which chain the server talks to, and whether the dev wallet exists. */
export const tonConfigSchema = z.object({
  /** The embedded simulated chain (TON_API_URL=simulated). */
  simulated: z.boolean(),
  /** The in-page "FRE Dev Wallet" is offered: simulated chain and DEV_ROUTES only. */
  devWallet: z.boolean(),
  network: tonNetworkSchema,
});
export type TonConfig = z.infer<typeof tonConfigSchema>;

/** A TON price becomes stale (shown as such) this long after the time the source gives it. */
export const TON_PRICE_STALE_MS = 30 * 60_000;
/** A price of one TON in a fiat currency, as a decimal string (never a float): `"5.12345678"`. */
export const tonFiatPriceSchema = z.string().regex(/^\d{1,7}(?:\.\d{1,8})?$/, "must be a price");
/** The price services FRE can read (TON_PRICE_URL speaks CoinGecko's simple price API). */
export const tonPriceSourceSchema = z.enum(["coingecko"]);
export type TonPriceSource = z.infer<typeof tonPriceSourceSchema>;

/**
 * `GET /api/ton/price`: the last good price of one TON, or `available: false` with nulls (the
 * service is off or has never answered) — never a made-up figure. `stale`: older than
 * TON_PRICE_STALE_MS (the service stopped answering); `updatedAt` is when the source priced it.
 */
export const tonPriceSchema = z.object({
  available: z.boolean(),
  usd: tonFiatPriceSchema.nullable(),
  eur: tonFiatPriceSchema.nullable(),
  updatedAt: z.string().nullable(),
  source: tonPriceSourceSchema.nullable(),
  stale: z.boolean(),
});
export type TonPrice = z.infer<typeof tonPriceSchema>;

/** Dev-only routes of the simulated chain. */
export const devChainTransferBodySchema = z
  .object({
    from: tonAddressSchema,
    to: tonAddressSchema,
    amountTon: z.string().regex(/^\d{1,9}(?:\.\d{1,9})?$/, "must be a TON amount"),
    comment: z.string().max(120).optional(),
    /** A TON Connect message's payload: base64 BoC of a text-comment cell, read by the server. */
    payload: base64(1_024).min(4).optional(),
  })
  .refine(
    (body) => body.comment === undefined || body.payload === undefined,
    "give the comment or the payload, not both",
  );
export const devChainTransferSchema = z.object({ hash: z.string(), lt: z.string() });
/** `POST /api/dev/chain/wallet`: the dev wallet's ed25519 public key (hex). */
export const devChainWalletBodySchema = z.object({
  publicKey: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 32 bytes in hex"),
});
/** A wallet v4R2 for that key: its address (raw and user-friendly) and state init (base64 BoC). */
export const devChainWalletSchema = z.object({
  address: z.string(),
  friendlyAddress: z.string(),
  stateInit: z.string(),
});
export type DevChainWallet = z.infer<typeof devChainWalletSchema>;
export const devChainAccountParamsSchema = z.object({ address: tonAddressSchema });
export const devChainAccountSchema = z.object({
  address: z.string(),
  balanceTon: z.string(),
  jettons: z.record(z.string(), z.string()),
});
export type DevChainTransferBody = z.infer<typeof devChainTransferBodySchema>;
export type DevChainAccount = z.infer<typeof devChainAccountSchema>;
