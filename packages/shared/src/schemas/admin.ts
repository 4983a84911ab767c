import { z } from "zod";
import { ADMIN_CODE_MAX_LENGTH, ADMIN_CODE_MIN_LENGTH } from "../constants.ts";
import { LEDGER_KINDS } from "../ledger.ts";
import { isWithinFreBound, MAX_FRE_AMOUNT, normalizeTypedFre } from "../money.ts";
import { riskLevelSchema } from "./risk.ts";

export const adminAccessBodySchema = z.object({
  code: z.string().min(1).max(ADMIN_CODE_MAX_LENGTH),
});
export const adminAccessStatusSchema = z.object({
  elevated: z.boolean(),
  expiresAt: z.string().nullable(),
});
export const adminCodeChangeBodySchema = z.object({
  code: z.string().min(ADMIN_CODE_MIN_LENGTH).max(ADMIN_CODE_MAX_LENGTH),
});
/**
 * What PUT /api/admin/security/code accepts: only the upper bound, because the service checks
 * the minimum itself so the spec's own message is shown (adminCodeChangeBodySchema is the
 * full rule, for forms).
 */
export const adminNewAccessCodeBodySchema = z.object({
  code: z.string().max(ADMIN_CODE_MAX_LENGTH),
});
export const adminSummarySchema = z.object({
  pendingKyc: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /** Support tickets waiting for the team's answer (status "open"). */
  openSupportTickets: z.number().int(),
  /** Live requests to make someone an admin, waiting for a second admin (decision 0049). */
  pendingRoleGrants: z.number().int(),
});
export const securityLogEntrySchema = z.object({
  id: z.string(),
  userId: z.string(),
  nickname: z.string().nullable(),
  action: z.string(),
  timestamp: z.string(),
});
export const securityLogSchema = z.object({ items: z.array(securityLogEntrySchema) });
export type AdminSummary = z.infer<typeof adminSummarySchema>;
export type SecurityLogEntry = z.infer<typeof securityLogEntrySchema>;
export type AdminAccessBody = z.infer<typeof adminAccessBodySchema>;
export type AdminAccessStatus = z.infer<typeof adminAccessStatusSchema>;
export type AdminNewAccessCodeBody = z.infer<typeof adminNewAccessCodeBodySchema>;
export type SecurityLog = z.infer<typeof securityLogSchema>;

/** The admin's user search: a prefix of a nickname, an e-mail or a referral code. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** The review queue (decision 0045): accounts at this risk level, highest score first. */
  risk: riskLevelSchema.exclude(["low"]).optional(),
  /** The last user of the previous page (its id), from `nextCursor`. */
  cursor: z.string().trim().min(1).max(100).optional(),
});
/**
 * The console's quick search (decision 0057): what an admin types in a header's search field —
 * the start of an e-mail, a nickname or a Telegram username (with or without `@`), a whole
 * wallet address (raw or user-friendly) or a user id. At most ADMIN_USER_SEARCH_LIMIT answers.
 */
export const ADMIN_USER_SEARCH_LIMIT = 10;
export const adminUserSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(100) });
export const adminUserSearchHitSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  email: z.string(),
  telegramUsername: z.string().nullable(),
  walletAddress: z.string().nullable(),
  erased: z.boolean(),
  /** What the typed text matched, best first: the user id, the wallet, then the prefixes. */
  matchedBy: z.enum(["id", "wallet", "email", "nickname", "telegram"]),
});
export const adminUserSearchSchema = z.object({
  items: z.array(adminUserSearchHitSchema).max(ADMIN_USER_SEARCH_LIMIT),
});
export const adminUserParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
export const adminUserRowSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  email: z.string(),
  referralCode: z.string(),
  role: z.enum(["user", "admin"]),
  emailVerified: z.boolean(),
  kycStatus: z.enum(["none", "pending", "approved", "rejected"]),
  suspended: z.boolean(),
  /** The user erased their account (decision 0028): what is shown is the anonymised row. */
  erased: z.boolean(),
  createdAt: z.string(),
  /** The last nightly risk score (decision 0045); null before the account was ever scored. */
  risk: z.object({ level: riskLevelSchema, score: z.number().int() }).nullable(),
});
export const adminUserListSchema = z.object({
  items: z.array(adminUserRowSchema),
  nextCursor: z.string().nullable(),
});
/**
 * A console request to make this user an admin, waiting for a second admin (decision 0049): not
 * the requester, not the grantee. Only a live one is shown (not expired, its requester still an
 * active admin).
 */
