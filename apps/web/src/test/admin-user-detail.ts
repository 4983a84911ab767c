import type { AdminUserDetail } from "@fre/shared";

/** The admin's page of an ordinary user with nothing yet (the tests of that page start from it). */
export const adminUserDetail = (
  id: string,
  over: { balance?: string; roleGrant?: AdminUserDetail["roleGrant"] } = {},
): AdminUserDetail => ({
  user: {
    id,
    nickname: "candidate",
    email: "candidate@example.com",
    referralCode: "CAND1234",
    role: "user",
    emailVerified: true,
    kycStatus: "none",
    suspended: false,
    erased: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    risk: null,
    language: "fr",
    level: 0,
    balance: over.balance ?? "0.000000000",
    totalMined: "0.000000000",
    suspendedAt: null,
    suspendedReason: null,
    referralsCount: 0,
    wallet: null,
  },
  ledger: [],
  miningSessions: [],
  shopOrders: [],
  withdrawals: [],
  roleGrant: over.roleGrant ?? null,
  kyc: null,
  circle: { members: [], membersCount: 0, namedByCount: 0 },
  referrals: { referrer: null, items: [], count: 0 },
  signInSessions: { items: [], count: 0 },
  devices: { push: [], browsers: [], browsersCount: 0 },
});
