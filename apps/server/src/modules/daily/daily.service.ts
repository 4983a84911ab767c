import {
  addDays,
  canClaim,
  claimStep,
  DAILY_REMINDER_HOUR,
  DAILY_ZONE_CHANGE_MS,
  type DailyAdminSettings,
  type DailyClaimResult,
  type DailyRules,
  type DailySettingsBody,
  type DailyState,
  dailyAdminSettingsSchema,
  formatNano,
  isFreAmount,
  type LastClaim,
  localDate,
  localTime,
  MAX_FRE_AMOUNT,
  nextClaimOpensAt,
  parseFre,
  type StreakState,
  startOfLocalDate,
  streakView,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, auditedSetting } from "../audit/index.ts";
import { credit, lockUser } from "../ledger/ledger.ts";
import { rateWithoutBoostsNano } from "../mining/mining.service.ts";
import {
  addBoost,
  claimedAt,
  createStreak,
  findStreak,
  insertClaim,
  isEmailVerified,
  markReminded,
  reminderCandidates,
  type StreakRow,
  updateStreak,
} from "./daily.repo.ts";

export interface DailyDeps {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "rateChanged" | "notify">;
}

const HOUR = 3_600_000;
/** The zone of a streak first read without one (the web always sends the browser's). */
const FALLBACK_ZONE = "UTC";

