import type { ShopItem, ShopOrder } from "@fre/shared";
import { useTonWallet } from "@tonconnect/ui-react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { trimTon } from "../../../lib/ton-format";
import { useLanguage } from "../../../lib/use-language";
import { TonFiatEquivalent } from "../../ton";
import { useOrder } from "../api/use-shop";
import { amountDue } from "../shop-logic";
import { CopyField } from "./copy-field";
import { useItemName } from "./shop-item-card";

export type SendState = "idle" | "sending" | "sent" | "cancelled" | "failed";

/** One order from creation to paid / underpaid / expired, polled while it waits for TON. */
export function OrderPanel({
  orderId,
  item,
  send,
  onPay,
  onClose,
}: {
  orderId: string;
  item: ShopItem | undefined;
  send: SendState;
  onPay: (order: ShopOrder) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("shop");
  const { language } = useLanguage();
  const wallet = useTonWallet();
  const itemName = useItemName();
  const query = useOrder(orderId);
  const order = query.data;
  if (!order) {
    return (
      <div className="flex justify-center py-4">
        <Spinner />
      </div>
    );
  }
  const name = item ? itemName(item) : order.itemId;
  const due = trimTon(amountDue(order));
  const open = order.status === "pending" || order.status === "underpaid";
  // The server knows a payment from the app is on its way (it survives a reload): no second one.
  const inFlight = open && send !== "sending" && order.paymentInFlightUntil !== null;

  return (
    <section
      aria-labelledby="order-title"
      data-testid="shop-order"
      data-status={order.status}
      className="grid gap-4 rounded-3xl border border-amber-300/40 bg-night-850 p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="order-title" className="text-lg font-bold text-white">
          {t("order.title", { name })}
        </h2>
        <span className="rounded-full bg-night-800 px-3 py-1 text-xs font-semibold text-slate-200">
          {inFlight ? t("order.inFlight") : t(`order.status.${order.status}`)}
        </span>
      </div>

      {order.status === "paid" && (
        <Alert tone="success">
          <p data-testid="shop-order-paid">
            {t("order.paid", {
              rate: item ? formatFreSafe(item.rateBonus, language, "rate") : "",
            })}
          </p>
        </Alert>
      )}
      {order.status === "expired" && (
        <Alert tone="error">
          <p>{t("order.expired")}</p>
        </Alert>
      )}
      {order.status === "underpaid" && (
        <Alert tone="error">
          <p data-testid="shop-order-underpaid">
            {t("order.underpaid", { received: trimTon(order.receivedTon), due })}
          </p>
        </Alert>
      )}

      {open && (
        <>
          <p className="text-sm text-slate-300">
            {t("order.waiting", {
              price: due,
              time: formatDateTime(order.expiresAt, language),
            })}{" "}
            <TonFiatEquivalent ton={due} />
          </p>
          <div aria-live="polite" className="grid gap-2">
            {send === "sending" && (
              <p className="flex items-center gap-2 text-sm text-slate-300">
                <Spinner className="size-4" /> {t("order.sending")}
              </p>
            )}
            {inFlight && (
              <p
                className="flex items-center gap-2 text-sm text-sky-100"
                data-testid="shop-payment-in-flight"
              >
                <Spinner className="size-4 shrink-0" />
                <span>
                  <strong className="font-semibold">{t("order.inFlight")}</strong> —{" "}
                  {t("order.sent")}
                </span>
              </p>
            )}
            {!inFlight && send === "cancelled" && <Alert tone="info">{t("order.cancelled")}</Alert>}
            {!inFlight && send === "failed" && <Alert tone="error">{t("order.sendFailed")}</Alert>}
          </div>
          {wallet ? (
            send !== "sending" &&
            !inFlight && (
              // The server's transaction asks for what is still due (the rest after an underpayment).
              <Button onClick={() => onPay(order)}>
                {t("order.payWithWallet", { price: due })}
              </Button>
            )
          ) : (
            <p className="text-sm text-slate-300">{t("order.connectFirst")}</p>
          )}
          <details className="rounded-2xl border border-night-700 p-3">
            <summary className="cursor-pointer text-sm font-semibold text-slate-100">
              {t("order.manual")}
            </summary>
            <div className="mt-3 grid gap-3">
              <p className="text-sm text-slate-300">{t("order.manualHint", { price: due })}</p>
              <CopyField label={t("order.payTo")} value={order.payTo} testId="shop-pay-to" />
              <CopyField label={t("order.comment")} value={order.comment} testId="shop-comment" />
              <p className="text-xs text-muted">{t("order.manualWarning")}</p>
            </div>
          </details>
        </>
      )}

      {!open && (
        <Button variant="secondary" onClick={onClose}>
          {t("order.close")}
        </Button>
      )}
    </section>
  );
}
