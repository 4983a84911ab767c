import { GAMES } from "@fre/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/** The game registry's ids (packages/shared/src/games/registry.ts); the column is text. */
export const GAME_IDS = GAMES;

/**
 * A user's provably fair seed pair (issue 14 §1). The server seed stays in this row and is read
 * only to compute outcomes until the pair is rotated (`revealed_at` set); only its SHA-256 is
 * shown before. `nonce` is the next one to use. One pair in use per user.
 */
export const gameSeedPairs = pgTable(
  "game_seed_pairs",
  {
    id: idColumn(),
    userId: userColumn(),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull().default(0),
    createdAt: timestamp("created_at", tz).notNull(),
    revealedAt: timestamp("revealed_at", tz),
  },
  (t) => [
    uniqueIndex("game_seed_pairs_one_active_key").on(t.userId).where(sql`${t.revealedAt} is null`),
    index("game_seed_pairs_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    check("game_seed_pairs_nonce_non_negative", sql`${t.nonce} >= 0`),
  ],
);

/**
 * Every bet and every multi-step round (one row each). A Towers or Hi-Lo round is `open` while
 * it runs (`state` holds its progress), then `settled`; one open round per game per user.
 */
export const gameBets = pgTable(
  "game_bets",
  {
    /** Page cursor (ascending with time). */
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid("id").notNull().defaultRandom(),
    userId: userColumn(),
    game: text("game", { enum: GAME_IDS }).notNull(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    seedPairId: uuid("seed_pair_id")
      .notNull()
      .references(() => gameSeedPairs.id, { onDelete: "cascade" }),
    nonce: integer("nonce").notNull(),
    /** The client seed when played (a player may change it without rotating the server seed). */
    clientSeed: text("client_seed").notNull(),
    /** The player's choices: picks and risk, difficulty… */
    options: jsonb("options").notNull(),
    /** What the player has seen so far (for an open round) or the whole outcome. */
    outcome: jsonb("outcome").notNull(),
    /** Private progress of an open round (e.g. the hidden traps); null once settled. */
    state: jsonb("state"),
    multiplier: text("multiplier").notNull(),
    payoutNano: bigint("payout_nano", { mode: "bigint" }).notNull().default(sql`0`),
    status: text("status", { enum: ["open", "settled"] }).notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
    settledAt: timestamp("settled_at", tz),
  },
  (t) => [
    uniqueIndex("game_bets_id_key").on(t.id),
    uniqueIndex("game_bets_one_open_round_key")
      .on(t.userId, t.game)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex("game_bets_seed_nonce_key").on(t.seedPairId, t.nonce),
    index("game_bets_user_idx").on(t.userId, t.seq.desc().nullsFirst()),
    check("game_bets_amount_non_negative", sql`${t.amountNano} >= 0`),
    check("game_bets_payout_non_negative", sql`${t.payoutNano} >= 0`),
  ],
);

/**
 * Free slot spins used: the daily one (unique per user and UTC day) and referral bonus spins
 * (one per qualifying referral, counted against this table).
 */
export const slotFreeSpins = pgTable(
  "slot_free_spins",
  {
    id: idColumn(),
    userId: userColumn(),
    kind: text("kind", { enum: ["daily", "bonus"] }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    betId: uuid("bet_id").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    uniqueIndex("slot_free_spins_daily_key").on(t.userId, t.day).where(sql`${t.kind} = 'daily'`),
    index("slot_free_spins_user_idx").on(t.userId, t.kind),
  ],
);

/** The `slot_available` notice: at most one per user and UTC day. */
export const slotNotices = pgTable(
  "slot_notices",
  {
    userId: userColumn(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The progressive jackpot's pool (one row, `fre-machine`); never below zero. */
export const jackpotPools = pgTable(
  "jackpot_pools",
  {
    id: text("id").primaryKey(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [check("jackpot_pools_amount_non_negative", sql`${t.amountNano} >= 0`)],
);

/**
 * The pool's own ledger: the house's seed (at creation and after each win), 1 % of each
 * FRE-machine bet, and wins. `npm run ledger:verify` checks pool = Σ seed + Σ contribution − Σ win.
 */
export const jackpotMovements = pgTable(
  "jackpot_movements",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    poolId: text("pool_id")
      .notNull()
      .references(() => jackpotPools.id),
    kind: text("kind", { enum: ["seed", "contribution", "win"] }).notNull(),
    amountNano: bigint("amount_nano", { mode: "bigint" }).notNull(),
    betId: uuid("bet_id"),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    check("jackpot_movements_amount_positive", sql`${t.amountNano} > 0`),
    index("jackpot_movements_pool_idx").on(t.poolId, t.kind),
  ],
);
