import type { Me } from "@fre/shared";

/** A signed-in user's profile (`GET /api/me`): a new account with nothing yet, unless told. */
export const testMe = (over: Partial<Me> = {}): Me => ({
  id: "00000000-0000-4000-8000-0000000000d1",
  email: "jeanne@example.com",
  emailVerified: false,
  nickname: "Jeanne_1412",
  referralCode: "JEA123",
  role: "user",
  level: 0,
  kycStatus: "none",
  language: "fr",
  cookieConsent: null,
  createdAt: "2026-12-03T09:00:00.000Z",
  balance: "0.000000000",
  totalMined: "0.000000000",
  miningRate: "0.000000000",
  tonWallet: null,
  ...over,
});