export const adminRoleGrantSchema = z.object({
  id: z.string(),
  requestedBy: z.object({ id: z.string(), nickname: z.string() }),
  reason: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export const adminRoleGrantParamsSchema = z.object({ id: z.uuid() });
/** The live grant requests, oldest first, each with whom it would make an admin. */
export const adminPendingRoleGrantsSchema = z.object({
  items: z.array(
    adminRoleGrantSchema.extend({ grantee: z.object({ id: z.string(), nickname: z.string() }) }),
  ),
});
/** Another account as the user page names it: the id for a link, the nickname to read. */
export const adminUserRefSchema = z.object({ id: z.string(), nickname: z.string() });
export const BROWSERS = [
  "chrome",
  "firefox",
  "safari",
  "edge",
  "opera",
  "samsung",
  "telegram",
  "other",
] as const;
export const OPERATING_SYSTEMS = [
  "android",
  "ios",
  "windows",
  "macos",
  "linux",
  "chromeos",
  "other",
] as const;
export const DEVICE_FORMS = ["phone", "tablet", "computer"] as const;
/** Where a Web Push subscription's endpoint lives, which names the browser family. */
export const PUSH_SERVICES = ["google", "mozilla", "apple", "microsoft", "other"] as const;
/** A user agent read into words (describeUserAgent): the raw header is not sent. */
export const userAgentSummarySchema = z.object({
  browser: z.enum(BROWSERS),
  os: z.enum(OPERATING_SYSTEMS),
  form: z.enum(DEVICE_FORMS).nullable(),
});
export type UserAgentSummary = z.infer<typeof userAgentSummarySchema>;
export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  amount: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});
/** A user's ledger in the console: newest first, 25 a page, by kind and by days (UTC). */
export const adminUserLedgerQuerySchema = z.object({
  kind: z.enum(LEDGER_KINDS).optional(),
  /** From this day (UTC), inclusive. */
  from: z.iso.date().optional(),
  /** Until the end of this day (UTC), inclusive. */
  to: z.iso.date().optional(),
  /** The id of the last entry seen: older ones come next. */
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "must be a page cursor")
    .optional(),
});
export const adminUserLedgerSchema = z.object({
  items: z.array(adminLedgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema.extend({
    language: z.string(),
    level: z.number().int(),
    balance: z.string(),
    totalMined: z.string(),
    suspendedAt: z.string().nullable(),
    suspendedReason: z.string().nullable(),
    referralsCount: z.number().int(),
    wallet: z.object({ address: z.string(), network: z.string() }).nullable(),
  }),
  ledger: z.array(adminLedgerEntrySchema),
  miningSessions: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      credited: z.string().nullable(),
    }),
  ),
  shopOrders: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      /** The item's name as the shop shows it, in the caller's language ("Boîte de 7 jours"). */
      itemName: z.string(),
      /** The item's kind and length. */
      itemKind: z.enum(["pack", "box"]).nullable(),
      itemDays: z.number().int().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  withdrawals: z.array(
    z.object({ id: z.string(), amount: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  /** The pending admin role grant of this user, if any. */
  roleGrant: adminRoleGrantSchema.nullable(),
  /** The identity check's state and verdict; never the documents (the KYC queue shows those). */
  kyc: z
    .object({
      status: z.enum(["draft", "pending", "approved", "rejected"]),
      submittedAt: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      reviewer: adminUserRefSchema.nullable(),
      rejectionReason: z.string().nullable(),
    })
    .nullable(),
  /** The security circle they formed (latest 20) and how many circles name them (no names). */
  circle: z.object({
    members: z.array(
      adminUserRefSchema.extend({
        addedAt: z.string(),
        /** Counts in the circle now: mined in the last 24 h and not suspended. */
        active: z.boolean(),
        suspended: z.boolean(),
      }),
    ),
    membersCount: z.number().int(),
    namedByCount: z.number().int(),
  }),
  /** Who brought them and whom they brought (latest 20, `count` in all). */
  referrals: z.object({
    referrer: adminUserRefSchema.nullable(),
    items: z.array(
      adminUserRefSchema.extend({
        joinedAt: z.string(),
        /** Mining right now (spec §5's "active"). */
        active: z.boolean(),
        suspended: z.boolean(),
      }),
    ),
    count: z.number().int(),
  }),
  /** Sign-in sessions, newest first (latest 20): the device in words, never the IP (decision 0064). */
  signInSessions: z.object({
    items: z.array(
      z.object({
        createdAt: z.string(),
        lastSeenAt: z.string(),
        expiresAt: z.string(),
        device: userAgentSummarySchema,
      }),
    ),
    count: z.number().int(),
  }),
  /** The devices FRE knows of: push subscriptions and recognised browsers (latest 20 each). */
  devices: z.object({
    push: z.array(z.object({ createdAt: z.string(), service: z.enum(PUSH_SERVICES) })),
    browsers: z.array(
      z.object({
        firstSeenAt: z.string(),
        lastSeenAt: z.string(),
        signIns: z.number().int(),
        /** Other accounts seen on the same browser (the risk signals, decision 0045). */
        sharedWith: z.number().int(),
      }),
    ),
    browsersCount: z.number().int(),
  }),
});
/** Why an admin acts on an account: kept in the audit log. */
export const adminReasonSchema = z.string().trim().min(3).max(500);
export const adminUserRoleBodySchema = z.object({
  role: z.enum(["user", "admin"]),
  reason: adminReasonSchema,
});
export const adminUserSuspendBodySchema = z.object({ reason: adminReasonSchema });
/** A signed FRE amount (`-12.5`, `−12,5`, `40`; normalizeTypedFre), not zero, at most MAX_FRE_AMOUNT either way. */
export const signedFreAmountSchema = z
  .string()
  .max(64)
  .overwrite(normalizeTypedFre)
  .regex(/^-?\d{1,12}(?:\.\d{1,9})?$/, "must be a FRE amount with at most 9 decimals")
  .refine(
    (text) => isWithinFreBound(text.replace(/^-/, "")),
    `must be at most ${MAX_FRE_AMOUNT} FRE`,
  )
  .refine((text) => /[1-9]/.test(text), "must not be zero");
export const adminUserAdjustmentBodySchema = z.object({
  amount: signedFreAmountSchema,
  reason: adminReasonSchema,
});
export const adminUserAdjustmentSchema = z.object({
  /** The ledger entry's reference (`admin:<uuid>`). */
  reference: z.string(),
  amount: z.string(),
  balance: z.string(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export type AdminUserList = z.infer<typeof adminUserListSchema>;
export type AdminUserSearch = z.infer<typeof adminUserSearchSchema>;
export type AdminUserSearchHit = z.infer<typeof adminUserSearchHitSchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export type AdminUserLedgerQuery = z.infer<typeof adminUserLedgerQuerySchema>;
export type AdminUserLedger = z.infer<typeof adminUserLedgerSchema>;
export type AdminUserRoleBody = z.infer<typeof adminUserRoleBodySchema>;
export type AdminRoleGrant = z.infer<typeof adminRoleGrantSchema>;
export type AdminPendingRoleGrants = z.infer<typeof adminPendingRoleGrantsSchema>;
export type AdminUserAdjustmentBody = z.infer<typeof adminUserAdjustmentBodySchema>;
export type AdminUserAdjustment = z.infer<typeof adminUserAdjustmentSchema>;
