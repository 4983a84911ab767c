/**
 * The reviewed exceptions to the migration check (decision 0053): a migration may keep a
 * finding only by a line here naming its file, the rule and why the lock does no harm. The
 * check fails on a finding with no line and on a line that matches no finding (stale).
 *
 * Every file below was written before FRE's first deployment (issue 33: FRE had never run as
 * a service): each lock fell on a table of a development or test database, empty or a few
 * rows. None of them may serve as a model: a new migration on a live table is written online
 * (docs/operations.md, "Upgrades and migrations"). `npm run bench:migrate` times each on
 * 100 000 users with their history (docs/performance.md).
 */
export type MigrationException = { file: string; rule: string; reason: string };

const beforeDeployment = "written before the first deployment: the table held no production rows";

export const migrationExceptions: MigrationException[] = [
  {
    file: "0001_mining.sql",
    rule: "require-concurrent-index-creation",
    reason: `users_leaderboard_idx on users, ${beforeDeployment}`,
  },
  {
    file: "0001_mining.sql",
    rule: "constraint-missing-not-valid",
    reason: `users_balance_non_negative, ${beforeDeployment} (every balance was 0)`,
  },
  {
    file: "0004_boost_expiry_notice.sql",
    rule: "require-concurrent-index-creation",
    reason: `boosts_expiry_notice_idx, ${beforeDeployment}`,
  },
  {
    file: "0009_index_order.sql",
    rule: "require-concurrent-index-deletion",
    reason: `eight indexes rebuilt NULLS FIRST, ${beforeDeployment}`,
  },
  {
    file: "0009_index_order.sql",
    rule: "require-concurrent-index-creation",
    reason: `the same eight indexes recreated, ${beforeDeployment}`,
  },
  {
    file: "0010_money_kernel.sql",
    rule: "constraint-missing-not-valid",
    reason: `ledger_entries_kind_known (a CHECK on kind), ${beforeDeployment}`,
  },
  {
    file: "0013_shop_open_order.sql",
    rule: "require-concurrent-index-creation",
    reason: `shop_orders_one_open_key, ${beforeDeployment}`,
  },
  {
    file: "0017_games_client_seed.sql",
    rule: "adding-required-field",
    reason: `game_bets.client_seed NOT NULL without default: ${beforeDeployment} (it fails on any row)`,
  },
  {
    file: "0018_ton_wallet_hash.sql",
    rule: "require-concurrent-index-deletion",
    reason: `ton_wallets_address_key replaced by a hash key, ${beforeDeployment}`,
  },
  {
    file: "0018_ton_wallet_hash.sql",
    rule: "require-concurrent-index-creation",
    reason: `ton_wallets_address_hash_key, ${beforeDeployment}`,
  },
  {
    file: "0019_audit_log.sql",
    rule: "require-concurrent-index-creation",
    reason: `four admin search indexes on users, ${beforeDeployment}`,
  },
  {
    file: "0019_audit_log.sql",
    rule: "constraint-missing-not-valid",
    reason: `ledger_entries_kind_known widened (drop and re-add), ${beforeDeployment}`,
  },
  {
    file: "0020_admin_console.sql",
    rule: "require-concurrent-index-creation",
    reason: `stats indexes on ledger_entries, mining_sessions, withdrawals, ${beforeDeployment}`,
  },
  {
    file: "0020_admin_console.sql",
    rule: "constraint-missing-not-valid",
    reason: `second approval's foreign key and range check on withdrawals, ${beforeDeployment}`,
  },
  {
    file: "0020_admin_console.sql",
    rule: "adding-foreign-key-constraint",
    reason: `withdrawals.first_approved_by → users, a new nullable column: ${beforeDeployment}`,
  },
  {
    file: "0022_outbox_user_index.sql",
    rule: "require-concurrent-index-creation",
    reason: `outbox_effects_user_idx, ${beforeDeployment}`,
  },
  {
    file: "0024_daily_loop.sql",
    rule: "require-concurrent-index-creation",
    reason: `ledger_entries_mined_idx, ${beforeDeployment}`,
  },
  {
    file: "0024_daily_loop.sql",
    rule: "constraint-missing-not-valid",
    reason: `ledger_entries_kind_known widened for the daily kinds, ${beforeDeployment}`,
  },
  {
    file: "0028_risk_signals.sql",
    rule: "require-concurrent-index-creation",
    reason: `kyc_requests_document_number_idx, ${beforeDeployment}`,
  },
  {
    file: "0029_challenge_counts_from_signals.sql",
    rule: "ban-drop-table",
    reason: `challenge_sign_ups, no longer read by the same release's code: ${beforeDeployment}`,
  },
  {
    file: "0030_outbox_effect_order.sql",
    rule: "adding-field-with-default",
    reason: `outbox_effects.seq identity column (a table rewrite), ${beforeDeployment}`,
  },
  {
    file: "0032_audit_log_owner.sql",
    rule: "lock-table",
    reason:
      "audit_log's hand-over to fre_audit_owner (decision 0050): the lock guards a check-then-alter of owner and grants, no scan or rewrite, and is skipped once done",
  },
];
