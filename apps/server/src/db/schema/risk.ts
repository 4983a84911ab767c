import type { RiskLevel, RiskReason } from "@fre/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { tz } from "./columns.ts";

/**
 * Bot-farm signals (issue 25, decision 0045): where and on which browser an account signed up
 * and signed in — the network (IPv4 /24, IPv6 /48) and the first-party device id, each a keyed
 * hash with a server secret, never the address or the id. Kept 90 days (the retention sweep).
 */
export const accountSignals = pgTable(
  "account_signals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userColumn(),
    kind: text("kind", { enum: ["sign-up", "sign-in"] }).notNull(),
    network: text("network").notNull(),
    device: text("device"),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [
    index("account_signals_network_idx").on(t.network, t.createdAt),
    index("account_signals_device_idx").on(t.device),
    index("account_signals_user_idx").on(t.userId, t.createdAt),
    index("account_signals_created_idx").on(t.createdAt),
  ],
);

/**
 * An account's risk (decision 0045): the nightly score with its reasons, and what an admin
 * decided. Only admins read it; the user never sees a score.
 */
export const userRisk = pgTable(
  "user_risk",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    score: integer("score").notNull().default(0),
    level: text("level", { enum: ["low", "medium", "high"] })
      .$type<RiskLevel>()
      .notNull()
      .default("low"),
    reasons: jsonb("reasons").$type<RiskReason[]>().notNull().default([]),
    computedAt: timestamp("computed_at", tz),
    /** An admin looked and found nothing to do; a later higher score shows again. */
    reviewedAt: timestamp("reviewed_at", tz),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** Set by an admin: the account's referrals add nothing to its rate. */
    referralBonusWithheldAt: timestamp("referral_bonus_withheld_at", tz),
    /** Set by an admin: the next withdrawal needs a KYC approved after this instant. */
    kycRecheckRequiredAt: timestamp("kyc_recheck_required_at", tz),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    index("user_risk_level_idx").on(t.level, t.score.desc(), t.userId),
    check("user_risk_score_range", sql`${t.score} between 0 and 100`),
  ],
);
