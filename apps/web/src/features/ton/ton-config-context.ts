import type { TonConfig } from "@fre/shared";
import { createContext, useContext } from "react";

export const TonConfigContext = createContext<TonConfig | null>(null);

/** The chain facts the server gave (inside TonConnectScope only). */
export function useTonConfig(): TonConfig {
  const config = useContext(TonConfigContext);
  if (!config) throw new Error("useTonConfig outside TonConnectScope");
  return config;
}
