import {
  devChainAccountParamsSchema,
  devChainAccountSchema,
  devChainTransferBodySchema,
  devChainTransferSchema,
  devChainWalletBodySchema,
  devChainWalletSchema,
  linkTonWalletBodySchema,
  tonConfigSchema,
  tonConnectManifestSchema,
  tonPriceSchema,
  tonProofPayloadSchema,
  tonWalletSchema,
} from "../schemas/ton.ts";
import { defineContracts, route } from "./contract.ts";

const USER_ERRORS = [400, 401, 404, 409, 429] as const;

/**
 * The ton module's routes (apps/server/src/modules/ton): the user's wallet link, TON Connect's
 * manifest and chain facts, and the simulated chain's dev controls (registered in the dev
 * scope, loopback callers only).
 */
export const tonContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/ton/proof-payload",
    access: "user",
    tag: "ton",
    summary: "A single-use ton_proof challenge for the wallet to sign",
    response: tonProofPayloadSchema,
    errors: USER_ERRORS,
  }),
  route({
    method: "POST",
    path: "/api/ton/wallet",
    access: "user",
    tag: "ton",
    summary: "Links the wallet its ton_proof proves",
    body: linkTonWalletBodySchema,
    response: tonWalletSchema,
    errors: USER_ERRORS,
  }),
  route({
    method: "DELETE",
    path: "/api/ton/wallet",
    access: "user",
    tag: "ton",
    response: null,
    errors: USER_ERRORS,
  }),
  route({
    method: "GET",
    path: "/tonconnect-manifest.json",
    access: "public",
    tag: "ton",
    summary: "TON Connect app manifest (wallets fetch it; any origin may read it)",
    response: tonConnectManifestSchema,
    errors: [],
  }),
  route({
    method: "GET",
    path: "/api/ton/config",
    access: "public",
    tag: "ton",
    summary: "The chain FRE talks to and whether the in-page dev wallet is offered",
    response: tonConfigSchema,
    errors: [429],
  }),
  route({
    method: "GET",
    path: "/api/ton/price",
    access: "public",
    tag: "ton",
    summary: "The last good price of one TON in USD and EUR (or available: false), with its age",
    response: tonPriceSchema,
    errors: [429],
  }),
  route({
    method: "POST",
    path: "/api/dev/chain/transfer",
    access: "public",
    tag: "dev",
    summary: "Moves simulated TON with a text comment (DEV_ROUTES, simulated chain only)",
    body: devChainTransferBodySchema,
    response: devChainTransferSchema,
    errors: [400, 409],
  }),
  route({
    method: "POST",
    path: "/api/dev/chain/wallet",
    access: "public",
    tag: "dev",
    summary: "The wallet v4R2 of an ed25519 key: address and state init (the dev wallet)",
    body: devChainWalletBodySchema,
    response: devChainWalletSchema,
    errors: [400],
  }),
  route({
    method: "GET",
    path: "/api/dev/chain/accounts/:address",
    access: "public",
    tag: "dev",
    summary: "A simulated account's TON and jetton balances (DEV_ROUTES, simulated only)",
    params: devChainAccountParamsSchema,
    response: devChainAccountSchema,
    errors: [400],
  }),
]);
