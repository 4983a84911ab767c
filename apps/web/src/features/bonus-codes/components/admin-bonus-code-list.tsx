import type { AdminBonusCode } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageLoader } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import {
  type FieldError,
  issueField,
  positiveInt,
  rewardValueFromInput,
  rewardValueToInput,
} from "../admin-form-values";
import type { AdminBonusCodeUpdate } from "../api/bonus-codes-api";
import { wholeHours } from "../bonus-code-values";
import { useAdminBonusCodes, useUpdateBonusCode } from "../hooks";

type Errors = Partial<Record<FieldError, string>>;

function useRewardText() {
  const { t, i18n } = useTranslation("admin");
  const language = i18n.resolvedLanguage ?? "fr";
  return (item: AdminBonusCode) => {
    if (item.type === "time_reduction") {
      const hours = wholeHours(item.rewardValue);
      return hours === null
        ? item.rewardValue
        : t("bonusCodes.values.hours", { hours: rewardValueToInput(item.type, item.rewardValue) });
    }
    const amount = formatFreSafe(item.rewardValue, language);
    return item.type === "boost"
      ? t("bonusCodes.values.boost", { amount, hours: item.durationHours })
      : t("bonusCodes.values.fre", { amount });
  };
}

function EditForm({ item, onDone }: { item: AdminBonusCode; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const update = useUpdateBonusCode();
  const [value, setValue] = useState(rewardValueToInput(item.type, item.rewardValue));
  const [duration, setDuration] = useState(String(item.durationHours));
  const [maxUses, setMaxUses] = useState(String(item.maxUses));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const next: Errors = {};
    const rewardValue = rewardValueFromInput(item.type, value);
    if (rewardValue === null) {
      next.rewardValue =
        item.type === "time_reduction"
          ? t("bonusCodes.errors.hours")
          : t("bonusCodes.errors.amount");
    }
    const durationHours = item.type === "boost" ? positiveInt(duration, 24 * 365) : undefined;
    if (durationHours === null) next.durationHours = t("bonusCodes.errors.duration");
    const uses = positiveInt(maxUses, 10_000_000);
    if (uses === null) next.maxUses = t("bonusCodes.errors.maxUses");
    setErrors(next);
    if (Object.keys(next).length > 0 || rewardValue === null || uses === null) return;
    const patch: AdminBonusCodeUpdate = { rewardValue, maxUses: uses };
    if (durationHours) patch.durationHours = durationHours;
    try {
      await update.mutateAsync({ code: item.code, patch });
      onDone();
    } catch (caught) {
      if (!isApiError(caught)) {
        setFormError(t("bonusCodes.errors.failed"));
        return;
      }
      const fromServer: Errors = {};
      for (const issue of caught.issues ?? []) {
        const field = issueField(issue.path);
        if (field) fromServer[field] = issue.message;
      }
      setErrors(fromServer);
      setFormError(caught.message);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-3">
      {formError ? (
        <Alert tone="error" className="sm:col-span-3">
          {formError}
        </Alert>
      ) : null}
      <TextField
        label={
          item.type === "time_reduction"
            ? t("bonusCodes.fields.hours")
            : item.type === "boost"
              ? t("bonusCodes.fields.rate")
              : t("bonusCodes.fields.amount")
        }
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={errors.rewardValue}
      />
      {item.type === "boost" ? (
        <TextField
          label={t("bonusCodes.fields.duration")}
          inputMode="numeric"
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
          error={errors.durationHours}
        />
      ) : null}
      <TextField
        label={t("bonusCodes.fields.maxUses")}
        inputMode="numeric"
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
        error={errors.maxUses}
      />
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? t("bonusCodes.saving") : t("bonusCodes.save")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("bonusCodes.cancel")}
        </Button>
      </div>
    </form>
  );
}

function Row({ item }: { item: AdminBonusCode }) {
  const { t, i18n } = useTranslation("admin");
  const language = i18n.resolvedLanguage ?? "fr";
  const rewardText = useRewardText();
  const toggle = useUpdateBonusCode();
  const [editing, setEditing] = useState(false);
  const exhausted = item.currentUses >= item.maxUses;
  return (
    <li
      data-code={item.code}
      data-active={item.isActive}
      data-uses={item.currentUses}
      data-max-uses={item.maxUses}
      className="rounded-xl border border-night-700 bg-night-850 px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold text-white">{item.code}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                item.isActive ? "bg-emerald-500/15 text-emerald-200" : "bg-night-700 text-slate-300"
              }`}
            >
              {item.isActive ? t("bonusCodes.active") : t("bonusCodes.inactive")}
            </span>
          </p>
          <p className="text-sm text-slate-200">
            {t(`bonusCodes.types.${item.type}`)} · {rewardText(item)}
          </p>
          <p className="text-xs text-muted">
            <span className={exhausted ? "text-amber-200" : ""}>
              {t("bonusCodes.usage", {
                used: formatNumber(item.currentUses, language),
                max: formatNumber(item.maxUses, language),
              })}
            </span>{" "}
            · {t("bonusCodes.updated")}{" "}
            <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt, language)}</time>
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={editing}
            onClick={() => setEditing((value) => !value)}
            aria-label={t("bonusCodes.editLabel", { code: item.code })}
          >
            {t("bonusCodes.edit")}
          </Button>
          <Button
            size="sm"
            variant={item.isActive ? "danger" : "secondary"}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate({ code: item.code, patch: { isActive: !item.isActive } })}
            aria-label={
              item.isActive
                ? t("bonusCodes.deactivateLabel", { code: item.code })
                : t("bonusCodes.activateLabel", { code: item.code })
            }
          >
            {item.isActive ? t("bonusCodes.deactivate") : t("bonusCodes.activate")}
          </Button>
        </div>
      </div>
      {toggle.isError ? (
        <Alert tone="error" className="mt-2">
          {toggle.error.message}
        </Alert>
      ) : null}
      {editing ? <EditForm item={item} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

export function AdminBonusCodeList() {
  const { t } = useTranslation("admin");
  const codes = useAdminBonusCodes();
  return (
    <section aria-labelledby="bonus-list-title" className="grid gap-3">
      <h2 id="bonus-list-title" className="text-lg font-semibold text-white">
        {t("bonusCodes.listTitle")}
      </h2>
      {codes.isPending ? <PageLoader /> : null}
      {codes.isError ? <Alert tone="error">{codes.error.message}</Alert> : null}
      {codes.data ? (
        <ul
          data-testid="admin-bonus-codes"
          data-count={codes.data.items.length}
          className="grid gap-2"
        >
          {codes.data.items.length === 0 ? (
            <li className="text-muted">{t("bonusCodes.empty")}</li>
          ) : (
            codes.data.items.map((item) => <Row key={item.code} item={item} />)
          )}
        </ul>
      ) : null}
    </section>
  );
}
