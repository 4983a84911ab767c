import { z } from "zod";
import { freAmountSchema, UNSAFE_CHARACTER } from "./common.ts";
import { leagueNameSchema } from "./leagues.ts";

/**
 * The tasks hub « Gagner » (issue 38 point 1, decision 0073): tasks an elevated admin makes, each
 * verified on the server — a link visited for long enough, a Telegram channel joined (the Bot
 * API's getChatMember), or a fact FRE already knows (wallet, KYC, streak, referrals, league).
 */
export const TASK_KINDS = [
  "visit_link",
  "telegram_channel",
  "wallet_linked",
  "kyc_approved",
  "daily_streak",
  "referrals",
  "league",
] as const;
export const taskKindSchema = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof taskKindSchema>;

export const TASK_STATUSES = ["todo", "started", "completed", "expired"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Why a verification found the task not done: the 409 TASK_NOT_DONE message's `reason`. */
export const TASK_NOT_DONE_REASONS = [
  "not_started",
  "too_soon",
  "not_member",
  "no_telegram",
  "wallet",
  "kyc",
  "streak",
  "referrals",
  "league",
  "check_failed",
  "other",
] as const;
export type TaskNotDoneReason = (typeof TASK_NOT_DONE_REASONS)[number];

const titleText = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .refine((text) => !UNSAFE_CHARACTER.test(text), "must not hold control characters");

/** A title in each of the five languages. */
export const taskTitleSchema = z.object({
  fr: titleText,
  en: titleText,
  es: titleText,
  ru: titleText,
  zh: titleText,
});
export type TaskTitle = z.infer<typeof taskTitleSchema>;

/** Hosts a link may not name: this machine, private networks, bare names. */
function isPublicHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local")) return false;
  if (h.endsWith(".internal") || h.endsWith(".lan") || h.endsWith(".home.arpa")) return false;
  if (h.includes(":")) return false; // an IPv6 literal: no public task links to one
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
    if (a === 169 && b === 254) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    return true;
  }
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h) && /[a-z]/.test(h.split(".").pop() ?? "");
}

/** An https link on a public host, without credentials. */
export const publicHttpsUrlSchema = z
  .string()
  .max(500)
  .refine((text) => !UNSAFE_CHARACTER.test(text) && !/\s/.test(text), "must be a URL")
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        url.protocol === "https:" && !url.username && !url.password && isPublicHost(url.hostname)
      );
    } catch {
      return false;
    }
  }, "must be an https URL on a public host");

const noParams = z.strictObject({}).default({});

export const visitLinkParamsSchema = z.strictObject({
  url: publicHttpsUrlSchema,
  minSeconds: z.number().int().min(0).max(3600),
});
export const telegramChannelParamsSchema = z.strictObject({
  /** A numeric chat id (-100…) or a public @username. */
  chatId: z
    .string()
    .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/, "must be a chat id or @username"),
  inviteUrl: publicHttpsUrlSchema.refine(
    (text) => /^https:\/\/(t\.me|telegram\.me)\//.test(text),
    "must be a t.me link",
  ),
});
export const dailyStreakParamsSchema = z.strictObject({ days: z.number().int().min(1).max(365) });
export const referralsParamsSchema = z.strictObject({ count: z.number().int().min(1).max(1000) });
export const leagueParamsSchema = z.strictObject({ tier: leagueNameSchema });

/** Each kind's parameters. */
export const TASK_PARAMS = {
  visit_link: visitLinkParamsSchema,
  telegram_channel: telegramChannelParamsSchema,
  wallet_linked: noParams,
  kyc_approved: noParams,
  daily_streak: dailyStreakParamsSchema,
  referrals: referralsParamsSchema,
  league: leagueParamsSchema,
} as const;
export type TaskParams = {
  [K in TaskKind]: z.infer<(typeof TASK_PARAMS)[K]>;
};

