import { QueryClient } from "@tanstack/react-query";
import { offlineFailure } from "../lib/session";

/** The app's query defaults (server-render.tsx makes one client per render with them). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // "always": offline, a request fails at once (the screen says so and offers to retry)
      // instead of pausing behind an endless spinner; reconnecting refetches what failed
      // ("always" would otherwise turn that off).
      queries: {
        networkMode: "always",
        refetchOnReconnect: true,
        retry: (failureCount, error) => failureCount < 1 && !offlineFailure(error),
        staleTime: 15_000,
      },
      mutations: { networkMode: "always", retry: false },
    },
  });

export const queryClient = createQueryClient();
