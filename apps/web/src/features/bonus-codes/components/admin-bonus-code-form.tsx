import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { inputClasses, TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import {
  BONUS_CODE_PATTERN,
  type FieldError,
  issueField,
  positiveInt,
  rewardValueFromInput,
} from "../admin-form-values";
import type { BonusCodeType } from "../api/bonus-codes-api";
import { useCreateBonusCode } from "../hooks";

const TYPES: BonusCodeType[] = ["fre", "boost", "time_reduction"];
const MAX_USES = 10_000_000;
const MAX_HOURS = 24 * 365;

type Errors = Partial<Record<FieldError, string>>;

export function AdminBonusCodeForm() {
  const { t } = useTranslation("admin");
  const create = useCreateBonusCode();
  const [code, setCode] = useState("");
  const [type, setType] = useState<BonusCodeType>("fre");
  const [value, setValue] = useState("");
  const [duration, setDuration] = useState("24");
  const [maxUses, setMaxUses] = useState("100");
  const [isActive, setIsActive] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(undefined);
    setFormError(undefined);
    const next: Errors = {};
    const normalizedCode = code.trim().toUpperCase();
    if (!BONUS_CODE_PATTERN.test(normalizedCode)) next.code = t("bonusCodes.errors.code");
    const rewardValue = rewardValueFromInput(type, value);
    if (rewardValue === null) {
      next.rewardValue =
        type === "time_reduction" ? t("bonusCodes.errors.hours") : t("bonusCodes.errors.amount");
    }
    const durationHours = type === "boost" ? positiveInt(duration, MAX_HOURS) : undefined;
    if (durationHours === null) next.durationHours = t("bonusCodes.errors.duration");
    const uses = positiveInt(maxUses, MAX_USES);
    if (uses === null) next.maxUses = t("bonusCodes.errors.maxUses");
    setErrors(next);
    if (Object.keys(next).length > 0 || rewardValue === null || uses === null) return;
    try {
      await create.mutateAsync({
        code: normalizedCode,
        type,
        rewardValue,
        ...(durationHours ? { durationHours } : {}),
        maxUses: uses,
        isActive,
      });
      setCreated(normalizedCode);
      setCode("");
      setValue("");
    } catch (caught) {
      if (!isApiError(caught)) {
        setFormError(t("bonusCodes.errors.failed"));
        return;
      }
      const fromServer: Errors = {};
      const other: string[] = [];
      for (const issue of caught.issues ?? []) {
        const field = issueField(issue.path);
        if (field && !fromServer[field]) fromServer[field] = issue.message;
        else other.push(issue.path ? `${issue.path} : ${issue.message}` : issue.message);
      }
      if (caught.error === "BONUS_CODE_EXISTS") fromServer.code = caught.message;
      setErrors(fromServer);
      if (other.length > 0 || Object.keys(fromServer).length === 0) {
        setFormError([caught.message, ...other].join(" — "));
      }
    }
  }

  const valueLabel =
    type === "fre"
      ? t("bonusCodes.fields.amount")
      : type === "boost"
        ? t("bonusCodes.fields.rate")
        : t("bonusCodes.fields.hours");

  return (
    <form
      data-testid="admin-bonus-code-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="create-bonus-title"
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-5 sm:grid-cols-2"
    >
      <h2 id="create-bonus-title" className="text-lg font-semibold text-white sm:col-span-2">
        {t("bonusCodes.createTitle")}
      </h2>
      <div aria-live="polite" className="empty:hidden sm:col-span-2">
        {created ? (
          <Alert tone="success">{t("bonusCodes.created", { code: created })}</Alert>
        ) : null}
      </div>
      {formError ? (
        <Alert tone="error" className="sm:col-span-2">
          {formError}
        </Alert>
      ) : null}
      <TextField
        label={t("bonusCodes.fields.code")}
        name="bonus-code"
        autoComplete="off"
        spellCheck={false}
        value={code}
        onChange={(event) => setCode(event.target.value.toUpperCase())}
        hint={t("bonusCodes.fields.codeHint")}
        error={errors.code}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="bonus-type" className="text-sm font-medium text-slate-200">
          {t("bonusCodes.fields.type")}
        </label>
        <select
          id="bonus-type"
          value={type}
          onChange={(event) => {
            setType(event.target.value as BonusCodeType);
            setValue("");
            setErrors((current) => ({ ...current, rewardValue: undefined }));
          }}
          className={inputClasses}
        >
          {TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`bonusCodes.types.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={valueLabel}
        name="reward-value"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={type === "time_reduction" ? t("bonusCodes.fields.hoursHint") : undefined}
        error={errors.rewardValue}
      />
      {type === "boost" ? (
        <TextField
          label={t("bonusCodes.fields.duration")}
          name="duration-hours"
          inputMode="numeric"
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
          error={errors.durationHours}
        />
      ) : null}
      <TextField
        label={t("bonusCodes.fields.maxUses")}
        name="max-uses"
        inputMode="numeric"
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
        error={errors.maxUses}
      />
      <label className="flex min-h-12 items-center gap-3 text-sm font-medium text-slate-200 sm:col-span-2">
        <input
          type="checkbox"
          checked={isActive}
          onChange={(event) => setIsActive(event.target.checked)}
          className="size-5 accent-amber-400"
        />
        {t("bonusCodes.fields.active")}
      </label>
      <Button type="submit" disabled={create.isPending} className="sm:col-span-2 sm:w-fit">
        {create.isPending ? t("bonusCodes.creating") : t("bonusCodes.create")}
      </Button>
    </form>
  );
}
