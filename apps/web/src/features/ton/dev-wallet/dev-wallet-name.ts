/** The dev wallet's name, for screens that show it before its bridge has loaded. */
export const DEV_WALLET_NAME = "FRE Dev Wallet";
/** The key the dev wallet's bridge sits at (window.freDevWallet), and its app name. */
export const DEV_WALLET_BRIDGE_KEY = "freDevWallet";
