import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { freRule } from "../game-text";
import {
  type BetBounds,
  betAmountProblem,
  doubleBet,
  halveBet,
  maxBetAmount,
} from "../games-logic";

/** The bet field with ½, ×2 and max; bounds from `GET /api/games`, capped by the balance. */
export function BetControls({
  amount,
  onChange,
  bounds,
  disabled,
}: {
  amount: string;
  onChange: (amount: string) => void;
  bounds: BetBounds;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation("games");
  const id = useId();
  const problem = amount === "" ? null : betAmountProblem(amount);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-100">
        {t("bet.amount")}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          className={`${inputClasses} min-w-0 flex-1`}
          value={amount}
          disabled={disabled}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint`}
          // Kept as typed (« 2,5 », « 1 000 »): games-api sends it in the API's form (typedBet).
          onChange={(event) => onChange(event.target.value)}
        />
        <Button
          variant="secondary"
          aria-label={t("bet.half")}
          disabled={disabled}
          onClick={() => onChange(halveBet(amount, bounds))}
        >
          ½
        </Button>
        <Button
          variant="secondary"
          aria-label={t("bet.double")}
          disabled={disabled}
          onClick={() => onChange(doubleBet(amount, bounds))}
        >
          ×2
        </Button>
        <Button
          variant="secondary"
          aria-label={t("bet.max")}
          disabled={disabled}
          onClick={() => onChange(maxBetAmount(bounds))}
        >
          Max
        </Button>
      </div>
      <p id={`${id}-hint`} className={`text-xs ${problem ? "text-rose-300" : "text-slate-400"}`}>
        {problem ? (
          t("bet.invalid")
        ) : (
          <AmountHint
            hint={t("bet.bounds", {
              min: freRule(bounds.minBet, i18n.language),
              max: freRule(bounds.maxBet, i18n.language),
            })}
          />
        )}
      </p>
    </div>
  );
}
