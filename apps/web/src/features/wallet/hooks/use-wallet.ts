import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ledgerQueryOptions, walletQueryOptions } from "../api/wallet-api";

export function useWallet() {
  return useQuery(walletQueryOptions());
}

export function useLedger() {
  return useInfiniteQuery(ledgerQueryOptions());
}
