import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/text-field";
import type { FieldErrors } from "../../../lib/use-form-mutation";
import type { BonusCodeField } from "./admin-form-values";

/**
 * A code's limits, whole numbers as the create and edit forms ask them: how long its boost lasts
 * (a boost only) and how many times it may be used. `named`: the inputs carry the create form's
 * names.
 */
export function BonusLimitFields({
  boost,
  duration,
  onDuration,
  maxUses,
  onMaxUses,
  errors,
  named = false,
}: {
  boost: boolean;
  duration: string;
  onDuration: (value: string) => void;
  maxUses: string;
  onMaxUses: (value: string) => void;
  errors: FieldErrors<BonusCodeField>;
  named?: boolean;
}) {
  const { t } = useTranslation("admin");
  const limits = [
    {
      field: "durationHours",
      shown: boost,
      label: t("bonusCodes.fields.duration"),
      name: "duration-hours",
      value: duration,
      onValue: onDuration,
    },
    {
      field: "maxUses",
      shown: true,
      label: t("bonusCodes.fields.maxUses"),
      name: "max-uses",
      value: maxUses,
      onValue: onMaxUses,
    },
  ] as const;
  return limits
    .filter((limit) => limit.shown)
    .map((limit) => (
      <TextField
        key={limit.field}
        label={limit.label}
        name={named ? limit.name : undefined}
        inputMode="numeric"
        value={limit.value}
        onChange={(event) => limit.onValue(event.target.value)}
        error={errors[limit.field]}
      />
    ));
}
