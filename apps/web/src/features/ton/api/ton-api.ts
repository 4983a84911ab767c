import type { DevChainTransferBody, LinkTonWalletBody } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const tonKeys = {
  all: ["ton"] as const,
  config: () => [...tonKeys.all, "config"] as const,
  devAccount: (address: string) => [...tonKeys.all, "dev-account", address] as const,
  price: () => [...tonKeys.all, "price"] as const,
};

export const fetchTonConfig = (signal?: AbortSignal) =>
  api.call("GET /api/ton/config", undefined, signal);

/** The server's chain facts: they do not change while the page lives. */
export const tonConfigQueryOptions = () =>
  queryOptions({
    queryKey: tonKeys.config(),
    queryFn: ({ signal }) => fetchTonConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** How often an open screen asks for the TON price again (the server refreshes it every 5 min). */
export const TON_PRICE_POLL_MS = 5 * 60_000;

/** The TON price: the server's figure changes every 5 minutes at most. */
export const tonPriceQueryOptions = () =>
  queryOptions({
    queryKey: tonKeys.price(),
    queryFn: ({ signal }) => api.call("GET /api/ton/price", undefined, signal),
    staleTime: 60_000,
    refetchInterval: TON_PRICE_POLL_MS,
  });

export const fetchProofPayload = () => api.call("GET /api/ton/proof-payload");
export const linkTonWallet = (body: LinkTonWalletBody) =>
  api.call("POST /api/ton/wallet", { body });
export const unlinkTonWallet = () => api.call("DELETE /api/ton/wallet");

// Simulated chain only (DEV_ROUTES): the dev wallet's address and its payments.
export const createDevWallet = (publicKey: string) =>
  api.call("POST /api/dev/chain/wallet", { body: { publicKey } });
export const devTransfer = (body: DevChainTransferBody) =>
  api.call("POST /api/dev/chain/transfer", { body });

/** A simulated account's balances, read afresh each time the confirm dialog opens. */
export const devAccountQueryOptions = (address: string) =>
  queryOptions({
    queryKey: tonKeys.devAccount(address),
    queryFn: () => api.call("GET /api/dev/chain/accounts/:address", { params: { address } }),
    staleTime: 0,
  });