export const DEFAULT_DAILY_SETTINGS: DailyAdminSettings = {
  rewards: ["0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "2"],
  boostPercent: 10,
  boostHours: 24,
  claimsPerFreeze: 7,
  maxFreezes: 2,
};

/** The admin's settings as stored (app_settings), or the defaults when absent or unreadable. */
const dailySettings = auditedSetting({
  key: "daily_rules",
  schema: dailyAdminSettingsSchema,
  defaults: () => DEFAULT_DAILY_SETTINGS,
  action: "daily.settings",
  targetId: "daily",
});
const settingsOf = (db: Db | Tx) => dailySettings.load(db);

const rulesOf = (s: DailyAdminSettings): DailyRules => ({
  rewardsNano: s.rewards.map(parseFre),
  boostPercent: s.boostPercent,
  boostHours: s.boostHours,
  claimsPerFreeze: s.claimsPerFreeze,
  maxFreezes: s.maxFreezes,
});

const stateOf = (row: StreakRow): StreakState => ({
  lastClaimDate: row.lastClaimDate,
  cycleDay: row.cycleDay,
  streak: row.streak,
  freezes: row.freezes,
  freezeProgress: row.freezeProgress,
});

async function lastClaimOf(db: Db | Tx, row: StreakRow): Promise<LastClaim | null> {
  if (!row.lastClaimDate) return null;
  const at = await claimedAt(db, row.userId, row.lastClaimDate);
  // The claim row goes with the streak's update: absent only if deleted by hand.
  return { date: row.lastClaimDate, at: at ?? startOfLocalDate(row.lastClaimDate, row.timeZone) };
}

function view(
  row: StreakRow,
  last: LastClaim | null,
  settings: DailyAdminSettings,
  now: Date,
): DailyState {
  const zone = row.timeZone;
  const claimedToday = !canClaim(now, last, zone, row.zoneChangedAt);
  const today = localDate(now, zone);
  const { day, streak } = streakView(stateOf(row), today, claimedToday);
  const nextAt = claimedToday
    ? (nextClaimOpensAt(last, zone, row.zoneChangedAt) ?? now)
    : startOfLocalDate(addDays(today, 1), zone);
  const zoneChangeAt = row.zoneChangedAt
    ? new Date(row.zoneChangedAt.getTime() + DAILY_ZONE_CHANGE_MS)
    : null;
  return {
    day,
    streak,
    claimedToday,
    nextAt: nextAt.toISOString(),
    rewards: settings.rewards.map((r) => formatNano(parseFre(r))),
    freezes: row.freezes,
    freezeProgress: row.freezeProgress,
    claimsPerFreeze: settings.claimsPerFreeze,
    maxFreezes: settings.maxFreezes,
    boostPercent: settings.boostPercent,
    boostHours: settings.boostHours,
    timeZone: zone,
    zoneChangeAt: zoneChangeAt && zoneChangeAt > now ? zoneChangeAt.toISOString() : null,
    reminders: row.reminders,
  };
}

/** The user's streak row, created in the browser's zone on the first read or claim. */
async function streakRow(db: Db | Tx, userId: string, zoneHint: string | undefined, now: Date) {
  const found = await findStreak(db, userId);
  if (found) return found;
  await createStreak(db, userId, zoneHint ?? FALLBACK_ZONE, now);
  const created = await findStreak(db, userId);
  if (!created) throw new AppError("UNAUTHORIZED", 401);
  return created;
}

export async function getDaily(deps: DailyDeps, userId: string, zoneHint?: string) {
  const now = deps.clock.now();
  const [row, settings] = await Promise.all([
    streakRow(deps.db, userId, zoneHint, now),
    settingsOf(deps.db),
  ]);
  return view(row, await lastClaimOf(deps.db, row), settings, now);
}

/**
 * Claims today's reward: the claim row, the ledger credit (`daily_reward`, reference
 * `daily:<user>:<local date>`), the day-7 boost and the streak's new state commit together, after
 * the user's row lock — a double tap or a race of 50 claims credits once (the second waits for the
 * lock, then finds today claimed; the claim's primary key and the ledger's unique reference are
 * the backstops).
 */
export async function claimDaily(
  deps: DailyDeps,
  userId: string,
  zoneHint?: string,
): Promise<DailyClaimResult> {
  // A reward needs a reachable owner: throwaway accounts would farm it.
  if (!(await isEmailVerified(deps.db, userId))) {
    throw new AppError("DAILY_EMAIL_NOT_VERIFIED", 403);
  }
  const now = deps.clock.now();
  let boosted = false;
  let result: DailyClaimResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      if (!(await lockUser(tx, userId))) throw new AppError("UNAUTHORIZED", 401);
      const settings = await settingsOf(tx);
      const rules = rulesOf(settings);
      await streakRow(tx, userId, zoneHint, now);
      const row = await findStreak(tx, userId, true);
      if (!row) throw new AppError("UNAUTHORIZED", 401);
      const last = await lastClaimOf(tx, row);
      if (!canClaim(now, last, row.timeZone, row.zoneChangedAt)) {
        throw new AppError("ALREADY_CLAIMED", 409);
      }
      const today = localDate(now, row.timeZone);
      const step = claimStep(stateOf(row), today, rules);
      const inserted = await insertClaimRow(tx, userId, today, step, now);
      if (!inserted) throw new AppError("ALREADY_CLAIMED", 409);
      await credit(tx, {
        userId,
        kind: "daily_reward",
        amountNano: step.rewardNano,
        reference: `daily:${userId}:${today}`,
        at: now,
        // Not mining: the boards and leagues rank what was mined (decision 0039).
        countsAsMined: false,
      });
      let boostNano: bigint | null = null;
      if (step.boost) {
        const base = await rateWithoutBoostsNano(tx, userId, now);
        boostNano = (base * BigInt(rules.boostPercent)) / 100n;
        if (boostNano > 0n) {
          await addBoost(tx, {
            userId,
            valueNano: boostNano,
            source: `daily:${today}`,
            appliedAt: now,
            expiresAt: new Date(now.getTime() + rules.boostHours * HOUR),
            // No "your boost expires in 24 h" notice the minute a 24 h boost starts.
            expiryNotified: rules.boostHours <= 24,
          });
          boosted = true;
        } else boostNano = null;
      }
      const updated = await updateStreak(tx, userId, { ...step.state, updatedAt: now });
      if (!updated) throw new AppError("UNAUTHORIZED", 401);
      return {
        ...view(updated, { date: today, at: now }, settings, now),
        claimed: {
          day: step.day,
          reward: formatNano(step.rewardNano),
          freezesUsed: step.freezesUsed,
          boost: boostNano === null ? null : formatNano(boostNano),
        },
      };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError("ALREADY_CLAIMED", 409);
    throw error;
  }
  // The boost changes the running session's rate from now on.
  if (boosted) await deps.events.rateChanged(userId);
  return result;
}

async function insertClaimRow(
  tx: Tx,
  userId: string,
  today: string,
  step: ReturnType<typeof claimStep>,
  now: Date,
) {
  return insertClaim(tx, {
    userId,
    localDate: today,
    day: step.day,
    rewardNano: step.rewardNano,
    freezesUsed: step.freezesUsed,
    claimedAt: now,
  });
}

