import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { isApiError } from "../../../lib/api-client";
import { useDaily, useUpdateDailySettings } from "../hooks";

/** The evening reminder switch (the /daily page and the profile's preferences). */
export function DailyRemindersToggle() {
  const { t } = useTranslation("app");
  const id = useId();
  const daily = useDaily();
  const update = useUpdateDailySettings();
  const on = daily.data?.reminders ?? true;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={id} className="font-medium text-slate-100">
            {t("daily.reminders.label")}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {t("daily.reminders.hint")}
          </p>
        </div>
        <input
          id={id}
          type="checkbox"
          aria-describedby={`${id}-hint`}
          className="size-6 shrink-0 accent-amber-300"
          checked={on}
          disabled={!daily.data || update.isPending}
          onChange={(event) => update.mutate({ reminders: event.target.checked })}
          data-testid="daily-reminders"
        />
      </div>
      {update.error ? (
        <Alert tone="error">
          {isApiError(update.error) ? update.error.message : t("daily.reminders.failed")}
        </Alert>
      ) : null}
    </div>
  );
}

/** The profile's section: its own heading, for the preferences list. */
export function DailyRemindersSection() {
  const { t } = useTranslation("app");
  return (
    <div className="grid gap-3">
      <h2 id="daily-reminders-title" className="text-lg font-semibold text-white">
        {t("daily.reminders.title")}
      </h2>
      <DailyRemindersToggle />
    </div>
  );
}
