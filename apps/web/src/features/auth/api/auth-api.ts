import type { Language } from "@fre/shared";
import { api } from "../../../lib/api-client";

export interface SignUpInput {
  email: string;
  password: string;
  nickname: string;
  referralCode?: string | undefined;
  language: Language;
}

export function signUp(input: SignUpInput): Promise<unknown> {
  return api.post("/api/auth/sign-up/email", {
    email: input.email,
    password: input.password,
    name: input.nickname,
    nickname: input.nickname,
    ...(input.referralCode ? { referralCode: input.referralCode } : {}),
    language: input.language,
    callbackURL: "/dashboard",
  });
}

export function signIn(email: string, password: string): Promise<unknown> {
  return api.post("/api/auth/sign-in/email", { email, password });
}

export function signOut(): Promise<unknown> {
  return api.post("/api/auth/sign-out", {});
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
}

export function resetPassword(token: string, newPassword: string): Promise<unknown> {
  return api.post("/api/auth/reset-password", { token, newPassword });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return api.post("/api/auth/change-password", {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
}
