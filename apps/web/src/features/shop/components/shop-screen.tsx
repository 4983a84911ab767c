import type { ShopItem, ShopOrder } from "@fre/shared";
import { UserRejectsError, useTonConnectUI } from "@tonconnect/ui-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { QueryState } from "../../../components/ui/query-state";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { LazyTonWalletPanel, TonPriceNote } from "../../ton";
import { useCreateOrder, useMyOrders, useShop } from "../hooks/use-shop";
import { openOrderOf } from "../shop-logic";
import { OrderPanel, type SendState } from "./order-panel";
import { ShopItemCard } from "./shop-item-card";

/** The shop inside the wallet widget's scope: items, the wallet, and the order being paid. */
export function ShopScreen() {
  const { t } = useTranslation("shop");
  const { t: tt } = useTranslation("ton");
  const [tonConnectUI] = useTonConnectUI();
  const shop = useShop();
  const orders = useMyOrders();
  const create = useCreateOrder();
  const [current, setCurrent] = useState<{ id: string; itemId: string } | null>(null);
  const [send, setSend] = useState<SendState>("idle");
  const [buyError, setBuyError] = useState<string | null>(null);

  // After a reload, the order still waiting for TON comes back.
  const resumable = orders.data ? openOrderOf(orders.data.items) : null;
  useEffect(() => {
    if (current === null && resumable) setCurrent({ id: resumable.id, itemId: resumable.itemId });
  }, [current, resumable]);

  const pay = async (transaction: ShopOrder["transaction"]) => {
    setSend("sending");
    try {
      // Our own texts say "sent" / "cancelled"; the widget keeps its "confirm in your wallet".
      await tonConnectUI.sendTransaction(transaction, { notifications: [] });
      setSend("sent");
    } catch (error) {
      setSend(error instanceof UserRejectsError ? "cancelled" : "failed");
    }
  };

  const buy = async (item: ShopItem) => {
    setBuyError(null);
    setSend("idle");
    try {
      const order = await create.mutateAsync(item.id);
      setCurrent({ id: order.id, itemId: order.itemId });
      if (tonConnectUI.connected) await pay(order.transaction);
    } catch (error) {
      setBuyError(isApiError(error) ? error.message : t("errors.buy"));
    }
  };

  return (
    <QueryState query={shop} error={t("errors.load")}>
      {(data) => {
        const packs = data.items.filter((item) => item.kind === "pack");
        const boxes = data.items.filter((item) => item.kind === "box");
        const active = data.items.find((item) => item.id === current?.itemId);
        return (
          <div className="grid gap-6">
            <section
              aria-labelledby="shop-wallet-title"
              className="grid gap-3 rounded-3xl border border-night-700 bg-night-850 p-5"
            >
              <h2 id="shop-wallet-title" className="text-lg font-bold text-white">
                {tt("card.title")}
              </h2>
              <Suspense fallback={<Spinner />}>
                <LazyTonWalletPanel />
              </Suspense>
            </section>

            {buyError && <Alert tone="error">{buyError}</Alert>}
            {current && (
              <OrderPanel
                orderId={current.id}
                item={active}
                send={send}
                onPay={(transaction) => void pay(transaction)}
                onClose={() => {
                  setCurrent(null);
                  setSend("idle");
                }}
              />
            )}

            <TonPriceNote />
            {(["packs", "boxes"] as const).map((kind) => (
              <section key={kind} aria-labelledby={`shop-${kind}-title`} className="grid gap-3">
                <h2 id={`shop-${kind}-title`} className="text-lg font-bold text-white">
                  {t(`${kind}.title`)}
                </h2>
                <p className="text-sm text-slate-300">{t(`${kind}.hint`)}</p>
                <ul className="grid gap-3">
                  {(kind === "packs" ? packs : boxes).map((item) => (
                    <ShopItemCard
                      key={item.id}
                      item={item}
                      shop={data}
                      busy={create.isPending || current !== null}
                      onBuy={(chosen) => void buy(chosen)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        );
      }}
    </QueryState>
  );
}
