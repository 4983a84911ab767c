import { api } from "../../../lib/api-client";
import { VERIFIED_LANDING_PARAM } from "../verified-notice";

export function sendVerificationEmail(email: string): Promise<unknown> {
  return api.post("/api/auth/send-verification-email", {
    email,
    callbackURL: `/dashboard?${VERIFIED_LANDING_PARAM}=1`,
  });
}
