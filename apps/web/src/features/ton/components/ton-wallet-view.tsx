import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { copyText } from "../../../lib/clipboard";
import { shortAddress } from "../../../lib/ton-format";
import { DEV_WALLET_NAME } from "../dev-wallet/dev-wallet-name";

export type LinkStatus = "idle" | "verifying" | "declined" | "failed";

export interface TonWalletViewProps {
  linked: { friendlyAddress: string } | null;
  isConnected: boolean;
  status: LinkStatus;
  message: string | null;
  /** The simulated chain's in-page wallet is offered (its own button). */
  devWallet: boolean;
  connect: () => void;
  connectDevWallet: () => void;
  disconnect: () => Promise<void>;
}

/**
 * The wallet link's states: connect, verifying, declined/refused, linked (copy, disconnect).
 * Markup only: the same before the widget has loaded (TonWalletCard) and with it (the panel).
 */
export function TonWalletView({
  linked,
  isConnected,
  status,
  message,
  devWallet,
  connect,
  connectDevWallet,
  disconnect,
}: TonWalletViewProps) {
  const { t } = useTranslation("ton");
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  const copy = async (address: string) => {
    try {
      await copyText(address);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="grid gap-3" data-testid="ton-wallet-panel">
      {linked ? (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={`size-2.5 rounded-full ${isConnected ? "bg-emerald-400" : "bg-slate-500"}`}
              aria-hidden="true"
            />
            <span className="text-sm text-slate-300">
              {isConnected ? t("card.connected") : t("card.linkedOnly")}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="rounded-lg bg-night-800 px-3 py-2 font-mono text-base text-white"
              title={linked.friendlyAddress}
              data-testid="ton-wallet-address"
            >
              {shortAddress(linked.friendlyAddress)}
            </code>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void copy(linked.friendlyAddress)}
              aria-label={t("card.copy")}
            >
              {copied ? t("card.copied") : t("card.copyShort")}
            </Button>
          </div>
          <span className="sr-only" aria-live="polite">
            {copied ? t("card.copied") : ""}
          </span>
          <div className="flex flex-wrap gap-2">
            {!isConnected && (
              <Button size="sm" onClick={connect}>
                {t("card.reconnect")}
              </Button>
            )}
            <Button
              variant="danger"
              size="sm"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                await disconnect();
                setBusy(false);
              }}
            >
              {t("card.disconnect")}
            </Button>
          </div>
        </div>
      ) : status === "verifying" ? (
        <p className="flex items-center gap-2 text-sm text-slate-300" role="status">
          <Spinner className="size-4" /> {t("card.verifying")}
        </p>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-slate-300">{t("card.intro")}</p>
          <Button onClick={connect}>{t("card.connect")}</Button>
        </div>
      )}

      {(status === "declined" || (status === "failed" && message)) && (
        <Alert tone="error">
          {status === "declined" ? (
            <p>{t("card.declined")}</p>
          ) : (
            <p data-testid="ton-link-error">{message}</p>
          )}
          <Button variant="secondary" size="sm" className="mt-2" onClick={connect}>
            {t("card.retry")}
          </Button>
        </Alert>
      )}

      {devWallet && !isConnected && (
        <div className="grid gap-2 rounded-xl border border-dashed border-sky-400/40 p-3">
          <p className="text-xs text-sky-100">{t("card.devHint", { name: DEV_WALLET_NAME })}</p>
          <Button variant="secondary" size="sm" onClick={connectDevWallet}>
            {t("card.devConnect", { name: DEV_WALLET_NAME })}
          </Button>
        </div>
      )}
    </div>
  );
}
