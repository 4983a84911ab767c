import { QUEUE_SEARCH_MAX, QUEUE_SORTS, type QueueSort } from "@fre/shared";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AmountHint } from "../ui/amount-hint";
import { Button } from "../ui/button";
import { ChoiceOptions } from "../ui/choice-options";
import { TextField } from "../ui/text-field";
import { activeFilterCount, amountProblems } from "./queue-search";

const selectClasses =
  "block min-h-11 w-full rounded-xl border border-night-600 bg-night-850 px-3 text-sm text-slate-50 focus:border-amber-300 focus:outline-none focus-visible:outline-2 focus-visible:outline-amber-300";

export interface QueueControlsProps<R extends string> {
  /** What "amount" means in this queue: a withdrawal's amount, or a KYC user's balance. */
  amountKind: "amount" | "balance";
  sort: QueueSort;
  onSort: (sort: QueueSort) => void;
  /** The risk levels to filter by (withdrawals); none: no risk filter. */
  risks?: readonly R[];
  risk?: R | undefined;
  onRisk?: (risk: R | undefined) => void;
  /** The search: the start of the user's nickname or e-mail. */
  q: string;
  minAmount: string;
  maxAmount: string;
  /** The search and the amount range, applied together (« Appliquer », or Enter). */
  onApply: (filters: QueueFilters) => void;
  /** « Effacer »: every filter off at once (the risk too). */
  onClear: () => void;
}

export interface QueueFilters {
  q: string;
  minAmount: string;
  maxAmount: string;
}

/**
 * An admin queue's sort (always in view) and its filters (folded under « Filtres », with how many
 * are on): two rows at most at 390 px. Amounts are typed as people write them (« 100,5 »).
 */
export function QueueControls<R extends string>(props: QueueControlsProps<R>) {
  const { t } = useTranslation("admin");
  const id = useId();
  const [range, setRange] = useState<QueueFilters>({
    q: props.q,
    minAmount: props.minAmount,
    maxAmount: props.maxAmount,
  });
  const [shown, setShown] = useState(false);
  const problems = shown ? amountProblems(range) : amountProblems(props);
  const count = activeFilterCount(props);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    const found = amountProblems(range);
    if (found.minAmount || found.maxAmount) return;
    props.onApply(range);
  };
  const problemText = (name: "minAmount" | "maxAmount") => {
    const problem = problems[name];
    if (!problem) return undefined;
    return problem === "crossed" ? t("queues.crossedRange") : t("queues.invalidAmount");
  };
  return (
    <div className="grid gap-2" data-testid="queue-controls">
      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3">
        <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-200">
          {t("queues.sort")}
        </label>
        <select
          id={`${id}-sort`}
          value={props.sort}
          onChange={(event) => props.onSort(event.target.value as QueueSort)}
          className={selectClasses}
          data-testid="queue-sort"
        >
          <ChoiceOptions
            values={QUEUE_SORTS}
            label={(sort) =>
              sort === "oldest" || sort === "newest"
                ? t(`queues.sorts.${sort}`)
                : t(`queues.amountSorts.${props.amountKind}.${sort}`)
            }
          />
        </select>
      </div>
      <details className="rounded-xl border border-night-700 px-3 py-2" open={count > 0}>
        <summary className="min-h-8 cursor-pointer text-sm font-medium text-slate-200">
          {count > 0 ? t("queues.filtersActive", { count }) : t("queues.filters")}
        </summary>
        <form onSubmit={apply} noValidate className="grid gap-3 pt-2" data-testid="queue-filters">
          {props.risks && props.onRisk ? (
            <div className="grid gap-1">
              <label htmlFor={`${id}-risk`} className="text-sm font-medium text-slate-200">
                {t("queues.risk")}
              </label>
              <select
                id={`${id}-risk`}
                value={props.risk ?? ""}
                onChange={(event) => props.onRisk?.((event.target.value || undefined) as R)}
                className={selectClasses}
                data-testid="queue-risk"
              >
                <ChoiceOptions
                  values={props.risks}
                  label={(risk) => t(`queues.risks.${risk as "high" | "medium" | "low"}`)}
                  any={t("queues.risks.all")}
                />
              </select>
            </div>
          ) : null}
          <TextField
            label={t("queues.search")}
            hint={t("queues.searchHint")}
            type="search"
            autoComplete="off"
            maxLength={QUEUE_SEARCH_MAX}
            value={range.q}
            onChange={(event) => setRange({ ...range, q: event.target.value })}
            data-testid="queue-search"
          />
          <div className="grid grid-cols-2 gap-2">
            {(["minAmount", "maxAmount"] as const).map((name) => (
              <TextField
                key={name}
                label={t(`queues.${name === "minAmount" ? "min" : "max"}.${props.amountKind}`)}
                inputMode="decimal"
                autoComplete="off"
                hint={<AmountHint />}
                value={range[name]}
                error={problemText(name)}
                aria-invalid={problems[name] ? true : undefined}
                onChange={(event) => {
                  setRange({ ...range, [name]: event.target.value });
                  setShown(true);
                }}
                data-testid={`queue-${name}`}
              />
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" data-testid="queue-apply">
              {t("queues.apply")}
            </Button>
            {count > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  const none = { q: "", minAmount: "", maxAmount: "" };
                  setRange(none);
                  setShown(false);
                  props.onClear();
                }}
              >
                {t("queues.clear")}
              </Button>
            ) : null}
          </div>
        </form>
      </details>
    </div>
  );
}
