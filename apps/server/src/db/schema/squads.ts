import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

const tz = { withTimezone: true } as const;

/**
 * Squads (issue 38 point 3, decision 0074): communities mining together on a weekly board. The
 * name follows the nickname rules and is unique in any case among squads not disbanded. An admin
 * may hide a squad (off the board, closed to new members) or disband it (every membership ends).
 */
export const squads = pgTable(
  "squads",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    telegramUrl: text("telegram_url"),
    /** Who made it: the referrer of a new user who signs up from the squad's share link. */
    creatorId: text("creator_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull(),
    hiddenAt: timestamp("hidden_at", tz),
    disbandedAt: timestamp("disbanded_at", tz),
  },
  (t) => [
    uniqueIndex("squads_name_key").on(sql`lower(${t.name})`).where(sql`${t.disbandedAt} is null`),
    index("squads_created_idx").on(t.createdAt),
  ],
);

/**
 * Every membership, past and present: at most one open (`left_at` null) per user — the partial
 * unique index makes one squad at a time hold under concurrent joins. A squad's weekly FRE is what
 * its members mined while they were members (the `mining` ledger entries inside each window).
 * `left_reason` `left` starts the 24 h wait before joining another squad; `disbanded` does not.
 */
export const squadMemberships = pgTable(
  "squad_memberships",
  {
    id: text("id").primaryKey(),
    squadId: text("squad_id")
      .notNull()
      .references(() => squads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", tz).notNull(),
    leftAt: timestamp("left_at", tz),
    leftReason: text("left_reason", { enum: ["left", "disbanded"] }),
  },
  (t) => [
    uniqueIndex("squad_memberships_open_key").on(t.userId).where(sql`${t.leftAt} is null`),
    index("squad_memberships_squad_idx").on(t.squadId, t.joinedAt),
    index("squad_memberships_user_idx").on(t.userId, t.leftAt),
    check(
      "squad_memberships_left",
      sql`(${t.leftAt} is null) = (${t.leftReason} is null) and ${t.leftReason} in ('left', 'disbanded')`,
    ),
  ],
);
