// The heavy half of the wallet feature: the official widget and, on the simulated chain, the
// in-page dev wallet. Loaded only by TonConnectScope (never by the landing's bundle).

import type { TonConfig } from "@fre/shared";
import { THEME, TonConnectUIProvider, useTonConnectUI } from "@tonconnect/ui-react";
import { type ReactNode, useEffect } from "react";
import { widgetLanguage } from "../../lib/ton-format";
import { useLanguage } from "../../lib/use-language";
import { miniAppTonActions } from "../telegram";
import { createDevWallet, devTransfer } from "./api/ton-api";
import {
  createDevWalletBridge,
  DEV_WALLET_BRIDGE_KEY,
  devWalletInfo,
} from "./dev-wallet/dev-wallet-bridge";
import { askDevWalletConfirm, DevWalletConfirm } from "./dev-wallet/dev-wallet-confirm";
import { webCryptoKeys, webCryptoSha256 } from "./dev-wallet/dev-wallet-keys";
import { TonConfigContext } from "./ton-config-context";

/**
 * Puts the dev wallet at window.freDevWallet before the widget starts (the widget restores a
 * stored connection at once). Only when the server offers it: simulated chain and DEV_ROUTES.
 */
export function installDevWallet(config: TonConfig): void {
  if (!config.devWallet) return;
  const host = window as unknown as Record<string, unknown>;
  if (host[DEV_WALLET_BRIDGE_KEY]) return;
  host[DEV_WALLET_BRIDGE_KEY] = {
    tonconnect: createDevWalletBridge({
      network: config.network,
      storage: window.localStorage,
      keys: webCryptoKeys,
      sha256: webCryptoSha256,
      createWallet: createDevWallet,
      transfer: devTransfer,
      confirm: askDevWalletConfirm,
      now: () => Date.now(),
      origin: window.location.origin,
    }),
  };
}

/**
 * The app is dark only (index.html's color-scheme), whatever the device's setting: the wallet
 * window opens in the same dark theme rather than a white sheet over the app.
 */
const WIDGET_UI = { theme: THEME.DARK } as const;

/** The widget is one instance for the whole tab: a later language change goes through here. */
function WidgetOptionsSync({ language }: { language: "ru" | "en" }) {
  const [, setOptions] = useTonConnectUI();
  useEffect(() => {
    setOptions({ language, uiPreferences: WIDGET_UI });
  }, [setOptions, language]);
  return null;
}

let preparedConfig: TonConfig | null = null;

/** Keeps the server's chain facts for the widget and installs the dev wallet if offered. */
export function prepareTonConnect(config: TonConfig): void {
  preparedConfig = config;
  installDevWallet(config);
}

/** TonConnectRoot with the facts given to prepareTonConnect (what TonConnectScope renders). */
export function PreparedTonConnectRoot({ children }: { children: ReactNode }) {
  if (!preparedConfig) throw new Error("prepareTonConnect first");
  return <TonConnectRoot config={preparedConfig}>{children}</TonConnectRoot>;
}

export function TonConnectRoot({ config, children }: { config: TonConfig; children: ReactNode }) {
  const { language } = useLanguage();
  const origin = window.location.origin;
  const widgetLang = widgetLanguage(language);
  return (
    <TonConfigContext.Provider value={config}>
      <TonConnectUIProvider
        manifestUrl={`${origin}/tonconnect-manifest.json`}
        language={widgetLang}
        uiPreferences={WIDGET_UI}
        analytics={{ mode: "off" }}
        // Inside Telegram: back to the Mini App from the wallet app.
        actionsConfiguration={miniAppTonActions()}
        walletsListConfiguration={
          config.devWallet ? { includeWallets: [devWalletInfo(origin)] } : undefined
        }
      >
        <WidgetOptionsSync language={widgetLang} />
        {children}
        {config.devWallet && <DevWalletConfirm />}
      </TonConnectUIProvider>
    </TonConfigContext.Provider>
  );
}
