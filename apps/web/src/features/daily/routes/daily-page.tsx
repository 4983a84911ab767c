import type { DailyState } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import { browserTimeZone } from "../api/daily-api";
import { DailyRemindersToggle } from "../components/daily-reminders-toggle";
import { DailyTrack } from "../components/daily-track";
import { todaysReward } from "../daily-values";
import { useClaimDaily, useCountdown, useDaily, useUpdateDailySettings } from "../hooks";

// The card and the profile's switch load from this module: the feature stays one chunk.
export { DailyCard } from "../components/daily-card";
export { DailyRemindersSection } from "../components/daily-reminders-toggle";

const card = "grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-5";

function ClaimSection({ state }: { state: DailyState }) {
  const { t } = useTranslation("app");
  const { t: ta } = useTranslation("app");
  const { language } = useLanguage();
  const { data: me } = useMe();
  const claim = useClaimDaily();
  const remaining = useCountdown(state.nextAt, 1_000);
  const amount = `${formatFreSafe(todaysReward(state), language, "exact")} FRE`;
  const verified = me?.emailVerified ?? true;
  return (
    <section className={card} aria-labelledby="daily-today-title">
      <h2 id="daily-today-title" className="text-lg font-semibold text-white">
        {t("daily.page.today")}
      </h2>
      <p className="text-slate-100" data-testid="daily-page-streak">
        {t("daily.card.streak", { count: state.streak })}
      </p>
      {state.claimedToday ? (
        <p role="status" data-testid="daily-page-claimed">
          {t("daily.card.claimed", { day: state.day, amount })}
        </p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>{t("daily.card.today", { day: state.day, amount })}</p>
          <Button onClick={() => claim.mutate()} disabled={claim.isPending || !verified}>
            {claim.isPending ? t("daily.card.claiming") : t("daily.card.claim")}
          </Button>
        </div>
      )}
      <p className="text-sm text-muted" data-testid="daily-countdown">
        {t(state.claimedToday ? "daily.page.nextIn" : "daily.page.endsIn", {
          time: formatDuration(remaining, ta),
        })}
      </p>
      {!verified ? <p className="text-sm text-amber-200">{t("daily.card.verifyFirst")}</p> : null}
      {claim.data && claim.data.claimed.freezesUsed > 0 ? (
        <Alert tone="success">
          {t("daily.page.freezeUsed", { count: claim.data.claimed.freezesUsed })}
        </Alert>
      ) : null}
      {claim.data?.claimed.boost ? (
        <Alert tone="success">
          {t("daily.page.boosted", {
            amount: formatFreSafe(claim.data.claimed.boost, language, "rate"),
            hours: state.boostHours,
          })}
        </Alert>
      ) : null}
      {claim.error ? (
        <Alert tone="error">
          {isApiError(claim.error) ? claim.error.message : t("daily.card.failed")}
        </Alert>
      ) : null}
    </section>
  );
}

function FreezesSection({ state }: { state: DailyState }) {
  const { t } = useTranslation("app");
  return (
    <section className={card} aria-labelledby="daily-freezes-title">
      <h2 id="daily-freezes-title" className="text-lg font-semibold text-white">
        {t("daily.freezes.title")}
      </h2>
      <p className="text-2xl font-bold tabular-nums text-white" data-testid="daily-freezes">
        {t("daily.freezes.held", { held: state.freezes, max: state.maxFreezes })}
      </p>
      <p className="text-sm text-muted">
        {t("daily.freezes.hint", { days: state.claimsPerFreeze, max: state.maxFreezes })}
      </p>
      <p className="text-sm text-slate-200">
        {t("daily.freezes.progress", { done: state.freezeProgress, days: state.claimsPerFreeze })}
      </p>
    </section>
  );
}

function ZoneSection({ state }: { state: DailyState }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const update = useUpdateDailySettings();
  const here = browserTimeZone();
  const canMove = here !== undefined && here !== state.timeZone && state.zoneChangeAt === null;
  return (
    <section className={card} aria-labelledby="daily-zone-title">
      <h2 id="daily-zone-title" className="text-lg font-semibold text-white">
        {t("daily.zone.title")}
      </h2>
      <p className="text-slate-100" data-testid="daily-zone">
        {state.timeZone}
      </p>
      <p className="text-sm text-muted">{t("daily.zone.hint")}</p>
      {state.zoneChangeAt ? (
        <p className="text-sm text-slate-200">
          {t("daily.zone.locked", { date: formatDateTime(state.zoneChangeAt, language) })}
        </p>
      ) : null}
      {canMove ? (
        <Button
          variant="secondary"
          className="justify-self-start"
          disabled={update.isPending}
          onClick={() => update.mutate({ timeZone: here })}
        >
          {t("daily.zone.useThis", { zone: here })}
        </Button>
      ) : null}
      {update.error ? (
        <Alert tone="error">
          {isApiError(update.error) ? update.error.message : t("daily.zone.failed")}
        </Alert>
      ) : null}
    </section>
  );
}

/** /daily: the streak's seven days, today's claim, the freezes, the zone and the reminder. */
export function DailyPage() {
  const { t } = useTranslation("app");
  const daily = useDaily();
  const title = t("daily.page.title");
  return (
    <div className="grid gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-muted">{t("daily.page.intro")}</p>
      <QueryState query={daily} error={t("daily.card.loadFailed")}>
        {(state) => (
          <>
            <ClaimSection state={state} />
            <section className={card} aria-labelledby="daily-track-title">
              <h2 id="daily-track-title" className="text-lg font-semibold text-white">
                {t("daily.track.title")}
              </h2>
              <DailyTrack state={state} />
            </section>
            <FreezesSection state={state} />
            <ZoneSection state={state} />
            <section className={card} aria-label={t("daily.reminders.title")}>
              <DailyRemindersToggle />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
