import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import type { QueryLike } from "../../../components/ui/query-state";
import { QueryState } from "../../../components/ui/query-state";
import { TextField } from "../../../components/ui/text-field";

/** An infinite query of pages of items, as the admin lists read it. */
interface PagedItemsQuery<Item> extends QueryLike<{ pages: { items: Item[] }[] }> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A paged admin list: `empty` when the first page has nothing, else the items of every page
 * loaded, one `<li>` each from `children`, and the « more » button while a page remains.
 */
export function AdminPagedList<Item>({
  query,
  empty,
  className,
  listClassName,
  label,
  testId,
  children,
}: {
  query: PagedItemsQuery<Item>;
  empty: ReactNode;
  /** Classes of the block holding the list and its button. */
  className: string;
  listClassName: string;
  /** The list's accessible name, when it has no heading. */
  label?: string;
  testId?: string;
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <QueryState query={query} isEmpty={(data) => data.pages[0]?.items.length === 0} empty={empty}>
      {(data) => (
        <div className={className}>
          <ul data-testid={testId} className={listClassName} aria-label={label}>
            {data.pages.flatMap((page) => page.items.map(children))}
          </ul>
          <LoadMoreButton
            query={query}
            label={t("users.more")}
            busyLabel={t("users.loading")}
            className="sm:w-fit"
          />
        </div>
      )}
    </QueryState>
  );
}

/** A day typed as the admin filters take it (`jj/mm/aaaa` and the like), with its problem. */
export function DayField({
  label,
  name,
  value,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      maxLength={10}
      placeholder={t("audit.filters2.datePlaceholder")}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
