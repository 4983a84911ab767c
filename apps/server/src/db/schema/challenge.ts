import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const tz = { withTimezone: true } as const;

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

/**
 * One row per account opened, by its address range (IPv4 /24, IPv6 /48) as a keyed hash — never
 * the address: a range that opens many accounts in an hour gets harder challenges. Pruned after
 * a day.
 */
export const challengeSignUps = pgTable(
  "challenge_sign_ups",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    network: text("network").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    index("challenge_sign_ups_network_idx").on(t.network, t.createdAt),
    index("challenge_sign_ups_created_idx").on(t.createdAt),
  ],
);
