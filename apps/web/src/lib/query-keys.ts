/** Query keys shared across features (one feature's event can refresh another's data). */
export const queryKeys = {
  mining: ["mining"] as const,
  referrals: ["referrals"] as const,
  leaderboard: ["leaderboard"] as const,
  wallet: ["wallet"] as const,
  ledger: ["wallet", "ledger"] as const,
  notifications: ["notifications"] as const,
};
