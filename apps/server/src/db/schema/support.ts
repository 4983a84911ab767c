import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/** A support request a user follows and admins answer. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: idColumn(),
    userId: userColumn(),
    subject: text("subject").notNull(),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", tz).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    index("support_tickets_user_idx").on(t.userId, t.updatedAt.desc().nullsFirst()),
    index("support_tickets_status_idx").on(t.status, t.updatedAt.desc().nullsFirst()),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: idColumn(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["user", "admin"] }).notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);
