import { COOKIE_BANNER_DELAY_MS } from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { setMe, useMe } from "../../../lib/session";
import { saveConsentOnProfile } from "../api/consent-api";
import { closeConsentDialog, storeConsent, useConsentState } from "../consent-store";
import { useDecideConsent } from "../hooks/use-decide-consent";
import { startConsentedScripts } from "../load-script-with-consent";

// The banner is only needed once per device: keep it out of the landing's entry chunk.
const CookieBanner = lazy(() =>
  import("./cookie-banner").then((module) => ({ default: module.CookieBanner })),
);

/** Mounted once at the root: shows the banner, keeps local and profile consent in step. */
export function CookieConsent() {
  const { consent, dialogOpen } = useConsentState();
  const decide = useDecideConsent();
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const [delayPassed, setDelayPassed] = useState(false);

  useEffect(() => startConsentedScripts(), []);

  useEffect(() => {
    if (consent !== null) return;
    const timer = window.setTimeout(() => setDelayPassed(true), COOKIE_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [consent]);

  // Signing in on a device that never decided adopts the profile's choice; a local
  // decision made while signed out is carried up to a profile that has none.
  const profileConsent = me?.cookieConsent;
  const signedIn = Boolean(me);
  useEffect(() => {
    if (!signedIn) return;
    if (consent === null && profileConsent) storeConsent(profileConsent);
    else if (consent !== null && profileConsent === null) {
      saveConsentOnProfile(consent).then(
        (updated) => setMe(queryClient, updated),
        (error: unknown) => console.warn("Could not save cookie consent on the profile", error),
      );
    }
  }, [signedIn, consent, profileConsent, queryClient]);

  const visible = dialogOpen || (consent === null && delayPassed && !(signedIn && profileConsent));
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner
        current={consent}
        reopened={dialogOpen}
        onDecide={decide}
        onClose={closeConsentDialog}
      />
    </Suspense>
  );
}
