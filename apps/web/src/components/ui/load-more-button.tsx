import { Button, type ButtonSize } from "./button";

/** The part of an infinite query (TanStack `useInfiniteQuery`) a « more » button needs. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The « more » button under a paged list: shown while there is a next page, disabled while it loads;
 * `busyLabel` (when given) replaces `label` during the load.
 */
export function LoadMoreButton({
  query,
  label,
  busyLabel,
  size,
  className,
}: {
  query: PagedQuery;
  label: string;
  busyLabel?: string;
  size?: ButtonSize;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage && busyLabel !== undefined ? busyLabel : label}
    </Button>
  );
}
