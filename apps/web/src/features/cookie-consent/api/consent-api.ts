import type { CookieConsent, Me } from "@fre/shared";
import { api } from "../../../lib/api-client";

export function saveConsentOnProfile(cookieConsent: CookieConsent): Promise<Me> {
  return api.call("PATCH /api/me", { body: { cookieConsent } });
}
