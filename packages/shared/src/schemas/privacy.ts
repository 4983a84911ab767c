import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants.ts";
import { languageSchema } from "./auth.ts";
import { cookieConsentSchema, kycStatusSchema, roleSchema } from "./me.ts";

/**
 * The user's own data (GDPR art. 15 and 20): `GET /api/me/export` answers one JSON document of
 * everything FRE holds about the caller, and `DELETE /api/me` erases the account (art. 17). What
 * is erased and what is kept is decision 0028.
 */
export const EXPORT_FORMAT = "fre-export/1";

/**
 * The most rows the export holds in each section that grows without bound (ledger entries, game
 * bets, notifications): the newest ones. One export is built in memory; this bounds it. A section
 * that had more says so in `truncated` (decision 0028).
 */
export const EXPORT_SECTION_MAX_ROWS = 100_000;

/** Amounts are decimal strings with 9 fraction digits (FRE, or TON for the shop); dates ISO 8601. */
const amount = z.string();
const date = z.string();
const optionalDate = z.string().nullable();
/** Values the user typed in their identity check, as they typed them (decrypted for them). */
const typedFields = z.record(z.string(), z.string()).nullable();

export const exportProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  nickname: z.string(),
  referralCode: z.string(),
  language: languageSchema,
  cookieConsent: cookieConsentSchema.nullable(),
  telegramUsername: z.string().nullable(),
  role: roleSchema,
  level: z.number().int(),
  kycStatus: kycStatusSchema,
  balance: amount,
  totalMined: amount,
  createdAt: date,
  updatedAt: date,
});

export const userExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  generatedAt: date,
  /** The cap of the capped sections, as applied to this export. */
  sectionMaxRows: z.number().int().positive(),
  /**
   * True for a capped section that held more rows than `sectionMaxRows`: it lists the newest
   * ones only (older rows are left out, not the newest).
   */
  truncated: z.object({ ledger: z.boolean(), gameBets: z.boolean(), notifications: z.boolean() }),
  profile: exportProfileSchema,
  /** Sign-in sessions (never their token). */
  loginSessions: z.array(
    z.object({
      createdAt: date,
      expiresAt: date,
      userAgent: z.string().nullable(),
      ipAddress: z.string().nullable(),
    }),
  ),
  miningSessions: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      startTime: date,
      endTime: date,
      baseRatePerHour: amount,
      ratePerHour: amount,
      credited: amount.nullable(),
      claimedAt: optionalDate,
      endedAt: optionalDate,
    }),
  ),
  boosts: z.array(
    z.object({ ratePerHour: amount, source: z.string(), appliedAt: date, expiresAt: date }),
  ),
  ledger: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      amount,
      reference: z.string(),
      createdAt: date,
    }),
  ),
  referrals: z.object({
    /** Who referred the user: their nickname only. */
    referrer: z.object({ nickname: z.string() }).nullable(),
    /** Whom the user referred: nickname and join date only. */
    referees: z.array(z.object({ nickname: z.string(), joinedAt: date })),
  }),
  bonusCodes: z.array(
    z.object({
      code: z.string(),
      type: z.string(),
      value: z.string(),
      durationHours: z.number().int().nullable(),
      usedAt: date,
    }),
  ),
  levelValidations: z.array(
    z.object({ level: z.number().int(), reward: amount, validatedAt: date }),
  ),
  notifications: z.array(
    z.object({
      type: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      read: z.boolean(),
      createdAt: date,
    }),
  ),
  supportTickets: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      status: z.string(),
      createdAt: date,
      updatedAt: date,
      messages: z.array(z.object({ author: z.string(), body: z.string(), createdAt: date })),
    }),
  ),
  /** The identity check's fields, without any image: the photos are listed by kind only. */
  kyc: z
    .object({
      status: z.string(),
      identity: typedFields,
      address: typedFields,
      document: typedFields,
      files: z.array(z.object({ kind: z.string() })),
      submittedAt: optionalDate,
      reviewedAt: optionalDate,
      rejectionReason: z.string().nullable(),
    })
    .nullable(),
  tonWallet: z.object({ address: z.string(), network: z.string(), linkedAt: date }).nullable(),
  shopOrders: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      priceTon: amount,
      receivedTon: amount,
      status: z.string(),
      txHash: z.string().nullable(),
      createdAt: date,
      expiresAt: date,
      paidAt: optionalDate,
    }),
  ),
  /** TON transfers received for the user's orders. */
  shopPayments: z.array(
    z.object({
      txHash: z.string(),
      orderId: z.string().nullable(),
      source: z.string(),
      amountTon: amount,
      outcome: z.string(),
      resolution: z.string().nullable(),
      receivedAt: date,
    }),
  ),
  packs: z.array(z.object({ itemId: z.string(), ratePerHour: amount, grantedAt: date })),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      amount,
      walletAddress: z.string(),
      network: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      txHash: z.string().nullable(),
      createdAt: date,
      completedAt: optionalDate,
    }),
  ),
  gameBets: z.array(
    z.object({
      id: z.string(),
      game: z.string(),
      amount,
      multiplier: z.string(),
      payout: amount,
      status: z.string(),
      clientSeed: z.string(),
      nonce: z.number().int(),
      options: z.unknown(),
      outcome: z.unknown(),
      createdAt: date,
      settledAt: optionalDate,
    }),
  ),
  /** Provably fair seed pairs: the server seed only once revealed (its hash before). */
  gameSeeds: z.array(
    z.object({
      serverSeedHash: z.string(),
      serverSeed: z.string().nullable(),
      clientSeed: z.string(),
      nonce: z.number().int(),
      createdAt: date,
      revealedAt: optionalDate,
    }),
  ),
  /** Devices that receive push notifications: the push service's host only. */
  pushSubscriptions: z.array(z.object({ endpointHost: z.string(), createdAt: date })),
});
export type UserExport = z.infer<typeof userExportSchema>;

/** `DELETE /api/me`: the current password confirms the erasure (not trimmed: it is a secret). */
export const eraseAccountBodySchema = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .strict();
export type EraseAccountBody = z.infer<typeof eraseAccountBodySchema>;
