/** Admin screens under /admin/<section>, in menu order. */
export const ADMIN_SECTIONS = [
  "kyc",
  "withdrawals",
  "bonus-codes",
  "stats",
  "users",
  "messages",
  "ads",
  "shop",
  "security",
  "outbox",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