/**
 * The zone (at most one change a week; the claim rules keep a change from opening a day early)
 * and the evening reminder.
 */
export async function updateDailySettings(
  deps: DailyDeps,
  userId: string,
  body: DailySettingsBody,
): Promise<DailyState> {
  const now = deps.clock.now();
  const settings = await settingsOf(deps.db);
  return deps.db.transaction(async (tx) => {
    await streakRow(tx, userId, body.timeZone, now);
    const row = await findStreak(tx, userId, true);
    if (!row) throw new AppError("UNAUTHORIZED", 401);
    const changes: Partial<StreakRow> = {};
    if (body.timeZone !== undefined && body.timeZone !== row.timeZone) {
      const since = row.zoneChangedAt ? now.getTime() - row.zoneChangedAt.getTime() : Infinity;
      if (since < DAILY_ZONE_CHANGE_MS) throw new AppError("DAILY_ZONE_CHANGE_TOO_SOON", 409);
      changes.timeZone = body.timeZone;
      changes.zoneChangedAt = now;
    }
    if (body.reminders !== undefined) changes.reminders = body.reminders;
    const updated =
      Object.keys(changes).length > 0
        ? await updateStreak(tx, userId, { ...changes, updatedAt: now })
        : row;
    if (!updated) throw new AppError("UNAUTHORIZED", 401);
    return view(updated, await lastClaimOf(tx, updated), settings, now);
  });
}

/* ----- The evening reminder ----- */

const REMINDER_BATCH = 500;

/**
 * Sends tonight's `daily_reminder` (from 19:00 local) to each user with reminders on, at least
 * one past claim, a verified e-mail and today (local) not claimed: at most one a day
 * (`last_reminded_date`, set by a conditional update in the notice's transaction, so two processes
 * or two runs never both send it). Answers how many were sent.
 */
export async function sendDailyReminders(deps: DailyDeps) {
  const now = deps.clock.now();
  // No zone is more than 14 h ahead of UTC: no local date is later than tomorrow's (UTC).
  const maxToday = addDays(now.toISOString().slice(0, 10), 1);
  let after = "";
  let sent = 0;
  for (;;) {
    const page = await reminderCandidates(deps.db, {
      maxToday,
      afterUserId: after,
      limit: REMINDER_BATCH,
    });
    for (const candidate of page) {
      const local = localTime(now, candidate.timeZone);
      if (local.hour < DAILY_REMINDER_HOUR) continue;
      if (!candidate.lastClaimDate || candidate.lastClaimDate >= local.date) continue;
      if (candidate.lastRemindedDate && candidate.lastRemindedDate >= local.date) continue;
      const marked = await deps.db.transaction(async (tx) => {
        if (!(await markReminded(tx, candidate.userId, local.date))) return false;
        await deps.events.notify(candidate.userId, "daily_reminder", {}, { tx });
        return true;
      });
      if (marked) sent += 1;
    }
    if (page.length < REMINDER_BATCH) return sent;
    after = page[page.length - 1]?.userId ?? after;
  }
}

/* ----- Admin ----- */

export async function adminGetDailySettings({ db }: { db: Db }) {
  return settingsOf(db);
}

function checkedRewards(rewards: string[]) {
  const issues = rewards.flatMap((reward, index) =>
    isFreAmount(reward) && parseFre(reward) <= parseFre(MAX_FRE_AMOUNT)
      ? []
      : [{ path: `rewards.${index}`, message: `FRE amount between 0 and ${MAX_FRE_AMOUNT}` }],
  );
  if (issues.length > 0) throw new AppError("VALIDATION_ERROR", 400, {}, { issues });
  // One spelling per amount ("0.10" and "0.1" are stored alike).
  return rewards.map((reward) => formatNano(parseFre(reward)).replace(/\.?0+$/, ""));
}

export async function adminSetDailySettings(
  deps: Pick<DailyDeps, "db" | "clock">,
  actor: AuditActor,
  body: DailyAdminSettings,
) {
  const next: DailyAdminSettings = { ...body, rewards: checkedRewards(body.rewards) };
  return dailySettings.save(deps.db, actor, next, deps.clock.now());
}
