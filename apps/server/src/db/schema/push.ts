import { index, pgTable, text } from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { createdAtColumn, idColumn } from "./columns.ts";

/** Web Push subscriptions of a user's devices. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: idColumn(),
    userId: userColumn(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
