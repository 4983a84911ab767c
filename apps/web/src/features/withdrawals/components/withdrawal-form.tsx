import type { WithdrawalLimits } from "@fre/shared";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { AmountHint } from "../../../components/ui/amount-hint";
import { Button, ButtonLink } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { isApiError } from "../../../lib/api-client";
import { formatFreSafe } from "../../../lib/fre-amount";
import { shortAddress } from "../../../lib/ton-format";
import { formErrorsOf } from "../../../lib/use-form-mutation";
import { useLanguage } from "../../../lib/use-language";
import { useCreateWithdrawal } from "../api/use-withdrawals";
import { newIdempotencyKey } from "../api/withdrawals-api";
import { retryableWithSameKey, type Submission, submissionFor } from "../idempotency";
import { amountIssue, maxAmount, typedAmount } from "../withdrawal-amount";

const FIELDS = ["amount"] as const;
const AMOUNT_ERRORS = {
  AMOUNT_BELOW_MINIMUM: "amount",
  INSUFFICIENT_BALANCE: "amount",
} as const;

/**
 * The amount to withdraw to the linked wallet. One Idempotency-Key per submitted amount: a
 * retry after a lost answer (no answer, or a server failure) sends the same key, so the server
 * holds the FRE once; a refusal or a success starts a fresh key.
 */
export function WithdrawalForm({ limits }: { limits: WithdrawalLimits }) {
  const { t } = useTranslation("withdrawals");
  const { language } = useLanguage();
  const [amount, setAmount] = useState("");
  const [done, setDone] = useState(false);
  const pendingKey = useRef<Submission | null>(null);
  const create = useCreateWithdrawal();
  const [clientError, setClientError] = useState<string>();
  const refused = create.isError
    ? formErrorsOf(create.error, {
        fields: FIELDS,
        fallback: t("errors.generic"),
        errorFields: AMOUNT_ERRORS,
      })
    : undefined;
  const amountError = clientError ?? refused?.fields.amount;
  // A new identity check is needed (decision 0045): the server's reason, and the way to /kyc.
  const recheck = isApiError(create.error, "KYC_RECHECK_REQUIRED");
  const clear = () => {
    setClientError(undefined);
    setDone(false);
    create.reset();
  };
  const input = useRef<HTMLDivElement>(null);
  const freText = (value: string) => formatFreSafe(value, language, "balance");

  const focusAmount = () => input.current?.querySelector("input")?.focus();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setClientError(undefined);
    const issue = amountIssue(amount, limits);
    if (issue) {
      create.reset();
      setClientError(
        t(`errors.${issue}`, {
          minimum: freText(limits.minimum),
          balance: freText(limits.balance),
        }),
      );
      focusAmount();
      return;
    }
    const submission = submissionFor(
      pendingKey.current,
      typedAmount(amount) ?? amount,
      newIdempotencyKey,
    );
    pendingKey.current = submission;
    create.mutate(submission, {
      onSuccess: () => {
        pendingKey.current = null;
        setAmount("");
        setDone(true);
      },
      onError: (error) => {
        if (!retryableWithSameKey(error)) pendingKey.current = null;
        focusAmount();
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-4 rounded-2xl border border-night-700 bg-night-850 p-4"
      data-testid="withdrawal-form"
      aria-labelledby="withdrawal-form-title"
    >
      <h2 id="withdrawal-form-title" className="text-lg font-bold text-white">
        {t("form.title")}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t("form.balance")}</dt>
        <dd className="font-semibold tabular-nums text-white" data-testid="withdrawal-balance">
          {freText(limits.balance)} FRE
        </dd>
        <dt className="text-muted">{t("form.minimum")}</dt>
        <dd className="tabular-nums">{freText(limits.minimum)} FRE</dd>
        <dt className="text-muted">{t("form.to")}</dt>
        <dd className="font-mono" title={limits.wallet ?? undefined}>
          {limits.wallet ? shortAddress(limits.wallet) : "—"}
        </dd>
      </dl>
      <div ref={input}>
        <TextField
          label={t("form.amount")}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          maxLength={24}
          hint={<AmountHint hint={t("form.amountHint", { minimum: freText(limits.minimum) })} />}
          error={amountError}
          onChange={(event) => {
            setAmount(event.target.value);
            clear();
          }}
          trailing={
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setAmount(maxAmount(limits.balance));
                clear();
              }}
              aria-label={t("form.maxLabel")}
            >
              {t("form.max")}
            </Button>
          }
        />
      </div>
      {refused?.form && (
        <Alert tone="error" className={recheck ? "grid gap-2" : ""}>
          {recheck ? <p>{refused.form}</p> : refused.form}
          {recheck ? (
            <ButtonLink
              to="/kyc"
              variant="secondary"
              size="sm"
              className="w-fit"
              data-testid="withdrawal-recheck-kyc"
            >
              {t("form.recheckLink")}
            </ButtonLink>
          ) : null}
        </Alert>
      )}
      {done && <Alert tone="success">{t("form.sent")}</Alert>}
      <Button type="submit" disabled={create.isPending} data-testid="withdrawal-submit">
        {create.isPending ? t("form.sending") : t("form.submit")}
      </Button>
    </form>
  );
}
