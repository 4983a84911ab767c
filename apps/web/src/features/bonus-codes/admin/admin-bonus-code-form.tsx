import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { SelectField } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { type FieldErrors, useFormMutation } from "../../../lib/use-form-mutation";
import type { BonusCodeType } from "../api/bonus-codes-api";
import {
  BONUS_CODE_FIELDS,
  type BonusCodeField,
  codeFromInput,
  durationHoursFromInput,
  maxUsesFromInput,
  rewardValueFromInput,
} from "./admin-form-values";
import { BonusLimitFields } from "./bonus-limit-fields";
import { useCreateBonusCode } from "./use-admin-bonus-codes";

const TYPES: BonusCodeType[] = ["fre", "boost", "time_reduction"];
const CODE_ERRORS = { BONUS_CODE_EXISTS: "code" } as const;

export function AdminBonusCodeForm() {
  const { t } = useTranslation("admin");
  const create = useFormMutation(useCreateBonusCode(), {
    fields: BONUS_CODE_FIELDS,
    errorFields: CODE_ERRORS,
    fallback: t("bonusCodes.errors.failed"),
  });
  const [code, setCode] = useState("");
  const [type, setType] = useState<BonusCodeType>("fre");
  const [value, setValue] = useState("");
  const [duration, setDuration] = useState("24");
  const [maxUses, setMaxUses] = useState("100");
  const [isActive, setIsActive] = useState(true);
  const errors = create.fieldErrors;
  const created = create.done ? create.data?.code : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors<BonusCodeField> = {};
    const normalizedCode = codeFromInput(code);
    if (normalizedCode === null) next.code = t("bonusCodes.errors.code");
    const rewardValue = rewardValueFromInput(type, value);
    if (rewardValue === null) {
      next.rewardValue =
        type === "time_reduction" ? t("bonusCodes.errors.hours") : t("bonusCodes.errors.amount");
    }
    const durationHours = type === "boost" ? durationHoursFromInput(duration) : undefined;
    if (durationHours === null) next.durationHours = t("bonusCodes.errors.duration");
    const uses = maxUsesFromInput(maxUses);
    if (uses === null) next.maxUses = t("bonusCodes.errors.maxUses");
    if (
      normalizedCode === null ||
      rewardValue === null ||
      durationHours === null ||
      uses === null
    ) {
      create.fail({ fields: next });
      return;
    }
    create.submit(
      {
        code: normalizedCode,
        type,
        rewardValue,
        ...(durationHours ? { durationHours } : {}),
        maxUses: uses,
        isActive,
      },
      {
        onSuccess: () => {
          setCode("");
          setValue("");
        },
      },
    );
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
      {create.error ? (
        <Alert tone="error" className="sm:col-span-2">
          {create.error}
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
      <SelectField
        label={t("bonusCodes.fields.type")}
        value={type}
        onChange={(event) => {
          setType(event.target.value as BonusCodeType);
          setValue("");
          create.clearField("rewardValue");
        }}
      >
        <ChoiceOptions values={TYPES} label={(option) => t(`bonusCodes.types.${option}`)} />
      </SelectField>
      <TextField
        label={valueLabel}
        name="reward-value"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        hint={
          <AmountHint
            hint={type === "time_reduction" ? t("bonusCodes.fields.hoursHint") : undefined}
          />
        }
        error={errors.rewardValue}
      />
      <BonusLimitFields
        boost={type === "boost"}
        duration={duration}
        onDuration={setDuration}
        maxUses={maxUses}
        onMaxUses={setMaxUses}
        errors={errors}
        named
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
      <Button type="submit" disabled={create.pending} className="sm:col-span-2 sm:w-fit">
        {create.pending ? t("bonusCodes.creating") : t("bonusCodes.create")}
      </Button>
    </form>
  );
}
