import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tz } from "./columns.ts";

/**
 * Proof-of-work challenges already used, by their signature (decision 0044): each is accepted
 * once. A row is kept until its challenge would be refused as expired anyway, then pruned.
 */
export const challengeUses = pgTable(
  "challenge_uses",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", tz).notNull(),
  },
  (t) => [index("challenge_uses_expires_idx").on(t.expiresAt)],
);
