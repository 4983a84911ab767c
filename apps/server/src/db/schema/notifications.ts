import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/** In-app notifications (spec §3): newest first, at most 50 kept per user. */
export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    userId: userColumn(),
    type: text("type").notNull(),
    /** Values for the title/message templates, rendered in the reader's language. */
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    read: boolean("read").notNull().default(false),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);
