import type { CookieConsent, Me } from "@fre/shared";
import { api } from "../../../lib/api-client";

export function saveConsentOnProfile(cookieConsent: CookieConsent): Promise<Me> {
  return api.patch<Me>("/api/me", { cookieConsent });
}
