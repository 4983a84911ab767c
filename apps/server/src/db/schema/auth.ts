import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAtColumn, tz } from "./columns.ts";

/** Users: Better Auth's core columns plus the FRE profile fields of spec §3. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    nickname: text("nickname").notNull(),
    referralCode: text("referral_code").notNull().unique(),
    referredBy: text("referred_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    level: integer("level").notNull().default(0),
    kycStatus: text("kyc_status", { enum: ["none", "pending", "approved", "rejected"] })
      .notNull()
      .default("none"),
    language: text("language").notNull().default("fr"),
    cookieConsent: jsonb("cookie_consent").$type<{
      necessary: true;
      functional: boolean;
      analytics: boolean;
      advertising: boolean;
    }>(),
    telegramUsername: text("telegram_username"),
    /** Spendable FRE in nFRE; only ledger writes change it (same transaction). */
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    /** Lifetime mined FRE in nFRE (leaderboard). */
    totalMined: bigint("total_mined", { mode: "bigint" }).notNull().default(sql`0`),
    verificationSentAt: timestamp("verification_sent_at", tz),
    /** Set by an admin: the account may not sign in, and its sessions are gone. */
    suspendedAt: timestamp("suspended_at", tz),
    suspendedReason: text("suspended_reason"),
    /** Set when the user erased their account: personal data gone, ledger rows kept. */
    erasedAt: timestamp("erased_at", tz),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_nickname_lower_key").on(sql`lower(${t.nickname})`),
    // The admin search: prefix matches (`like 'abc%'`) whatever the database's collation.
    index("users_nickname_prefix_idx").on(sql`lower(${t.nickname}) text_pattern_ops`),
    index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
    index("users_referral_code_prefix_idx").on(sql`${t.referralCode} text_pattern_ops`),
    // The admin's user list, newest first, keyset-paged.
    index("users_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("users_referred_by_idx").on(t.referredBy),
    index("users_leaderboard_idx").on(t.totalMined.desc().nullsFirst(), t.createdAt, t.id),
    check("users_balance_non_negative", sql`${t.balance} >= 0`),
  ],
);

/** A user the row belongs to (`user_id` unless named), deleted with them. */
export const userColumn = (name = "user_id") =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: userColumn(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userColumn(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", tz),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", tz),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** Failed sign-ins, keyed by account (`email:…`) and by client (`ip:…`), for the lockout window. */
export const authFailures = pgTable(
  "auth_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", tz).notNull(),
  },
  (t) => [index("auth_failures_key_created_idx").on(t.key, t.createdAt)],
);
