import {
  type AdminShopPayment,
  parseTypedAmount,
  SHOP_ORDER_STATUSES,
  type ShopItem,
} from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { inputClasses } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { shortAddress, trimTon } from "../../../lib/ton-format";
import { useLanguage } from "../../../lib/use-language";
import {
  type AdminOrderFilters,
  adminItemsQueryOptions,
  adminOrdersQueryOptions,
  unresolvedPaymentsQueryOptions,
} from "../api/shop-api";
import { useResolvePayment, useUpdateAdminItem } from "../api/use-shop";
import { useItemName } from "../components/shop-item-card";

const cell = "px-2 py-2 text-left align-top";

/** A price as typed (« 1,5 », « 1 000 ») in the API's form; the server refuses one it cannot read. */
export function priceBodyOf(typed: string): { priceTon: string } {
  const parsed = parseTypedAmount(typed, { allowZero: false, wholeDigits: 6 });
  return { priceTon: parsed.ok ? parsed.value : typed.trim() };
}
const sectionClasses = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4";

function ItemRow({ item }: { item: ShopItem }) {
  const { t } = useTranslation("shop");
  const { language } = useLanguage();
  const name = useItemName()(item);
  const [price, setPrice] = useState(trimTon(item.priceTon));
  const save = useUpdateAdminItem(item.id);
  const priceId = useId();
  return (
    <tr className="border-t border-night-700" data-testid={`admin-shop-item-${item.id}`}>
      <td className={cell}>
        <span className="font-semibold text-white">{name}</span>
        <span className="block text-xs text-muted">
          {t("item.bonus", { rate: formatFreSafe(item.rateBonus, language, "rate") })}
        </span>
      </td>
      <td className={cell}>
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(priceBodyOf(price));
          }}
        >
          <label htmlFor={priceId} className="sr-only">
            {t("admin.priceOf", { name })}
          </label>
          <input
            id={priceId}
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            aria-describedby={`${priceId}-example`}
            className={`${inputClasses} min-h-9 w-24 px-2 text-sm`}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={save.isPending}>
            {t("admin.save")}
          </Button>
        </form>
        <p id={`${priceId}-example`} className="mt-1 text-xs text-muted">
          <AmountHint />
        </p>
        {save.isError && (
          <p role="alert" className="mt-1 text-xs text-rose-300">
            {isApiError(save.error) ? save.error.message : t("errors.generic")}
          </p>
        )}
      </td>
      <td className={cell}>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-amber-400"
            checked={item.enabled}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ enabled: event.target.checked })}
          />
          {t("admin.enabled")}
        </label>
      </td>
    </tr>
  );
}

