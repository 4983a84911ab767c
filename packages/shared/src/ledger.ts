/**
 * Every kind of FRE movement, one list for the server (types), the database (a CHECK on
 * ledger_entries.kind) and the web (labels). A new kind is added here, then in a migration.
 */
export const LEDGER_KINDS = [
  "mining",
  "bonus",
  "level",
  "purchase",
  "game",
  "jackpot",
  "withdrawal",
  "refund",
  "admin_adjustment",
  "daily_reward",
  "league_reward",
  "task_reward",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export function isLedgerKind(kind: string): kind is LedgerKind {
  return (LEDGER_KINDS as readonly string[]).includes(kind);
}
