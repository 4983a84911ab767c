import type { Referrals } from "@fre/shared";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { isApiError } from "../../../lib/api-client";
import { formatDate, formatDuration } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { useMinuteClock, useRemindReferral } from "../hooks/use-referrals";

type Referral = Referrals["referrals"][number];
type Remind = ReturnType<typeof useRemindReferral>;

/**
 * One referral: who, since when, mining or not; an inactive one can be reminded ("Rappeler"),
 * and says when it can be again.
 */
function ReferralItem({
  referral,
  remind,
  now,
}: {
  referral: Referral;
  remind: Remind;
  now: number;
}) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const waitId = useId();
  // `now` only re-renders once a minute; the wait is read on the clock of this render.
  const waitMs = referral.remindableAt
    ? Date.parse(referral.remindableAt) - Math.max(now, Date.now())
    : 0;
  const waiting = !referral.active && waitMs > 0;
  const sending = remind.isPending && remind.variables === referral.id;
  return (
    <li data-active={referral.active} className="flex items-center gap-3 px-4 py-3">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-night-700 font-bold text-slate-100"
      >
        {referral.nickname.slice(0, 1).toUpperCase()}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-100">{referral.nickname}</p>
        <p className="text-xs text-muted">
          {t("group.joined", { date: formatDate(referral.joinedAt, language) })}
        </p>
        <p
          className={`mt-0.5 inline-flex items-center gap-1.5 text-xs font-medium ${
            referral.active ? "text-emerald-200" : "text-muted"
          }`}
        >
          <span
            aria-hidden="true"
            className={`size-2.5 shrink-0 rounded-full ${
              referral.active
                ? "bg-emerald-400 shadow-[0_0_8px_rgba(52,211,153,0.8)]"
                : "bg-night-600"
            }`}
          />
          {referral.active ? t("group.activeNow") : t("group.inactive")}
        </p>
        {waiting ? (
          <p id={waitId} data-testid="remind-wait" className="text-xs text-muted">
            {t("group.remind.wait", { duration: formatDuration(waitMs, t, { coarse: true }) })}
          </p>
        ) : null}
      </div>
      {referral.active ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          data-testid="remind-referral"
          data-state={waiting ? "waiting" : sending ? "sending" : "ready"}
          aria-label={t("group.remind.label", { nickname: referral.nickname })}
          aria-describedby={waiting ? waitId : undefined}
          disabled={waiting || remind.isPending}
          onClick={() => remind.mutate(referral.id)}
        >
          <Glyph name="bell" className="size-4" />
          {sending ? t("group.remind.sending") : t("group.remind.action")}
        </Button>
      )}
    </li>
  );
}

export function ReferralList({ referrals }: { referrals: Referrals["referrals"] }) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const remind = useRemindReferral();
  const now = useMinuteClock();
  if (referrals.length === 0) {
    return (
      <div
        data-testid="referral-list"
        data-count="0"
        className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-night-600 px-5 py-8 text-center"
      >
        <span className="grid size-12 place-items-center rounded-full bg-night-800 text-amber-200">
          <Glyph name="users" className="size-6" />
        </span>
        <p className="font-semibold text-slate-100">{t("group.empty.title")}</p>
        <p className="text-sm text-muted">{t("group.empty.text")}</p>
      </div>
    );
  }
  // Miners first, then the newest.
  const sorted = [...referrals].sort(
    (a, b) => Number(b.active) - Number(a.active) || b.joinedAt.localeCompare(a.joinedAt),
  );
  const reminded = remind.isSuccess ? remind.data.nickname : null;
  const failure = remind.isError
    ? isApiError(remind.error)
      ? remind.error.message
      : t("group.remind.failed")
    : null;
  return (
    <div className="grid gap-3">
      <div>
        {referrals.some((referral) => !referral.active) ? (
          <p className="text-sm text-muted">{t("group.remind.hint")}</p>
        ) : null}
        <p role="status" data-testid="remind-status" className="text-sm font-medium">
          {reminded ? (
            <span className="mt-1 block text-emerald-200">
              {t("group.remind.sent", { nickname: reminded })}
            </span>
          ) : null}
        </p>
      </div>
      {failure ? (
        <p role="alert" data-testid="remind-error" className="text-sm font-medium text-rose-300">
          {failure || tc("errors.generic")}
        </p>
      ) : null}
      <ul
        data-testid="referral-list"
        data-count={referrals.length}
        className="divide-y divide-night-700 overflow-hidden rounded-2xl border border-night-700 bg-night-850"
      >
        {sorted.map((referral) => (
          <ReferralItem key={referral.id} referral={referral} remind={remind} now={now} />
        ))}
      </ul>
    </div>
  );
}
