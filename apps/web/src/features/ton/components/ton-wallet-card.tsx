import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";
import { useMe } from "../../../lib/session";
import { subscribeNever } from "../../../lib/ssr-state";
import { tonConfigQueryOptions } from "../api/ton-api";
import { TonConnectScope } from "../ton-connect-scope";
import type { TonWalletAction } from "./ton-wallet-panel";
import { TonWalletView } from "./ton-wallet-view";

/** The wallet panel, loaded when first shown (the shop shows it too, through index.ts). */
export const LazyTonWalletPanel = lazy(() =>
  import("./ton-wallet-panel").then((m) => ({ default: m.TonWalletPanel })),
);

const cardClasses = "grid gap-3 rounded-3xl border border-night-700 bg-night-850 p-5";

/** Where the widget keeps a wallet connection between visits (@tonconnect/sdk). */
const CONNECTION_KEY = "ton-connect-storage_bridge-connection";

/** A wallet connected on an earlier visit: the widget restores it (and pays with it) at once. */
function hasStoredConnection(): boolean {
  try {
    return window.localStorage.getItem(CONNECTION_KEY) !== null;
  } catch {
    return false;
  }
}

const Loading = () => (
  <div className="flex justify-center py-6">
    <Spinner />
  </div>
);

/**
 * The card before the widget: the same states from the account alone (a linked wallet is not
 * connected in this browser). The widget (128 KB) loads when the user asks for something.
 */
function LightPanel({ onAction }: { onAction: (action: TonWalletAction) => void }) {
  const me = useMe();
  const config = useQuery(tonConfigQueryOptions());
  // Either failing: the widget's scope shows its own error and retry.
  if (me.isError || config.isError) {
    return (
      <TonConnectScope>
        <LazyTonWalletPanel />
      </TonConnectScope>
    );
  }
  if (!me.data || !config.data) return <Loading />;
  return (
    <TonWalletView
      linked={me.data.tonWallet ?? null}
      isConnected={false}
      status="idle"
      message={null}
      devWallet={config.data.devWallet}
      connect={() => onAction("connect")}
      connectDevWallet={() => onAction("connectDevWallet")}
      disconnect={async () => onAction("disconnect")}
    />
  );
}

function CardContent() {
  const { t } = useTranslation("ton");
  // A server-drawn page cannot know the browser's storage: the light card there, the widget
  // right after hydration when a connection is stored.
  const stored = useSyncExternalStore(subscribeNever, hasStoredConnection, () => false);
  const [asked, setAsked] = useState(false);
  const active = asked || stored;
  const [action, setAction] = useState<TonWalletAction | null>(null);
  return (
    <section
      aria-labelledby="ton-wallet-title"
      className={cardClasses}
      data-testid="ton-wallet-card"
    >
      <h2 id="ton-wallet-title" className="text-lg font-bold text-white">
        {t("card.title")}
      </h2>
      {active ? (
        <TonConnectScope>
          <LazyTonWalletPanel initialAction={action} />
        </TonConnectScope>
      ) : (
        <LightPanel
          onAction={(next) => {
            setAction(next);
            setAsked(true);
          }}
        />
      )}
    </section>
  );
}

/**
 * The TON wallet card for /wallet and /contest: its catalog first; the widget and the dev
 * wallet when the user acts on the card (or at once when a wallet is connected in this browser).
 */
export function TonWalletCard() {
  return (
    <Suspense
      fallback={
        <div className={`${cardClasses} justify-items-center`}>
          <Spinner />
        </div>
      }
    >
      <CardContent />
    </Suspense>
  );
}
