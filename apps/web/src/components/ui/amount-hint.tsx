import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * What every amount input shows under it: its own hint, if any, then the one example of how an
 * amount is typed (« ex. 12,5 », « ex. −12,5 » when it may be negative). Every amount input
 * reads what is typed with `parseTypedAmount` (decision 0060).
 */
export function AmountHint({ hint, signed = false }: { hint?: ReactNode; signed?: boolean }) {
  const { t } = useTranslation("common");
  const example = (
    <span className="whitespace-nowrap" data-amount-example="">
      {t(signed ? "amount.exampleSigned" : "amount.example")}
    </span>
  );
  if (!hint) return example;
  return (
    <>
      {hint} · {example}
    </>
  );
}
