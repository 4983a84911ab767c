import type { RedeemResult } from "@fre/shared";
import { BONUS_CODE_INPUT_MAX_LENGTH } from "@fre/shared";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useFormMutation } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { redeemMessage } from "../bonus-code-values";
import { useRedeemBonusCode } from "../hooks";

const FIELDS = ["code"] as const;

function useResultText() {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  return (result: RedeemResult) => {
    const message = redeemMessage(result);
    const amount = (value: string, context: "balance" | "rate") =>
      `+${formatFreSafe(value, language, context)}`;
    switch (message.key) {
      case "fre":
        return t("bonusCode.result.fre", { amount: amount(message.amount, "balance") });
      case "boost":
        return t("bonusCode.result.boost", {
          amount: amount(message.amount, "rate"),
          hours: message.hours,
        });
      case "boostNoDuration":
        return t("bonusCode.result.boostNoDuration", { amount: amount(message.amount, "rate") });
      case "time_reduction":
        return t("bonusCode.result.time_reduction", { hours: message.hours });
      default:
        return t("bonusCode.result.generic");
    }
  };
}

/** "Code bonus": redeem a code; the balance, rate and session end refresh at once. */
export function RedeemBonusCard() {
  const { t } = useTranslation("app");
  const resultText = useResultText();
  const id = useId();
  const [code, setCode] = useState("");
  const redeem = useFormMutation(useRedeemBonusCode(), {
    fields: FIELDS,
    fallback: t("bonusCode.failed"),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      redeem.fail({ fields: { code: t("bonusCode.required") } });
      return;
    }
    redeem.submit(trimmed, { onSuccess: () => setCode("") });
  }

  const error = redeem.fieldErrors.code ?? redeem.error ?? null;
  const success = redeem.done && redeem.data ? resultText(redeem.data) : null;
  const errorId = `${id}-error`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-3xl border border-night-700 bg-night-850 p-5"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          {t("bonusCode.title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("bonusCode.text")}</p>
      </div>
      <form
        data-testid="bonus-code-form"
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-200">
            {t("bonusCode.label")}
          </label>
          <input
            id={`${id}-input`}
            data-testid="bonus-code-input"
            name="bonus-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={BONUS_CODE_INPUT_MAX_LENGTH}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              redeem.clearField("code");
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClasses} font-mono uppercase tracking-wider`}
          />
        </div>
        <Button type="submit" disabled={redeem.pending} className="min-h-12 sm:w-fit">
          {redeem.pending ? t("bonusCode.submitting") : t("bonusCode.submit")}
        </Button>
      </form>
      <div
        data-testid="bonus-code-result"
        data-state={error ? "error" : success ? "success" : redeem.pending ? "pending" : "idle"}
        data-type={redeem.data?.type}
        data-value={redeem.data?.value}
        aria-live="polite"
        aria-atomic="true"
        className="empty:hidden"
      >
        {error ? (
          <p
            id={errorId}
            className="rounded-xl border border-rose-400/50 bg-rose-500/10 px-4 py-3 text-sm text-rose-100"
          >
            {error}
          </p>
        ) : success ? (
          <p className="rounded-xl border border-emerald-400/50 bg-emerald-500/10 px-4 py-3 text-sm font-semibold text-emerald-100">
            {success}
          </p>
        ) : null}
      </div>
    </section>
  );
}
