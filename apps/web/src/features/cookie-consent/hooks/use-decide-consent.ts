import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type Me, meQueryKey, setMe } from "../../../lib/session";
import { saveConsentOnProfile } from "../api/consent-api";
import { type CookieConsent, storeConsent } from "../consent-store";

/** Stores a decision locally and, for a signed-in user, on the profile. */
export function useDecideConsent() {
  const queryClient = useQueryClient();
  return useCallback(
    (consent: CookieConsent) => {
      storeConsent(consent);
      const me = queryClient.getQueryData<Me | null>(meQueryKey);
      if (!me) return;
      saveConsentOnProfile(consent).then(
        (updated) => setMe(queryClient, updated),
        (error: unknown) => console.warn("Could not save cookie consent on the profile", error),
      );
    },
    [queryClient],
  );
}
