import { useTranslation } from "react-i18next";
import { groupDigits, numberSymbols } from "../../../lib/number-symbols";
import { formatRelative } from "../../../lib/relative-time";
import { useLanguage } from "../../../lib/use-language";
import { useNow, useTonPrice } from "../hooks/use-ton-price";
import { fiatEquivalent, type TonPriceView } from "../ton-price";

/** "7.47" → "7,47" (fr), "1234.50" → "1 234,50": a cents string with the language's symbols. */
export function formatCents(amount: string, language: string): string {
  const [whole = "0", cents = "00"] = amount.split(".");
  const symbols = numberSymbols(language);
  return `${groupDigits(BigInt(whole), symbols)}${symbols.decimal}${cents}`;
}

/** The price line: "1 TON ≈ 4,98 € · 5,43 $", its age, "prix périmé" or "prix indisponible". */
export function TonPriceNoteView({
  view,
  loading = false,
  nowMs,
}: {
  view: TonPriceView;
  loading?: boolean;
  nowMs: number;
}) {
  const { t } = useTranslation("ton");
  const { language } = useLanguage();
  const frame = "grid gap-1 rounded-2xl border border-night-700 bg-night-850 px-4 py-3 text-sm";
  if (loading) {
    return (
      <div className={frame} data-testid="ton-price" aria-busy="true">
        <p className="text-slate-300">{t("price.label")} …</p>
      </div>
    );
  }
  if (view.state === "unavailable") {
    return (
      <div className={frame} data-testid="ton-price" data-state="unavailable">
        <p className="text-slate-300">{t("price.unavailable")}</p>
      </div>
    );
  }
  const eur = fiatEquivalent("1", view.eur);
  const usd = fiatEquivalent("1", view.usd);
  return (
    <div className={frame} data-testid="ton-price" data-state={view.state}>
      <p className="text-slate-200">
        <span className="font-semibold text-white">{t("price.label")}</span>{" "}
        <span className="tabular-nums">
          {t("price.rate", {
            eur: t("price.eur", { amount: formatCents(eur ?? "0.00", language) }),
            usd: t("price.usd", { amount: formatCents(usd ?? "0.00", language) }),
          })}
        </span>
      </p>
      <p className="text-xs text-slate-400">
        {view.state === "stale" && (
          <span className="mr-2 rounded-full bg-amber-400/15 px-2 py-0.5 font-semibold text-amber-300">
            {t("price.stale")}
          </span>
        )}
        {t("price.updated", { age: formatRelative(view.updatedAt, nowMs, language) })}
        {" · "}
        {t("price.source")}
      </p>
    </div>
  );
}

/** "≈ 7,47 €" for a TON amount; nothing while no price is known (the note says why). */
export function TonFiatEquivalentView({ ton, view }: { ton: string; view: TonPriceView }) {
  const { t } = useTranslation("ton");
  const { language } = useLanguage();
  if (view.state === "unavailable") return null;
  const eur = fiatEquivalent(ton, view.eur);
  if (eur === null) return null;
  const amount = t("price.eur", { amount: formatCents(eur, language) });
  return (
    <span className="text-sm font-medium text-slate-300 tabular-nums" data-testid="ton-fiat">
      {t("price.equivalent", { amount })}
      {view.state === "stale" && ` (${t("price.stale")})`}
    </span>
  );
}

/** The TON price note of the shop and the withdrawal screen; its age counts on screen. */
export function TonPriceNote() {
  const { view, loading } = useTonPrice();
  const nowMs = useNow(30_000);
  return <TonPriceNoteView view={view} loading={loading} nowMs={nowMs} />;
}

/** A TON amount's € equivalent at the current price. */
export function TonFiatEquivalent({ ton }: { ton: string }) {
  const { view } = useTonPrice();
  return <TonFiatEquivalentView ton={ton} view={view} />;
}
