import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "./alert";
import { Button } from "./button";
import { PageLoader } from "./spinner";

/** The part of a TanStack query result the ladder reads. */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * Where "Retry" goes: under the alert (a whole screen), inside it (a section of a screen),
 * or nowhere (a request that will not get better by asking again).
 */
export type RetryPlacement = "below" | "inline" | "none";

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The alert's text; defaults to the error's own message (the API's, already translated). */
  error?: ReactNode | ((error: Error) => ReactNode);
  retry?: RetryPlacement | ((error: Error) => RetryPlacement);
  /** Shown until the first answer; defaults to the centred spinner. */
  loading?: ReactNode;
  /** With `empty`: what to show instead of `children` when the answer has nothing to list. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The loading → error → empty → content ladder of a screen fed by one query. Data already
 * shown wins over a failed background refresh (the previous answer stays on screen).
 */
export function QueryState<T>({
  query,
  error,
  retry = "below",
  loading,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) {
    return isEmpty?.(query.data) ? empty : children(query.data);
  }
  if (!query.isError || !query.error) return loading ?? <PageLoader />;

  const failure = query.error;
  const text = typeof error === "function" ? error(failure) : (error ?? failure.message);
  const placement = typeof retry === "function" ? retry(failure) : retry;
  const retryButton = (size: "sm" | "md", className?: string) => (
    <Button
      variant="secondary"
      size={size}
      className={className}
      onClick={() => void query.refetch()}
    >
      {t("errors.retry")}
    </Button>
  );

  if (placement === "inline") {
    return (
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{text}</span>
          {retryButton("sm")}
        </div>
      </Alert>
    );
  }
  if (placement === "below") {
    return (
      <div className="grid gap-3">
        <Alert tone="error">{text}</Alert>
        {retryButton("md", "w-fit")}
      </div>
    );
  }
  return <Alert tone="error">{text}</Alert>;
}
