import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "../ui/button";
import { LoadMoreButton } from "../ui/load-more-button";
import { type QueryLike, QueryState } from "../ui/query-state";
import { QueueControls } from "./queue-controls";
import { nextQueueParams, type QueueSearchConfig, readQueueSearch } from "./queue-search";

export type QueuePatch = Parameters<typeof nextQueueParams>[1];

/** A review queue's search as the URL keeps it, and how to change it (the history is replaced). */
export function useQueueSearch<S extends string, R extends string = never>(
  config: QueueSearchConfig<S, R>,
) {
  const [params, setParams] = useSearchParams();
  const search = readQueueSearch(params, config);
  const update = (patch: QueuePatch) =>
    setParams((current) => nextQueueParams(current, patch), { replace: true });
  return { config, search, update };
}

/**
 * A queue's status tabs (the default status leaves the URL), then its sort and filters, all
 * bound to the URL's search.
 */
export function QueueFilters<S extends string, R extends string>({
  queue: { config, search, update },
  amountKind,
  tabsLabel,
  tabLabel,
  onTab,
}: {
  queue: ReturnType<typeof useQueueSearch<S, R>>;
  amountKind: "amount" | "balance";
  tabsLabel: string;
  tabLabel: (status: S) => string;
  /** Called after a tab is chosen (e.g. to close what was open). */
  onTab?: () => void;
}) {
  return (
    <>
      <div role="tablist" aria-label={tabsLabel} className="flex flex-wrap gap-2">
        {config.statuses.map((name) => (
          <Button
            key={name}
            role="tab"
            size="sm"
            variant={search.status === name ? "primary" : "secondary"}
            aria-selected={search.status === name}
            onClick={() => {
              update({ status: name === config.defaultStatus ? undefined : name });
              onTab?.();
            }}
          >
            {tabLabel(name)}
          </Button>
        ))}
      </div>
      <QueueControls
        key={`${search.q}|${search.minAmount}|${search.maxAmount}`}
        amountKind={amountKind}
        sort={search.sort}
        onSort={(sort) => update({ sort })}
        {...(config.risks
          ? { risks: config.risks, risk: search.risk, onRisk: (risk) => update({ risk }) }
          : {})}
        q={search.q}
        minAmount={search.minAmount}
        maxAmount={search.maxAmount}
        onApply={(filters) => update(filters)}
        onClear={() =>
          update({ risk: undefined, q: undefined, minAmount: undefined, maxAmount: undefined })
        }
      />
    </>
  );
}

interface PagedItems<T> {
  pages: { items: T[] }[];
}

/**
 * A queue's pages as one list (an item that moved between two pages while they were read is
 * listed once), its empty line, and its « more » button.
 */
export function QueuePages<T>({
  query,
  keyOf,
  empty,
  moreClassName,
  children,
}: {
  query: QueryLike<PagedItems<T>> & {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
  keyOf: (item: T) => string;
  empty: string;
  moreClassName?: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <>
      <QueryState
        query={query}
        retry="inline"
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={<p className="text-sm text-muted">{empty}</p>}
      >
        {(data) =>
          children(
            uniqueBy(
              data.pages.flatMap((page) => page.items),
              keyOf,
            ),
          )
        }
      </QueryState>
      <LoadMoreButton query={query} label={t("queues.more")} size="sm" className={moreClassName} />
    </>
  );
}

function uniqueBy<T>(items: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(keyOf(item)) && Boolean(seen.add(keyOf(item))));
}
