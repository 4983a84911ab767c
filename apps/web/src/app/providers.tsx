import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { OfflineBanner, OfflineGate } from "../features/loading/components/offline-notice";
import { AppErrorBoundary } from "./error-screen";
import { queryClient } from "./query-client";

/** `client`: the browser's own by default; a server render brings its own (one per render). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client ?? queryClient}>
        <OfflineGate>{children}</OfflineGate>
        <OfflineBanner />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
