export { TonFiatEquivalent, TonPriceNote } from "./components/ton-price-note";
export { LazyTonWalletPanel, TonWalletCard } from "./components/ton-wallet-card";
export { DEV_WALLET_BRIDGE_KEY } from "./dev-wallet/dev-wallet-name";
export { useTonConfig } from "./ton-config-context";
export { TonConnectScope } from "./ton-connect-scope";
