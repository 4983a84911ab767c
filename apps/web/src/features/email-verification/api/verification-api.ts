import { api } from "../../../lib/api-client";

export function sendVerificationEmail(email: string): Promise<unknown> {
  return api.post("/api/auth/send-verification-email", { email, callbackURL: "/dashboard" });
}
