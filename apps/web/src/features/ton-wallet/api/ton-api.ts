import type {
  DevChainAccount,
  DevChainWallet,
  LinkTonWalletBody,
  TonConfig,
  TonProofPayload,
  TonWallet,
} from "@fre/shared";
import { api } from "../../../lib/api-client";

export const tonQueryKeys = {
  config: ["ton", "config"] as const,
  devAccount: (address: string) => ["ton", "dev-account", address] as const,
};

export const fetchTonConfig = (signal?: AbortSignal) =>
  api.get<TonConfig>("/api/ton/config", signal);
export const fetchProofPayload = () => api.get<TonProofPayload>("/api/ton/proof-payload");
export const linkTonWallet = (body: LinkTonWalletBody) =>
  api.post<TonWallet>("/api/ton/wallet", body);
export const unlinkTonWallet = () => api.delete<null>("/api/ton/wallet");

// Simulated chain only (DEV_ROUTES): the dev wallet's address and its payments.
export const createDevWallet = (publicKey: string) =>
  api.post<DevChainWallet>("/api/dev/chain/wallet", { publicKey });
export const fetchDevAccount = (address: string) =>
  api.get<DevChainAccount>(`/api/dev/chain/accounts/${encodeURIComponent(address)}`);
export const devTransfer = (body: {
  from: string;
  to: string;
  amountTon: string;
  payload?: string;
}) => api.post<{ hash: string; lt: string }>("/api/dev/chain/transfer", body);
