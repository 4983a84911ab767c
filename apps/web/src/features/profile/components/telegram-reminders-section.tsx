import { TELEGRAM_REMINDER_TYPES, type TelegramReminderType } from "@fre/shared";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { isApiError } from "../../../lib/api-client";
import { useTelegramReminders, useUpdateTelegramReminders } from "../api/telegram-reminders-api";

/** One reminder type's switch. */
function ReminderSwitch({
  type,
  on,
  disabled,
  onChange,
}: {
  type: TelegramReminderType;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation("pwa");
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor={id} className="text-slate-100">
        {t(`telegramReminders.types.${type}`)}
      </label>
      <input
        id={id}
        type="checkbox"
        className="size-6 shrink-0 accent-amber-300"
        checked={on}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={`telegram-reminder-${type}`}
      />
    </div>
  );
}

/**
 * The profile's « Rappels Telegram » section (issue 38 point 2): what the bot may remind the user
 * of, each type on by default. Shown to every user; the switches only matter once the account is
 * linked to Telegram, which the section says.
 */
export function TelegramRemindersSection() {
  const { t } = useTranslation("pwa");
  const settings = useTelegramReminders();
  const update = useUpdateTelegramReminders();
  const data = settings.data;
  return (
    <div className="grid gap-3" data-testid="telegram-reminders">
      <h2 id="telegram-reminders-title" className="text-lg font-semibold text-white">
        {t("telegramReminders.title")}
      </h2>
      <p className="text-sm text-muted">{t("telegramReminders.intro")}</p>
      {data && !data.linked ? <Alert tone="info">{t("telegramReminders.notLinked")}</Alert> : null}
      {data?.blocked ? (
        <div data-testid="telegram-reminders-blocked">
          <Alert tone="info">{t("telegramReminders.blocked")}</Alert>
        </div>
      ) : null}
      {settings.isError ? <Alert tone="error">{t("telegramReminders.loadFailed")}</Alert> : null}
      <div className="grid gap-3">
        {TELEGRAM_REMINDER_TYPES.map((type) => (
          <ReminderSwitch
            key={type}
            type={type}
            on={data?.types[type] ?? true}
            disabled={!data || update.isPending}
            onChange={(on) => update.mutate({ types: { [type]: on } })}
          />
        ))}
      </div>
      {update.error ? (
        <Alert tone="error">
          {isApiError(update.error) ? update.error.message : t("telegramReminders.saveFailed")}
        </Alert>
      ) : null}
      <p className="text-xs text-muted">{t("telegramReminders.rules")}</p>
    </div>
  );
}
