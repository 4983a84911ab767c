export { LazyTonWalletPanel, TonWalletCard } from "./components/ton-wallet-card";
export { useTonConfig } from "./ton-config-context";
export { TonConnectScope } from "./ton-connect-scope";
