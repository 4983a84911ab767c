import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AppErrorBoundary } from "./error-screen";
import { queryClient } from "./query-client";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppErrorBoundary>
  );
}
