import { z } from "zod";

/**
 * Bot-farm signals and the risk score (issue 25 point 3, decision 0045). Admin-only: a user never
 * sees a score, a reason or who shares a signal with them.
 */

/** What the nightly job found, each a reason an admin reads (translated in the console). */
export const RISK_REASON_CODES = [
  /** The sign-up network (/24, /48) opened many accounts within a short window. */
  "shared_network",
  /** The first-party device id signed up or signed in to several accounts. */
  "shared_device",
  /** Referees of one referrer created within minutes of each other from one network. */
  "referral_burst",
  /** Most referees never mined past their first session. */
  "idle_referees",
  /** The KYC document number (keyed hash) is another account's too. */
  "kyc_duplicate",
  /** A withdrawal or linked TON wallet is another account's too. */
  "shared_wallet",
  /** Mining starts at machine-exact intervals. */
  "robotic_mining",
  /** « tâches en série »: accounts sharing a device or network completed the same tasks. */
  "serial_tasks",
] as const;
export const riskReasonCodeSchema = z.enum(RISK_REASON_CODES);
export type RiskReasonCode = z.infer<typeof riskReasonCodeSchema>;

export const RISK_LEVELS = ["low", "medium", "high"] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

/** One reason: its weight in the score and how many accounts, referees or starts it rests on. */
export const riskReasonSchema = z.object({
  code: riskReasonCodeSchema,
  weight: z.number().int().min(0).max(100),
  count: z.number().int().min(0),
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

const weight = z.number().int().min(0).max(100);
const count = (max: number) => z.number().int().min(2).max(max);

/** The thresholds and weights (admin-editable); these are the defaults. */
export const DEFAULT_RISK_SETTINGS = {
  weights: {
    shared_network: 30,
    shared_device: 30,
    referral_burst: 25,
    idle_referees: 20,
    // Below highAt like every other weight: no one signal alone puts an account in the queue.
    kyc_duplicate: 50,
    shared_wallet: 40,
    robotic_mining: 30,
    serial_tasks: 30,
  },
  /** A score at or above: medium; at or above `highAt`: high (the review queue). */
  mediumAt: 30,
  highAt: 60,
  /** shared_network: at least this many accounts opened from one network within the window. */
  networkAccounts: 10,
  networkWindowHours: 24,
  /** shared_device: one device id on at least this many accounts. */
  deviceAccounts: 3,
  /** referral_burst: at least this many referees of one referrer, one network, within minutes. */
  burstReferees: 5,
  burstWindowMinutes: 10,
  /** idle_referees: at least this many referees, this share never past their first session. */
  idleReferees: 5,
  idleSharePercent: 80,
  /** Referees younger than this are not judged idle yet. */
  idleAfterDays: 3,
  /** robotic_mining: the last starts (at least this many) spaced within this many seconds. */
  roboticStarts: 4,
  roboticJitterSeconds: 5,
  /** serial_tasks: at least this many accounts on one device or network completed one task. */
  serialTaskAccounts: 3,
} as const;

export const riskSettingsSchema = z
  .object({
    weights: z.object({
      shared_network: weight,
      shared_device: weight,
      referral_burst: weight,
      idle_referees: weight,
      kyc_duplicate: weight,
      shared_wallet: weight,
      robotic_mining: weight,
      // Settings saved before the signal existed read with its default.
      serial_tasks: weight.default(DEFAULT_RISK_SETTINGS.weights.serial_tasks),
    }),
    mediumAt: z.number().int().min(1).max(100),
    highAt: z.number().int().min(1).max(100),
    networkAccounts: count(100_000),
    networkWindowHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    deviceAccounts: count(1000),
    burstReferees: count(10_000),
    burstWindowMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    idleReferees: count(10_000),
    idleSharePercent: z.number().int().min(1).max(100),
    idleAfterDays: z.number().int().min(1).max(90),
    roboticStarts: z.number().int().min(3).max(50),
    roboticJitterSeconds: z.number().int().min(0).max(3600),
    serialTaskAccounts: count(1000).default(DEFAULT_RISK_SETTINGS.serialTaskAccounts),
  })
  .refine((s) => s.mediumAt <= s.highAt, {
    message: "mediumAt must not exceed highAt",
    path: ["mediumAt"],
  });
export type RiskSettings = z.infer<typeof riskSettingsSchema>;

/** Another account that shares at least one signal with the one shown (the cluster). */
export const riskClusterMemberSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  level: riskLevelSchema,
  suspended: z.boolean(),
  /** Which signals it shares with the account shown. */
  shared: z.array(riskReasonCodeSchema),
});

/** `GET /api/admin/users/:id/risk`. */
export const adminUserRiskSchema = z.object({
  score: z.number().int().min(0).max(100),
  level: riskLevelSchema,
  reasons: z.array(riskReasonSchema),
  computedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  referralBonusWithheld: z.boolean(),
  kycRecheckRequired: z.boolean(),
  /** At most 50 accounts, those with the most shared signals first. */
  cluster: z.array(riskClusterMemberSchema),
});
export type AdminUserRisk = z.infer<typeof adminUserRiskSchema>;

export const RISK_ACTIONS = [
  "withhold-referral-bonus",
  "release-referral-bonus",
  "require-kyc",
  "waive-kyc",
  "mark-reviewed",
] as const;
export const adminRiskActionBodySchema = z.object({ action: z.enum(RISK_ACTIONS) });
export type AdminRiskAction = z.infer<typeof adminRiskActionBodySchema>["action"];

/** `POST /api/admin/risk/run`: what the run scored. */
export const adminRiskRunSchema = z.object({
  scored: z.number().int().min(0),
  high: z.number().int().min(0),
  medium: z.number().int().min(0),
});
export type AdminRiskRun = z.infer<typeof adminRiskRunSchema>;
