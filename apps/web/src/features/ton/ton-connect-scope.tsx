import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { fetchTonConfig } from "./api/ton-api";

type Root = ComponentType<{ children: ReactNode }>;

let rootPromise: Promise<{ default: Root }> | null = null;

/** The widget's module and the server's chain facts, fetched once per tab (retried after a failure). */
function loadRoot(): Promise<{ default: Root }> {
  rootPromise ??= Promise.all([fetchTonConfig(), import("./ton-connect-root")]).then(
    ([config, module]) => {
      module.prepareTonConnect(config);
      return { default: module.PreparedTonConnectRoot };
    },
    (error: unknown) => {
      rootPromise = null;
      throw error;
    },
  );
  return rootPromise;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("ton");
  const { t: tc } = useTranslation();
  return (
    <Alert tone="error">
      <p>{t("card.loadFailed")}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {tc("errors.retry")}
      </Button>
    </Alert>
  );
}

class ScopeBoundary extends Component<
  { children: ReactNode },
  { failed: boolean; attempt: number }
> {
  override state = { failed: false, attempt: 0 };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <LoadFailed
          onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
        />
      );
    }
    return <ScopeContent attempt={this.state.attempt}>{this.props.children}</ScopeContent>;
  }
}

function ScopeContent({ attempt, children }: { attempt: number; children: ReactNode }) {
  // A new lazy component per attempt: React keeps a failed import's error for good.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt is the point
  const Root = useMemo(() => lazy(loadRoot), [attempt]);
  return <Root>{children}</Root>;
}

/**
 * Everything that talks to a TON wallet lives inside this boundary: the widget (and the dev
 * wallet) load here, on the screens that need them, never with the landing.
 */
export function TonConnectScope({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense
      fallback={
        fallback ?? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        )
      }
    >
      <ScopeBoundary>{children}</ScopeBoundary>
    </Suspense>
  );
}