/** What completing it gives: FRE (a `task_reward` ledger entry) or a mining boost. */
export const taskRewardInputSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("fre"), amount: freAmountSchema }),
  z.strictObject({
    type: z.literal("boost"),
    percent: z.number().int().min(1).max(100),
    hours: z.number().int().min(1).max(168),
  }),
]);
export const taskRewardSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("fre"), amount: z.string() }),
  z.object({ type: z.literal("boost"), percent: z.number().int(), hours: z.number().int() }),
]);
export type TaskReward = z.infer<typeof taskRewardSchema>;

const instant = z.iso.datetime({ offset: true });

const taskCommon = {
  title: taskTitleSchema,
  reward: taskRewardInputSchema,
  startsAt: instant.nullable().optional(),
  endsAt: instant.nullable().optional(),
  maxCompletions: z.number().int().min(1).max(10_000_000).nullable().optional(),
  active: z.boolean().default(true),
};

const variant = <K extends TaskKind>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), params: TASK_PARAMS[kind], ...taskCommon });

/** `POST /api/admin/tasks`. */
export const adminTaskBodySchema = z
  .discriminatedUnion("kind", [
    variant("visit_link"),
    variant("telegram_channel"),
    variant("wallet_linked"),
    variant("kyc_approved"),
    variant("daily_streak"),
    variant("referrals"),
    variant("league"),
  ])
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    message: "endsAt must come after startsAt",
    path: ["endsAt"],
  });
export type AdminTaskBody = z.infer<typeof adminTaskBodySchema>;

/** `PATCH /api/admin/tasks/:id`: the kind stays; params are read by the task's kind. */
export const adminTaskUpdateSchema = z.strictObject({
  title: taskTitleSchema.optional(),
  reward: taskRewardInputSchema.optional(),
  params: z.record(z.string().max(40), z.unknown()).optional(),
  startsAt: instant.nullable().optional(),
  endsAt: instant.nullable().optional(),
  maxCompletions: z.number().int().min(1).max(10_000_000).nullable().optional(),
  active: z.boolean().optional(),
});
export type AdminTaskUpdate = z.infer<typeof adminTaskUpdateSchema>;

export const adminTaskSchema = z.object({
  id: z.string(),
  kind: taskKindSchema,
  title: taskTitleSchema,
  reward: taskRewardSchema,
  params: z.record(z.string(), z.unknown()),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxCompletions: z.number().int().nullable(),
  active: z.boolean(),
  completions: z.number().int(),
  /** Rewards withheld from high-risk accounts (not paid, not in the cost). */
  withheld: z.number().int(),
  /** FRE paid out so far (fre tasks; boosts cost no FRE up front). */
  costFre: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTask = z.infer<typeof adminTaskSchema>;
export const adminTaskListSchema = z.object({ items: z.array(adminTaskSchema) });
export type AdminTaskList = z.infer<typeof adminTaskListSchema>;

/** One task as a user sees it. */
export const taskViewSchema = z.object({
  id: z.string(),
  kind: taskKindSchema,
  /** In the caller's language. */
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  reward: taskRewardSchema,
  /** What to open (visit_link: the link; telegram_channel: the invite). */
  url: z.string().nullable(),
  /** visit_link: how long to stay before verifying. */
  minSeconds: z.number().int().nullable(),
  /** daily_streak: days; referrals: count; league: the tier. */
  target: z.union([z.number().int(), z.string()]).nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The reward is held for review (the account's risk). */
  rewardWithheld: z.boolean(),
});
export type TaskView = z.infer<typeof taskViewSchema>;

export const taskListSchema = z.object({
  items: z.array(taskViewSchema),
  /** FRE still to earn from tasks open today (fre rewards of todo/started tasks). */
  leftToEarnFre: z.string(),
  /** Boost tasks still open. */
  boostsLeft: z.number().int(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskStartResultSchema = z.object({
  status: z.literal("started"),
  startedAt: z.string(),
});
export type TaskStartResult = z.infer<typeof taskStartResultSchema>;
export const taskVerifyResultSchema = z.object({
  status: z.literal("completed"),
  reward: taskRewardSchema,
  rewardWithheld: z.boolean(),
});
export type TaskVerifyResult = z.infer<typeof taskVerifyResultSchema>;
