import {
  isWithinFreBound,
  parseFre,
  parseTypedAmount,
  QUEUE_SEARCH_MAX,
  QUEUE_SORTS,
  type QueueSort,
} from "@fre/shared";

/**
 * An admin queue's sort and filters as the URL keeps them (decision 0061): `status`, `sort`,
 * `risk`, `q` (a nickname's or e-mail's start), `minAmount`, `maxAmount` — the API's own names, so a shared link or a reload shows the
 * same list. Amounts stay as the admin typed them (« 100,5 »); the API gets its form (100.5).
 */
export interface QueueSearch<S extends string, R extends string> {
  status: S;
  sort: QueueSort;
  risk: R | undefined;
  q: string;
  minAmount: string;
  maxAmount: string;
}

export interface QueueSearchConfig<S extends string, R extends string> {
  statuses: readonly S[];
  defaultStatus: S;
  defaultSort: (status: S) => QueueSort;
  risks?: readonly R[];
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** What the URL asks for; anything unknown there falls back to the default. */
export function readQueueSearch<S extends string, R extends string = never>(
  params: URLSearchParams,
  config: QueueSearchConfig<S, R>,
): QueueSearch<S, R> {
  const status = pick(params.get("status"), config.statuses) ?? config.defaultStatus;
  return {
    status,
    sort: pick(params.get("sort"), QUEUE_SORTS) ?? config.defaultSort(status),
    risk: config.risks ? pick(params.get("risk"), config.risks) : undefined,
    q: params.get("q") ?? "",
    minAmount: params.get("minAmount") ?? "",
    maxAmount: params.get("maxAmount") ?? "",
  };
}

/**
 * A typed bound (« 1 000,5 ») in the API's form, read by the shared `parseTypedAmount` like every
 * amount input (decision 0060); undefined when left empty, null when unreadable.
 */
export function amountBound(typed: string): string | undefined | null {
  if (typed.trim() === "") return undefined;
  const parsed = parseTypedAmount(typed);
  return parsed.ok && isWithinFreBound(parsed.value) ? parsed.value : null;
}

/** The search as the API takes it: trimmed, within its bound; undefined when empty. */
export const searchOf = (typed: string) => typed.trim().slice(0, QUEUE_SEARCH_MAX) || undefined;

export type AmountProblem = "invalid" | "crossed";

/** Why each bound cannot be sent: unreadable, or a minimum above the maximum. */
export function amountProblems(range: {
  minAmount: string;
  maxAmount: string;
}): Partial<Record<"minAmount" | "maxAmount", AmountProblem>> {
  const min = amountBound(range.minAmount);
  const max = amountBound(range.maxAmount);
  const problems: Partial<Record<"minAmount" | "maxAmount", AmountProblem>> = {};
  if (min === null) problems.minAmount = "invalid";
  if (max === null) problems.maxAmount = "invalid";
  if (min && max && parseFre(min) > parseFre(max)) problems.maxAmount = "crossed";
  return problems;
}

/** The API's query for a search: readable bounds only (an unreadable one is left out). */
export function queueQueryOf<S extends string, R extends string>(search: QueueSearch<S, R>) {
  const problems = amountProblems(search);
  const bound = (name: "minAmount" | "maxAmount") =>
    problems[name] ? undefined : (amountBound(search[name]) ?? undefined);
  return {
    status: search.status,
    sort: search.sort,
    ...(search.risk ? { risk: search.risk } : {}),
    ...(searchOf(search.q) ? { q: searchOf(search.q) } : {}),
    ...(bound("minAmount") !== undefined ? { minAmount: bound("minAmount") } : {}),
    ...(bound("maxAmount") !== undefined ? { maxAmount: bound("maxAmount") } : {}),
  };
}

/** How many filters narrow the list (the status tab and the sort are not filters). */
export const activeFilterCount = (search: {
  risk?: string | undefined;
  q?: string;
  minAmount: string;
  maxAmount: string;
}) =>
  [search.risk, search.q?.trim(), search.minAmount.trim(), search.maxAmount.trim()].filter(Boolean)
    .length;

/** The URL's next search params: each given key set, or removed when empty. */
export function nextQueueParams(
  params: URLSearchParams,
  patch: Partial<Record<"status" | "sort" | "risk" | "q" | "minAmount" | "maxAmount", string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value.trim() === "") next.delete(key);
    else next.set(key, value.trim());
  }
  return next;
}
