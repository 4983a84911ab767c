/** The dev wallet's name, for screens that show it before its bridge has loaded. */
export const DEV_WALLET_NAME = "FRE Dev Wallet";
