import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/text-field";
import type { FieldErrors } from "../../../lib/use-form-mutation";
import type { BonusCodeField } from "./admin-form-values";

/**
 * A code's limits, as the create and edit forms ask them: how long its boost lasts (a boost
 * only) and how many times it may be used. `named`: the inputs carry the create form's names.
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
  return (
    <>
      {boost ? (
        <TextField
          label={t("bonusCodes.fields.duration")}
          name={named ? "duration-hours" : undefined}
          inputMode="numeric"
          value={duration}
          onChange={(event) => onDuration(event.target.value)}
          error={errors.durationHours}
        />
      ) : null}
      <TextField
        label={t("bonusCodes.fields.maxUses")}
        name={named ? "max-uses" : undefined}
        inputMode="numeric"
        value={maxUses}
        onChange={(event) => onMaxUses(event.target.value)}
        error={errors.maxUses}
      />
    </>
  );
}
