import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/** The one global message (row id `current`); each edit raises `revision` so it shows again. */
export const globalMessage = pgTable(
  "global_message",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    type: text("type", { enum: ["info", "warning", "success"] }).notNull(),
    active: boolean("active").notNull().default(false),
    expiresAt: timestamp("expires_at", tz),
    revision: integer("revision").notNull().default(1),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [check("global_message_single_row", sql`${t.id} = 'current'`)],
);

/** Which revision of the global message each user closed (no growing list in the message). */
export const globalMessageReads = pgTable("global_message_reads", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  revision: integer("revision").notNull(),
});

/** Information messages (spec §3 information), newest first. */
export const informationMessages = pgTable(
  "information_messages",
  {
    id: idColumn(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [index("information_messages_created_idx").on(t.createdAt.desc().nullsFirst())],
);

/** Per-user read watermark: messages created after it are unread. */
export const informationReads = pgTable("information_reads", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  readUntil: timestamp("read_until", tz).notNull(),
});
