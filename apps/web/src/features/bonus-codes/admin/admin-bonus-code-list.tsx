import type { AdminBonusCode } from "@fre/shared";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { type FieldErrors, useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import type { AdminBonusCodeUpdate } from "../api/bonus-codes-api";
import { wholeHours } from "../bonus-code-values";
import {
  BONUS_CODE_FIELDS,
  type BonusCodeField,
  durationHoursFromInput,
  maxUsesFromInput,
  rewardValueFromInput,
  rewardValueToInput,
} from "./admin-form-values";
import { BonusLimitFields } from "./bonus-limit-fields";
import { useAdminBonusCodes, useUpdateBonusCode } from "./use-admin-bonus-codes";

function useRewardText() {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
  return (item: AdminBonusCode) => {
    if (item.type === "time_reduction") {
      const hours = wholeHours(item.rewardValue);
      return hours === null
        ? item.rewardValue
        : t("bonusCodes.values.hours", { hours: rewardValueToInput(item.type, item.rewardValue) });
    }
    const amount = formatFreSafe(item.rewardValue, language, "exact");
    return item.type === "boost"
      ? t("bonusCodes.values.boost", { amount, hours: item.durationHours })
      : t("bonusCodes.values.fre", { amount });
  };
}

function EditForm({ item, onDone }: { item: AdminBonusCode; onDone: () => void }) {
  const { t } = useTranslation("admin");
  const update = useFormMutation(useUpdateBonusCode(), {
    fields: BONUS_CODE_FIELDS,
    fallback: t("bonusCodes.errors.failed"),
    // A small inline form: the server's message stays above the fields it explains.
    message: "always",
  });
  const [value, setValue] = useState(rewardValueToInput(item.type, item.rewardValue));
  const [duration, setDuration] = useState(String(item.durationHours));
  const [maxUses, setMaxUses] = useState(String(item.maxUses));
  const errors = update.fieldErrors;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors<BonusCodeField> = {};
    const rewardValue = rewardValueFromInput(item.type, value);
    if (rewardValue === null) {
      next.rewardValue =
        item.type === "time_reduction"
          ? t("bonusCodes.errors.hours")
          : t("bonusCodes.errors.amount");
    }
    const durationHours = item.type === "boost" ? durationHoursFromInput(duration) : undefined;
    if (durationHours === null) next.durationHours = t("bonusCodes.errors.duration");
    const uses = maxUsesFromInput(maxUses);
    if (uses === null) next.maxUses = t("bonusCodes.errors.maxUses");
    if (rewardValue === null || durationHours === null || uses === null) {
      update.fail({ fields: next });
      return;
    }
    const patch: AdminBonusCodeUpdate = { rewardValue, maxUses: uses };
    if (durationHours) patch.durationHours = durationHours;
    update.submit({ code: item.code, patch }, { onSuccess: onDone });
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-3">
      {update.error ? (
        <Alert tone="error" className="sm:col-span-3">
          {update.error}
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
        hint={<AmountHint />}
        error={errors.rewardValue}
      />
      <BonusLimitFields
        boost={item.type === "boost"}
        duration={duration}
        onDuration={setDuration}
        maxUses={maxUses}
        onMaxUses={setMaxUses}
        errors={errors}
      />
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" size="sm" disabled={update.pending}>
          {update.pending ? t("bonusCodes.saving") : t("bonusCodes.save")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("bonusCodes.cancel")}
        </Button>
      </div>
    </form>
  );
}

function Row({ item }: { item: AdminBonusCode }) {
  const { t } = useTranslation("admin");
  const { language } = useLanguage();
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
      <QueryState query={codes} retry="none">
        {({ items }) => (
          <ul data-testid="admin-bonus-codes" data-count={items.length} className="grid gap-2">
            {items.length === 0 ? (
              <li className="text-muted">{t("bonusCodes.empty")}</li>
            ) : (
              items.map((item) => <Row key={item.code} item={item} />)
            )}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
