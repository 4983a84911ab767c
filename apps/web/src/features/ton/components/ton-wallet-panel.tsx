import { useEffect, useRef } from "react";
import { useTonLink } from "../hooks/use-ton-link";
import { useTonConfig } from "../ton-config-context";
import { TonWalletView } from "./ton-wallet-view";

/** What the user asked of the card before the widget had loaded, done once it has. */
export type TonWalletAction = "connect" | "connectDevWallet" | "disconnect";

/** The wallet link through the widget (inside TonConnectScope). */
export function TonWalletPanel({ initialAction }: { initialAction?: TonWalletAction | null }) {
  const config = useTonConfig();
  const link = useTonLink();
  const done = useRef(false);
  const { connect, connectDevWallet, disconnect } = link;

  useEffect(() => {
    if (!initialAction || done.current) return;
    done.current = true;
    if (initialAction === "connect") connect();
    else if (initialAction === "connectDevWallet") void connectDevWallet();
    else void disconnect();
  }, [initialAction, connect, connectDevWallet, disconnect]);

  return (
    <TonWalletView
      linked={link.linked}
      isConnected={link.isConnected}
      status={link.status}
      message={link.message}
      devWallet={config.devWallet}
      connect={connect}
      connectDevWallet={() => void connectDevWallet()}
      disconnect={disconnect}
    />
  );
}
