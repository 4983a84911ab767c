import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../components/ui/button";
import { Logo } from "../components/ui/logo";
import { isOfflineError, OfflineNotice } from "../features/loading/components/offline-notice";
import { rateLimitWait } from "./rate-limit-wait";

// Shown after a 429 only (static files are never rate-limited, so its chunk still comes): not
// on every landing.
const RateLimitedScreen = lazy(() =>
  import("./rate-limited-screen").then((m) => ({ default: m.RateLimitedScreen })),
);

/** Spec §2 error screen: title, the error text (or a generic one) and a reload button. */
export function ErrorScreen({ message }: { message?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="flex max-w-md flex-col items-center gap-4">
        <Logo className="size-14 opacity-80" />
        <h1 data-testid="page-title" className="text-2xl font-bold text-white">
          {t("errorScreen.title")}
        </h1>
        <p data-testid="error-message" className="break-words text-muted">
          {message || t("errorScreen.unexpected")}
        </p>
        <Button size="lg" onClick={() => window.location.reload()}>
          {t("errorScreen.reload")}
        </Button>
      </div>
    </main>
  );
}

const reload = () => window.location.reload();

function messageOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return error.statusText || undefined;
  if (error instanceof Error) return error.message || undefined;
  return undefined;
}

/** errorElement of the router: a screen that could not load for want of a network says so. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isOfflineError(error)) return <OfflineNotice />;
  const wait = rateLimitWait(error);
  if (wait !== null) {
    return (
      <Suspense fallback={null}>
        <RateLimitedScreen seconds={wait} onRetry={reload} />
      </Suspense>
    );
  }
  return <ErrorScreen message={messageOf(error)} />;
}

/** Catches render errors outside the router (providers, boot). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unhandled render error", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error && isOfflineError(error)) return <OfflineNotice />;
    if (error) return <ErrorScreen message={messageOf(error)} />;
    return this.props.children;
  }
}
