import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { OfflineBanner, OfflineGate } from "../features/loading/components/offline-notice";
import { AppErrorBoundary } from "./error-screen";
import { queryClient } from "./query-client";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <OfflineGate>{children}</OfflineGate>
        <OfflineBanner />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
