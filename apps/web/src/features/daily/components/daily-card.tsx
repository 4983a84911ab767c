import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import { formatDuration } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import { todaysReward } from "../daily-values";
import { useClaimDaily, useCountdown, useDaily } from "../hooks";

export const DAILY_CARD_CLASSES =
  "grid min-h-44 content-start gap-3 rounded-3xl border border-night-700 bg-night-850 p-5";

/** The dashboard's daily reward: the streak, today's reward and its claim button. */
export function DailyCard() {
  const { t } = useTranslation("app");
  const { t: ta } = useTranslation("app");
  const { language } = useLanguage();
  const { data: me } = useMe();
  const daily = useDaily();
  const claim = useClaimDaily();
  const remaining = useCountdown(daily.data?.nextAt);
  const state = daily.data;

  if (!state) {
    return (
      <section
        className={DAILY_CARD_CLASSES}
        aria-labelledby="daily-card-title"
        aria-busy={!daily.isError}
      >
        <h2 id="daily-card-title" className="text-lg font-semibold text-white">
          {t("daily.card.title")}
        </h2>
        {daily.isError ? <Alert tone="error">{t("daily.card.loadFailed")}</Alert> : null}
      </section>
    );
  }
  const amount = `${formatFreSafe(todaysReward(state), language, "exact")} FRE`;
  const verified = me?.emailVerified ?? true;
  return (
    <section
      className={DAILY_CARD_CLASSES}
      aria-labelledby="daily-card-title"
      data-testid="daily-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="daily-card-title" className="text-lg font-semibold text-white">
          {t("daily.card.title")}
        </h2>
        <p className="text-sm text-muted" data-testid="daily-streak">
          {t("daily.card.streak", { count: state.streak })}
        </p>
      </div>
      {state.claimedToday ? (
        <p className="text-slate-100" role="status" data-testid="daily-claimed">
          <span className="motion-safe:transition-opacity">
            {t("daily.card.claimed", { day: state.day, amount })}
          </span>{" "}
          <span className="text-muted">
            {t("daily.card.next", { time: formatDuration(remaining, ta, { coarse: true }) })}
          </span>
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-100">{t("daily.card.today", { day: state.day, amount })}</p>
          <Button
            onClick={() => claim.mutate()}
            disabled={claim.isPending || !verified}
            data-testid="daily-claim"
          >
            {claim.isPending ? t("daily.card.claiming") : t("daily.card.claim")}
          </Button>
        </div>
      )}
      {!verified ? <p className="text-sm text-amber-200">{t("daily.card.verifyFirst")}</p> : null}
      {claim.error ? (
        <Alert tone="error">
          {isApiError(claim.error) ? claim.error.message : t("daily.card.failed")}
        </Alert>
      ) : null}
      <Link
        to="/daily"
        className="text-sm font-medium text-amber-200 underline-offset-4 hover:underline"
      >
        {t("daily.card.open")}
      </Link>
    </section>
  );
}
