import type { LedgerKind } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Glyph, type GlyphName } from "../../../components/ui/glyph";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { QueryState } from "../../../components/ui/query-state";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import { useLedger } from "../hooks/use-wallet";
import { isKnownLedgerKind } from "../ledger-labels";

const kindIcon: Record<LedgerKind, GlyphName> = {
  mining: "pickaxe",
  bonus: "gift",
  level: "star",
  purchase: "bag",
  game: "dice",
  jackpot: "coins",
  withdrawal: "arrowOut",
  refund: "arrowBack",
  admin_adjustment: "coins",
  daily_reward: "gift",
  league_reward: "star",
  task_reward: "check",
};

/** Every FRE movement, newest first, 20 at a time. */
export function LedgerList() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const ledger = useLedger();
  const items = ledger.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="ledger-title" className="grid gap-3">
      <h2 id="ledger-title" className="text-lg font-semibold text-white">
        {t("wallet.ledger.title")}
      </h2>
      <QueryState
        query={ledger}
        error={t("wallet.ledger.loadFailed")}
        loading={
          <div role="status" className="grid place-items-center py-8">
            <Spinner />
            <span className="sr-only">{tc("status.loading")}</span>
          </div>
        }
        isEmpty={() => items.length === 0}
        empty={
          <p
            data-testid="ledger-list"
            data-count="0"
            className="rounded-2xl border border-dashed border-night-600 px-5 py-8 text-center text-muted"
          >
            {t("wallet.ledger.empty")}
          </p>
        }
      >
        {() => (
          <>
            <ul
              data-testid="ledger-list"
              data-count={items.length}
              className="divide-y divide-night-700 overflow-hidden rounded-2xl border border-night-700 bg-night-850"
            >
              {items.map((item) => {
                const negative = item.amount.trim().startsWith("-");
                return (
                  <li
                    key={item.id}
                    data-kind={item.kind}
                    className="flex items-center gap-3 px-4 py-3"
                  >
                    <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-night-700 text-amber-200">
                      <Glyph name={isKnownLedgerKind(item.kind) ? kindIcon[item.kind] : "coins"} />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-slate-100">
                        {isKnownLedgerKind(item.kind) ? t(`wallet.kinds.${item.kind}`) : item.kind}
                      </p>
                      <p className="text-xs text-muted">
                        <time dateTime={item.createdAt}>
                          {formatDateTime(item.createdAt, language)}
                        </time>
                      </p>
                    </div>
                    <p
                      className={`text-right font-semibold tabular-nums ${
                        negative ? "text-rose-200" : "text-emerald-200"
                      }`}
                    >
                      {formatFreSafe(item.amount, language, "balance", { signed: true })}{" "}
                      <span className="text-xs font-medium text-muted">FRE</span>
                    </p>
                  </li>
                );
              })}
            </ul>
            {ledger.isFetchNextPageError ? (
              <Alert tone="error">{t("wallet.ledger.loadFailed")}</Alert>
            ) : null}
            <LoadMoreButton
              query={ledger}
              label={t("wallet.ledger.more")}
              busyLabel={t("wallet.ledger.loading")}
              className="w-full"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
