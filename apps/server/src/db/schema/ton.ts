import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { tz } from "./columns.ts";

/** The TON wallet a user proved to own (ton_proof); one per user, one user per wallet. */
export const tonWallets = pgTable(
  "ton_wallets",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Raw form `0:<64 hex>`, lower case: basechain only (a `-1:` row predates that rule). */
    address: text("address").notNull(),
    network: text("network", { enum: ["-239", "-3"] }).notNull(),
    publicKey: text("public_key").notNull(),
    linkedAt: timestamp("linked_at", tz).notNull(),
  },
  (t) => [
    // One account per wallet: a state init fixes the address's hash, not its workchain (the same
    // wallet is `0:<h>` and `-1:<h>`), so the hash, not the whole address, is what is unique.
    uniqueIndex("ton_wallets_address_hash_key").on(sql`split_part(${t.address}, ':', 2)`),
  ],
);

/** Challenges handed out for ton_proof: single use, short-lived, bound to the asking user. */
export const tonProofPayloads = pgTable(
  "ton_proof_payloads",
  {
    payload: text("payload").primaryKey(),
    userId: userColumn(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    usedAt: timestamp("used_at", tz),
  },
  (t) => [index("ton_proof_payloads_expires_idx").on(t.expiresAt)],
);

/** Where a chain reader stopped (the lt of the last transaction examined), per reader. */
export const chainCursors = pgTable("chain_cursors", {
  name: text("name").primaryKey(),
  cursor: text("cursor").notNull(),
  updatedAt: timestamp("updated_at", tz).notNull(),
});

// The simulated chain (TON_API_URL=simulated): accounts, balances and transfers kept in the
// database, so that a restart of the server neither forgets a payment nor replays one.

export const simChainAccounts = pgTable(
  "sim_chain_accounts",
  {
    /** Raw form `0:<64 hex>`. */
    address: text("address").primaryKey(),
    balanceNano: bigint("balance_nano", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [check("sim_chain_accounts_balance_non_negative", sql`${t.balanceNano} >= 0`)],
);

export const simChainJettons = pgTable(
  "sim_chain_jettons",
  {
    address: text("address").notNull(),
    symbol: text("symbol").notNull(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.symbol] }),
    check("sim_chain_jettons_amount_non_negative", sql`${t.amountNano} >= 0`),
  ],
);

/** Every transfer on the simulated chain, in chain order (`lt`). */
export const simChainTransactions = pgTable(
  "sim_chain_transactions",
  {
    lt: bigint("lt", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    hash: text("hash").notNull(),
    source: text("source").notNull(),
    destination: text("destination").notNull(),
    /** "TON", or a jetton's symbol. */
    asset: text("asset").notNull(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    comment: text("comment"),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    uniqueIndex("sim_chain_transactions_hash_key").on(t.hash),
    index("sim_chain_transactions_destination_idx").on(t.destination, t.lt),
  ],
);

/**
 * Payouts of the simulated chain's hot wallet (FRE jettons to a user's wallet), one per
 * reference (the withdrawal id): asking again with the reference returns the first payout.
 */
export const simChainPayouts = pgTable("sim_chain_payouts", {
  reference: text("reference").primaryKey(),
  /** The hash of the jetton transfer it made (sim_chain_transactions). */
  payoutId: text("payout_id").notNull(),
  destination: text("destination").notNull(),
  amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
  createdAt: timestamp("created_at", tz).notNull(),
});
