import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { featuresKeys, isPlatformRefusal } from "../features/platform-status/api/features-api";
import { offlineFailure } from "../lib/session";

/** The app's query defaults (server-render.tsx makes one client per render with them). */
export const createQueryClient = () => {
  // A feature switched off or a maintenance begun since the last poll: ask for the switches
  // now, so the screen says why at once.
  const onError = (error: unknown) => {
    if (isPlatformRefusal(error)) void client.invalidateQueries({ queryKey: featuresKeys.all });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
};

export const queryClient = createQueryClient();
