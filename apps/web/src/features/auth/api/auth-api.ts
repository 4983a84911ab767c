import type { Language } from "@fre/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface SignUpInput {
  email: string;
  password: string;
  nickname: string;
  referralCode?: string | undefined;
  language: Language;
  /** The solved sign-up proof of work (the ALTCHA widget's payload). */
  altcha?: string | undefined;
}

export function signUp(input: SignUpInput): Promise<unknown> {
  return api.call("POST /api/auth/sign-up/email", {
    body: {
      email: input.email,
      password: input.password,
      name: input.nickname,
      nickname: input.nickname,
      ...(input.referralCode ? { referralCode: input.referralCode } : {}),
      language: input.language,
      callbackURL: "/dashboard",
      ...(input.altcha ? { altcha: input.altcha } : {}),
    },
  });
}

export function signIn(email: string, password: string): Promise<unknown> {
  return api.call("POST /api/auth/sign-in/email", { body: { email, password } });
}

export function signOut(): Promise<unknown> {
  return api.call("POST /api/auth/sign-out");
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.call("POST /api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
  });
}

export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return api.call("POST /api/auth/reset-password", { body: { token, newPassword } });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return api.call("POST /api/auth/change-password", {
    body: { currentPassword, newPassword, revokeOtherSessions: true },
  });
}

/** Changes the password (the server signs the other sessions out); no query holds it. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (passwords: { current: string; next: string }) =>
      changePassword(passwords.current, passwords.next),
  });
}
