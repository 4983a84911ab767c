import type { ShopItem, ShopOrder } from "@fre/shared";
import { TonConnectUIError, UserRejectsError, useTonConnectUI } from "@tonconnect/ui-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { QueryState } from "../../../components/ui/query-state";
import { Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { DEV_WALLET_BRIDGE_KEY, LazyTonWalletPanel, TonPriceNote } from "../../ton";
import { useCreateOrder, useMyOrders, useOrderPayment, useShop } from "../api/use-shop";
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

  const payment = useOrderPayment();

  /**
   * Pays an order from the wallet (decision 0059). The server first marks the payment on its way
   * (refused while one already is: a double tap, another tab), so the order shows « Paiement en
   * cours » and offers no second payment, even after a reload. Only the wallet's own answer
   * (refused, failed) lifts the mark early; the widget giving up waiting (its modal closed) says
   * nothing about the payment, which may well be on its way: the mark stays until it lapses.
   */
  const pay = async (order: ShopOrder) => {
    setSend("sending");
    let started: ShopOrder;
    try {
      started = await payment.start(order.id);
    } catch (error) {
      if (isApiError(error, "PAYMENT_IN_FLIGHT")) setSend("sent");
      else setSend("failed");
      return;
    }
    // The in-page dev wallet shows its own confirm dialog: the widget's "confirm in your wallet"
    // modal underneath would close on that dialog's click and stop waiting for the answer.
    const devWallet = tonConnectUI.wallet?.device.appName === DEV_WALLET_BRIDGE_KEY;
    try {
      // Our own texts say "on its way" / "cancelled"; the widget keeps its "confirm in your wallet".
      await tonConnectUI.sendTransaction(started.transaction, {
        notifications: [],
        ...(devWallet ? { modals: [] } : {}),
      });
      setSend("sent");
    } catch (error) {
      if (error instanceof TonConnectUIError && !(error instanceof UserRejectsError)) {
        setSend("sent");
        return;
      }
      // The wallet answered: nothing was sent.
      setSend(error instanceof UserRejectsError ? "cancelled" : "failed");
      await payment.cancel(order.id);
    }
  };

  const buy = async (item: ShopItem) => {
    setBuyError(null);
    setSend("idle");
    try {
      const order = await create.mutateAsync(item.id);
      setCurrent({ id: order.id, itemId: order.itemId });
      if (tonConnectUI.connected) await pay(order);
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
                onPay={(order) => void pay(order)}
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
