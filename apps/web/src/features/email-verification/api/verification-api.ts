import { api } from "../../../lib/api-client";
import { VERIFIED_LANDING_PARAM } from "../verified-notice";

export function sendVerificationEmail(email: string): Promise<unknown> {
  return api.call("POST /api/auth/send-verification-email", {
    body: { email, callbackURL: `/dashboard?${VERIFIED_LANDING_PARAM}=1` },
  });
}
