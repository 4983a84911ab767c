import type { Shop, ShopItem } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { trimTon } from "../../../lib/ton-format";
import { useLanguage } from "../../../lib/use-language";
import { TonFiatEquivalent } from "../../ton";
import { itemAvailability } from "../shop-logic";

/** "Pack FRE1" (the packs' product names are their ids, spec §9), "Boîte de 7 jours". */
export function useItemName() {
  const { t } = useTranslation("shop");
  return (item: Pick<ShopItem, "id" | "kind" | "durationDays">) =>
    item.kind === "pack"
      ? t("item.packName", { pack: item.id })
      : t("item.boxName", { days: item.durationDays ?? 0 });
}

export function ShopItemCard({
  item,
  shop,
  busy,
  onBuy,
}: {
  item: ShopItem;
  shop: Shop;
  busy: boolean;
  onBuy: (item: ShopItem) => void;
}) {
  const { t } = useTranslation("shop");
  const { language } = useLanguage();
  const name = useItemName()(item);
  const availability = itemAvailability(item, shop);
  const titleId = `shop-item-${item.id}`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid={`shop-item-${item.id}`}
      className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-bold text-white">
            {name}
          </h3>
          <p className="text-sm font-semibold text-amber-300">
            {t("item.bonus", { rate: formatFreSafe(item.rateBonus, language, "rate") })}
          </p>
        </div>
        <p className="grid shrink-0 justify-items-end text-lg font-extrabold tabular-nums text-white">
          {t("item.price", { price: trimTon(item.priceTon) })}
          <TonFiatEquivalent ton={item.priceTon} />
        </p>
      </div>
      {availability.state === "owned" && (
        <p className="text-sm font-semibold text-emerald-300" data-testid="shop-item-owned">
          ✓ {t("item.owned")}
        </p>
      )}
      {availability.state === "running" && (
        <p className="text-sm font-semibold text-emerald-300">
          {t("item.running", { date: formatDateTime(availability.until, language) })}
        </p>
      )}
      {availability.state === "blocked" && (
        <p className="text-sm text-slate-300">
          {t("item.blocked", { date: formatDateTime(availability.until, language) })}
        </p>
      )}
      {availability.state === "disabled" && (
        <p className="text-sm text-slate-300">{t("item.disabled")}</p>
      )}
      {availability.state === "buyable" && (
        <Button onClick={() => onBuy(item)} disabled={busy} aria-describedby={titleId}>
          {t("item.buy")}
        </Button>
      )}
    </li>
  );
}