function ItemsSection() {
  const { t } = useTranslation("shop");
  const items = useQuery(adminItemsQueryOptions());
  return (
    <section aria-labelledby="admin-shop-items" className={sectionClasses}>
      <h2 id="admin-shop-items" className="text-lg font-bold text-white">
        {t("admin.items")}
      </h2>
      <QueryState query={items} retry="inline">
        {(data) => (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-xs text-muted">
                <tr>
                  <th className={cell}>{t("admin.item")}</th>
                  <th className={cell}>{t("admin.price")}</th>
                  <th className={cell}>{t("admin.sale")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <ItemRow key={`${item.id}-${item.priceTon}`} item={item} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}

function OrdersSection({ itemIds }: { itemIds: string[] }) {
  const { t } = useTranslation("shop");
  const { language } = useLanguage();
  const [filters, setFilters] = useState<AdminOrderFilters>({});
  const orders = useQuery(adminOrdersQueryOptions(filters));
  const statusId = useId();
  const itemId = useId();
  return (
    <section aria-labelledby="admin-shop-orders" className={sectionClasses}>
      <h2 id="admin-shop-orders" className="text-lg font-bold text-white">
        {t("admin.orders")}
      </h2>
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1">
          <label htmlFor={statusId} className="text-xs text-muted">
            {t("admin.status")}
          </label>
          <select
            id={statusId}
            className={`${inputClasses} min-h-9 text-sm`}
            value={filters.status ?? ""}
            onChange={(event) =>
              setFilters((f) => ({
                ...f,
                status: (event.target.value || undefined) as AdminOrderFilters["status"],
              }))
            }
          >
            <ChoiceOptions
              values={SHOP_ORDER_STATUSES}
              label={(status) => t(`order.status.${status}`)}
              any={t("admin.all")}
            />
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={itemId} className="text-xs text-muted">
            {t("admin.item")}
          </label>
          <select
            id={itemId}
            className={`${inputClasses} min-h-9 text-sm`}
            value={filters.itemId ?? ""}
            onChange={(event) =>
              setFilters((f) => ({ ...f, itemId: event.target.value || undefined }))
            }
          >
            <ChoiceOptions values={itemIds} any={t("admin.all")} />
          </select>
        </div>
      </div>
      <QueryState query={orders} retry="inline">
        {(data) => (
          <>
            <p className="text-sm text-slate-200" data-testid="admin-shop-totals">
              {t("admin.totals", { count: data.count, total: trimTon(data.totalPaidTon) })}
            </p>
            {data.items.length === 0 ? (
              <p className="text-sm text-muted">{t("admin.noOrders")}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead className="text-xs text-muted">
                    <tr>
                      <th className={cell}>{t("admin.user")}</th>
                      <th className={cell}>{t("admin.item")}</th>
                      <th className={cell}>{t("admin.amounts")}</th>
                      <th className={cell}>{t("admin.status")}</th>
                      <th className={cell}>{t("admin.date")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((order) => (
                      <tr key={order.id} className="border-t border-night-700">
                        <td className={cell}>{order.nickname}</td>
                        <td className={cell}>{order.itemId}</td>
                        <td className={`${cell} tabular-nums`}>
                          {trimTon(order.receivedTon)} / {trimTon(order.priceTon)} TON
                        </td>
                        <td className={cell}>{t(`order.status.${order.status}`)}</td>
                        <td className={cell}>{formatDateTime(order.createdAt, language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function ResolutionForm({ payment }: { payment: AdminShopPayment }) {
  const { t } = useTranslation("shop");
  const [resolution, setResolution] = useState<"granted" | "refunded">(
    payment.orderId ? "granted" : "refunded",
  );
  const [orderId, setOrderId] = useState(payment.orderId ?? "");
  const [reason, setReason] = useState("");
  const resolve = useResolvePayment(payment.txHash);
  const ids = { resolution: useId(), order: useId(), reason: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate({
      resolution,
      reason: reason.trim(),
      ...(resolution === "granted" && orderId.trim() ? { orderId: orderId.trim() } : {}),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2 border-t border-night-700 pt-3">
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1">
          <label htmlFor={ids.resolution} className="text-xs text-muted">
            {t("admin.resolution")}
          </label>
          <select
            id={ids.resolution}
            className={`${inputClasses} min-h-9 text-sm`}
            value={resolution}
            onChange={(event) => setResolution(event.target.value as "granted" | "refunded")}
          >
            <option value="granted">{t("admin.grant")}</option>
            <option value="refunded">{t("admin.refunded")}</option>
          </select>
        </div>
        {resolution === "granted" && (
          <div className="grid min-w-0 flex-1 gap-1">
            <label htmlFor={ids.order} className="text-xs text-muted">
              {t("admin.orderId")}
            </label>
            <input
              id={ids.order}
              value={orderId}
              onChange={(event) => setOrderId(event.target.value)}
              className={`${inputClasses} min-h-9 font-mono text-xs`}
            />
          </div>
        )}
      </div>
      <label htmlFor={ids.reason} className="text-xs text-muted">
        {t("admin.reason")}
      </label>
      <textarea
        id={ids.reason}
        required
        minLength={3}
        maxLength={500}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className={`${inputClasses} min-h-16 py-2 text-sm`}
      />
      {resolve.isError && (
        <p role="alert" className="text-sm text-rose-300">
          {isApiError(resolve.error) ? resolve.error.message : t("errors.generic")}
        </p>
      )}
      <Button type="submit" size="sm" disabled={resolve.isPending || reason.trim().length < 3}>
        {t("admin.resolve")}
      </Button>
    </form>
  );
}

function PaymentsSection() {
  const { t } = useTranslation("shop");
  const { language } = useLanguage();
  const payments = useQuery(unresolvedPaymentsQueryOptions());
  return (
    <section aria-labelledby="admin-shop-payments" className={sectionClasses}>
      <h2 id="admin-shop-payments" className="text-lg font-bold text-white">
        {t("admin.payments")}
      </h2>
      <p className="text-sm text-slate-300">{t("admin.paymentsHint")}</p>
      <QueryState
        query={payments}
        retry="inline"
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-sm text-muted">{t("admin.noPayments")}</p>}
      >
        {(data) => (
          <ul className="grid gap-3">
            {data.items.map((payment) => (
              <li
                key={payment.txHash}
                className="grid gap-2 rounded-xl border border-night-700 p-3"
                data-testid="admin-shop-payment"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="rounded-full bg-rose-500/15 px-2 py-0.5 text-xs font-semibold text-rose-200">
                    {t(`admin.outcome.${payment.outcome}`)}
                  </span>
                  <span className="font-semibold tabular-nums text-white">
                    {trimTon(payment.amountTon)} TON
                  </span>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                  <dt className="text-muted">{t("admin.from")}</dt>
                  <dd className="font-mono">{shortAddress(payment.source)}</dd>
                  <dt className="text-muted">{t("order.comment")}</dt>
                  <dd className="break-all font-mono">{payment.comment ?? "—"}</dd>
                  <dt className="text-muted">{t("admin.user")}</dt>
                  <dd>{payment.nickname ?? "—"}</dd>
                  <dt className="text-muted">{t("admin.date")}</dt>
                  <dd>{formatDateTime(payment.receivedAt, language)}</dd>
                </dl>
                <ResolutionForm payment={payment} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** /admin/shop: prices and sale of each item, orders with totals, payments awaiting a decision. */
export function AdminShopPage() {
  const { t } = useTranslation("admin");
  const items = useQuery(adminItemsQueryOptions());
  const title = t("pages.shop");
  return (
    <div className="grid gap-6">
      <PageTitle title={title}>{title}</PageTitle>
      <ItemsSection />
      <OrdersSection itemIds={items.data?.items.map((item) => item.id) ?? []} />
      <PaymentsSection />
      {items.isError && <Alert tone="error">{items.error.message}</Alert>}
    </div>
  );
}
