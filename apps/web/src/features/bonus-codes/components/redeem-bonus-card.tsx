import type { RedeemResult } from "@fre/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatFreSafe } from "../../../lib/fre-amount";
import { queryKeys } from "../../../lib/query-keys";
import { meQueryKey } from "../../../lib/session";
import { redeemBonusCode } from "../api/bonus-codes-api";
import { redeemMessage } from "../bonus-code-values";

function useResultText() {
  const { t, i18n } = useTranslation("app");
  const language = i18n.resolvedLanguage ?? "fr";
  return (result: RedeemResult) => {
    const message = redeemMessage(result);
    const amount = (value: string) => `+${formatFreSafe(value, language)}`;
    switch (message.key) {
      case "fre":
        return t("bonusCode.result.fre", { amount: amount(message.amount) });
      case "boost":
        return t("bonusCode.result.boost", {
          amount: amount(message.amount),
          hours: message.hours,
        });
      case "boostNoDuration":
        return t("bonusCode.result.boostNoDuration", { amount: amount(message.amount) });
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
  const queryClient = useQueryClient();
  const resultText = useResultText();
  const id = useId();
  const [code, setCode] = useState("");
  const [emptyError, setEmptyError] = useState(false);
  const redeem = useMutation({
    mutationFn: redeemBonusCode,
    onSuccess: () => {
      setCode("");
      for (const key of [queryKeys.mining, queryKeys.wallet, meQueryKey, queryKeys.notifications]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setEmptyError(true);
      redeem.reset();
      return;
    }
    setEmptyError(false);
    redeem.mutate(trimmed);
  }

  const error = emptyError
    ? t("bonusCode.required")
    : redeem.isError
      ? isApiError(redeem.error)
        ? redeem.error.message
        : t("bonusCode.failed")
      : null;
  const success = redeem.isSuccess ? resultText(redeem.data) : null;
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
            maxLength={64}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              if (emptyError) setEmptyError(false);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClasses} font-mono uppercase tracking-wider`}
          />
        </div>
        <Button type="submit" disabled={redeem.isPending} className="min-h-12 sm:w-fit">
          {redeem.isPending ? t("bonusCode.submitting") : t("bonusCode.submit")}
        </Button>
      </form>
      <div
        data-testid="bonus-code-result"
        data-state={error ? "error" : success ? "success" : redeem.isPending ? "pending" : "idle"}
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
