import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";
import { TonConnectScope } from "../ton-connect-scope";

const Panel = lazy(() => import("./ton-wallet-panel").then((m) => ({ default: m.TonWalletPanel })));

const cardClasses = "grid gap-3 rounded-3xl border border-night-700 bg-night-850 p-5";

function CardContent() {
  const { t } = useTranslation("ton");
  return (
    <section
      aria-labelledby="ton-wallet-title"
      className={cardClasses}
      data-testid="ton-wallet-card"
    >
      <h2 id="ton-wallet-title" className="text-lg font-bold text-white">
        {t("card.title")}
      </h2>
      <TonConnectScope>
        <Panel />
      </TonConnectScope>
    </section>
  );
}

/**
 * The TON wallet card for /wallet and /contest: its catalog, the widget and the dev wallet load
 * inside it, after the page itself.
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
