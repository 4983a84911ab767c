import {
  addDays,
  isTimeZone,
  localTime,
  type NotificationType,
  startOfLocalDate,
  type TelegramReminderSettings,
  type TelegramReminderSettingsBody,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { coalescedRun } from "../../lib/coalesced-run.ts";
import {
  REMINDER_FRESH_MS,
  REMINDER_OF_NOTICE,
  REMINDER_TARGET,
  REMINDER_TYPES,
  type ReminderType,
} from "./reminder-types.ts";
import {
  claimDueReminders,
  countSentSince,
  type DueReminder,
  deleteSettledReminders,
  findRecipient,
  findSettings,
  hasEndedUnclaimedSession,
  insertReminderOnce,
  isTelegramLinked,
  markBotBlocked,
  markReminderDropped,
  markReminderSent,
  type RecipientRow,
  rescheduleReminder,
  type SettingsRow,
  streakCandidates,
  upsertSettings,
} from "./reminders.repo.ts";
import { reminderText } from "./reminders.texts.ts";

/**
 * Reminders through the Telegram bot (issue 38 point 2, decision 0072). A reminder follows the
 * notice of its cause — recorded through the outbox in the cause's transaction, and scheduled here
 * when the outbox delivers it (at least once: one reminder per notice) — or the evening streak
 * sweep. One sender at a time sends the due ones, paced by Telegram's limits.
 */

/** The Bot API as the reminders use it (the adapter's `sendMessage`); errors carry a `code`. */
export interface ReminderBot {
  sendMessage(input: {
    chatId: number;
    text: string;
    button?: { text: string; webAppUrl: string } | { text: string; url: string };
  }): Promise<unknown>;
}

export interface RemindersDeps {
  db: Db;
  clock: Clock;
  /** Null without TELEGRAM_BOT_TOKEN: nothing is scheduled nor sent. */
  bot: ReminderBot | null;
  /** PUBLIC_URL: the Web App button opens the Mini App at a page of it. */
  publicUrl: string;
  /** TELEGRAM_MINI_APP_URL: the link button when PUBLIC_URL is not https. */
  miniAppUrl?: string;
  log?: { warn(details: object, message: string): void };
}

/** Quiet hours, local: nothing is sent from 22:00 to 8:00; what falls in them waits for 8:00. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;
/** Reminders sent per user and local day, at most. */
export const DAILY_REMINDER_CAP = 3;
/**
 * The streak warning's hour (local): the day ends at midnight, but 23:00 is in the quiet hours
 * and 8:00 is too late — it goes in the last hour before them (decision 0072).
 */
export const STREAK_WARNING_HOUR = 21;
/** Telegram's limits: about 30 messages a second overall, one a second per chat. */
export const MESSAGES_PER_SECOND = 30;
export const PER_CHAT_GAP_MS = 1000;
/** A zone for users who never opened the daily page (the product's home). */
export const DEFAULT_REMINDER_ZONE = "Europe/Paris";
/** Sent and dropped reminders are kept this long (support reads them; the day's cap needs one). */
export const REMINDER_KEEP_DAYS = 30;

/**
 * The retention sweep's part: sent and dropped reminders older than REMINDER_KEEP_DAYS go (each
 * cause has its own source key, so a deleted row never lets the same reminder go twice: its
 * cause is long past). Pending ones stay until sent or dropped as stale.
 */
export function pruneOldReminders(deps: Pick<RemindersDeps, "db" | "clock">) {
  const before = new Date(deps.clock.now().getTime() - REMINDER_KEEP_DAYS * 86_400_000);
  return deleteSettledReminders(deps.db, before);
}
const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;
const BATCH = 50;
const HOUR = 3_600_000;

const SETTING_OF: Record<ReminderType, keyof Omit<SettingsRow, "botBlockedAt">> = {
  session_ended: "sessionEnded",
  streak: "streak",
  withdrawal_paid: "withdrawalPaid",
  support_answered: "supportAnswered",
  league_result: "leagueResult",
};

const zoneOf = (zone: string | null | undefined) =>
  zone && isTimeZone(zone) ? zone : DEFAULT_REMINDER_ZONE;

const enabled = (settings: Partial<SettingsRow>, type: ReminderType) =>
  settings[SETTING_OF[type]] ?? true;

export function inQuietHours(at: Date, zone: string) {
  const { hour } = localTime(at, zone);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** The end of the quiet hours `at` falls in: 8:00 local of that night's morning. */
export function quietHoursEnd(at: Date, zone: string) {
  const local = localTime(at, zone);
  const date = local.hour >= QUIET_FROM_HOUR ? addDays(local.date, 1) : local.date;
  const start = startOfLocalDate(date, zone).getTime();
  // 8:00 local: searched hour by hour from the day's start (a DST change may move it).
  for (let h = QUIET_UNTIL_HOUR - 1; h <= QUIET_UNTIL_HOUR + 1; h++) {
    const candidate = new Date(start + h * HOUR);
    if (localTime(candidate, zone).hour >= QUIET_UNTIL_HOUR) return candidate;
  }
  return new Date(start + QUIET_UNTIL_HOUR * HOUR);
}

/* ----- Scheduling ----- */

export interface ReminderNotice {
  /** The notice's outbox effect: a redelivery schedules nothing twice. */
  id: string;
  userId: string;
  type: NotificationType;
  params: Record<string, string | number>;
  at: Date;
}

/**
 * The outbox delivered a notice: the reminder it calls for is scheduled (for a Telegram-linked
 * user who has it on and did not block the bot). Answers whether one was.
 */
export async function scheduleFromNotice(deps: RemindersDeps, notice: ReminderNotice) {
  const type = REMINDER_OF_NOTICE[notice.type];
  if (!deps.bot || !type || type === "streak") return false;
  const recipient = await findRecipient(deps.db, notice.userId);
  if (!recipient || recipient.erased || recipient.botBlockedAt || !enabled(recipient, type)) {
    return false;
  }
  return insertReminderOnce(deps.db, {
    userId: notice.userId,
    type,
    sourceKey: notice.id,
    params: notice.params,
    dueAt: notice.at,
    staleAt: new Date(notice.at.getTime() + REMINDER_FRESH_MS[type]),
    at: deps.clock.now(),
  });
}

/**
 * The evening streak warning: each Telegram-linked user whose streak (no freeze left) breaks at
 * midnight unless they claim today, in the hour before the quiet hours, once a local day.
 */
export async function sweepStreakWarnings(deps: RemindersDeps) {
  if (!deps.bot) return 0;
  const now = deps.clock.now();
  // No zone is more than 14 h behind or ahead of UTC: yesterday anywhere is within 2 UTC days.
  const minLastClaim = addDays(now.toISOString().slice(0, 10), -2);
  let after = "";
  let scheduled = 0;
  for (;;) {
    const page = await streakCandidates(deps.db, { minLastClaim, afterUserId: after, limit: 500 });
    for (const candidate of page) {
      const zone = zoneOf(candidate.timeZone);
      const local = localTime(now, zone);
      if (local.hour !== STREAK_WARNING_HOUR) continue;
      if (candidate.lastClaimDate !== addDays(local.date, -1)) continue;
      const inserted = await insertReminderOnce(deps.db, {
        userId: candidate.userId,
        type: "streak",
        sourceKey: local.date,
        params: { streak: candidate.streak },
        dueAt: now,
        staleAt: startOfLocalDate(addDays(local.date, 1), zone),
        at: now,
      });
      if (inserted) scheduled += 1;
    }
    if (page.length < 500) return scheduled;
    after = page[page.length - 1]?.userId ?? after;
  }
}

/* ----- Sending ----- */

type Button = { text: string; webAppUrl: string } | { text: string; url: string };

/** The Web App button at the page (Telegram wants https), else the Mini App's t.me link. */
function buttonFor(deps: RemindersDeps, type: ReminderType, text: string): Button {
  const page = `${deps.publicUrl.replace(/\/+$/, "")}${REMINDER_TARGET[type]}`;
  if (deps.publicUrl.startsWith("https://") || !deps.miniAppUrl) return { text, webAppUrl: page };
  return { text, url: deps.miniAppUrl };
}

const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "unknown";
};

const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), HOUR);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The sender: one per process, run by one process at a time (an advisory lock), so its pace is
 * the bot's. At most MESSAGES_PER_SECOND sends in any second, one a second per chat; a 429 stops
 * every send until its `retry_after` has passed, and the reminder waits for it too.
 */
export function reminderSender(
  deps: RemindersDeps,
  options: {
    perSecond?: number;
    perChatGapMs?: number;
    /** Runs a dispatch in one process at a time (the database's advisory lock); skipped if held. */
    exclusive?: (run: () => Promise<unknown>) => Promise<unknown>;
  } = {},
) {
  const exclusive = options.exclusive ?? ((run: () => Promise<unknown>) => run());
  const perSecond = options.perSecond ?? MESSAGES_PER_SECOND;
  const perChatGapMs = options.perChatGapMs ?? PER_CHAT_GAP_MS;
  /** Real-time instants of the last second's sends (Telegram counts real seconds). */
  const recent: number[] = [];
  const lastByChat = new Map<number, number>();
  /** The clock's instant before which nothing is sent (a 429's retry_after). */
  let pausedUntil = 0;

  async function paceGlobal() {
    for (;;) {
      const now = performance.now();
      while (recent.length > 0 && now - recent[0]! >= 1000) recent.shift();
      if (recent.length < perSecond) {
        recent.push(now);
        return;
      }
      await sleep(Math.max(1, 1000 - (now - recent[0]!)));
    }
  }

  async function paceChat(chatId: number) {
    const last = lastByChat.get(chatId);
    const wait = last === undefined ? 0 : perChatGapMs - (performance.now() - last);
    if (wait > 0) await sleep(wait);
    if (lastByChat.size > 10_000) lastByChat.clear();
  }

  type Outcome = "sent" | "dropped" | "deferred" | "paused";

  async function drop(reminder: DueReminder, reason: string): Promise<Outcome> {
    await markReminderDropped(deps.db, reminder.id, reason);
    return "dropped";
  }

  /** Why a reminder is not to be sent to this recipient, if it is not. */
  function refusal(recipient: RecipientRow | null, type: ReminderType) {
    if (!recipient) return "not_linked";
    if (recipient.erased) return "erased";
    if (recipient.botBlockedAt) return "blocked";
    if (!enabled(recipient, type)) return "opted_out";
    return null;
  }

  async function deliverOne(bot: ReminderBot, reminder: DueReminder): Promise<Outcome> {
    const now = deps.clock.now();
    const type = reminder.type as ReminderType;
    if (!(REMINDER_TYPES as readonly string[]).includes(type)) return drop(reminder, "unknown");
    if (now >= reminder.staleAt) return drop(reminder, "stale");
    const recipient = await findRecipient(deps.db, reminder.userId);
    const refused = refusal(recipient, type);
    if (refused || !recipient) return drop(reminder, refused ?? "not_linked");
    const zone = zoneOf(recipient.timeZone);
    if (inQuietHours(now, zone)) {
      const morning = quietHoursEnd(now, zone);
      if (morning >= reminder.staleAt) return drop(reminder, "stale");
      await rescheduleReminder(deps.db, reminder.id, morning, {
        reason: "quiet_hours",
        refund: true,
      });
      return "deferred";
    }
    // The session-end notice is swept a minute before the end; claimed or restarted since (the
    // reminder waited for the morning), there is nothing left to remind of.
    if (
      type === "session_ended" &&
      !(await hasEndedUnclaimedSession(deps.db, reminder.userId, new Date(now.getTime() + 120_000)))
    ) {
      return drop(reminder, "already_claimed");
    }
    const dayStart = startOfLocalDate(localTime(now, zone).date, zone);
    if ((await countSentSince(deps.db, reminder.userId, dayStart)) >= DAILY_REMINDER_CAP) {
      return drop(reminder, "daily_cap");
    }
    const chatId = recipient.telegramId;
    await paceChat(chatId);
    await paceGlobal();
    const { text, button } = reminderText(recipient.language, type, reminder.params);
    try {
      await bot.sendMessage({ chatId, text, button: buttonFor(deps, type, button) });
    } catch (error) {
      const code = codeOf(error);
      if (code === "TELEGRAM_BLOCKED") {
        await markBotBlocked(deps.db, reminder.userId, now);
        return drop(reminder, "blocked");
      }
      if (code === "TELEGRAM_RATE_LIMITED") {
        const seconds = Number((error as { retryAfterSeconds?: unknown }).retryAfterSeconds) || 1;
        pausedUntil = now.getTime() + seconds * 1000;
        await rescheduleReminder(deps.db, reminder.id, new Date(pausedUntil), {
          reason: "retry_after",
          refund: true,
        });
        deps.log?.warn({ retryAfter: seconds }, "telegram flood control: reminders paused");
        return "paused";
      }
      if (code === "TELEGRAM_BAD_REQUEST") return drop(reminder, "bad_request");
      if (reminder.attempts >= MAX_ATTEMPTS) return drop(reminder, `failed:${code}`);
      await rescheduleReminder(
        deps.db,
        reminder.id,
        new Date(now.getTime() + backoffMs(reminder.attempts)),
        { reason: code },
      );
      deps.log?.warn({ code, attempts: reminder.attempts }, "telegram reminder failed; retried");
      return "deferred";
    } finally {
      lastByChat.set(chatId, performance.now());
    }
    await markReminderSent(deps.db, reminder.id, now);
    return "sent";
  }

  /** Sends every due reminder (batch after batch); stops at a 429 until its retry_after. */
  async function dispatch() {
    const counts = { sent: 0, dropped: 0, deferred: 0 };
    const bot = deps.bot;
    if (!bot) return counts;
    for (;;) {
      const now = deps.clock.now();
      if (now.getTime() < pausedUntil) return counts;
      const batch = await claimDueReminders(deps.db, {
        now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        limit: BATCH,
      });
      for (const [index, reminder] of batch.entries()) {
        const outcome = await deliverOne(bot, reminder);
        if (outcome === "paused") {
          // The rest of the batch waits for the retry_after too, its attempt given back.
          for (const rest of batch.slice(index + 1)) {
            await rescheduleReminder(deps.db, rest.id, new Date(pausedUntil), {
              reason: "retry_after",
              refund: true,
            });
          }
          counts.deferred += batch.length - index;
          return counts;
        }
        counts[outcome] += 1;
      }
      if (batch.length < BATCH) return counts;
    }
  }

  // One dispatch at a time in this process; a kick during one asks for one more after it.
  const { kick } = coalescedRun(() => exclusive(dispatch));

  return {
    /** One dispatch, unlocked (the job wraps it in its own lock). */
    dispatch,
    /** A dispatch now under the lock, or one more after the one in flight. */
    kick,
    /** Resolves when the dispatch in flight, and one more, are done (what tests await). */
    settle: () => kick(),
    pausedUntil: () => (pausedUntil > 0 ? new Date(pausedUntil) : null),
  };
}

export type ReminderSender = ReturnType<typeof reminderSender>;

/* ----- The profile's switches ----- */

function view(linked: boolean, settings: Partial<SettingsRow> | null): TelegramReminderSettings {
  const types = Object.fromEntries(
    REMINDER_TYPES.map((type) => [type, enabled(settings ?? {}, type)]),
  ) as TelegramReminderSettings["types"];
  return { linked, blocked: Boolean(settings?.botBlockedAt), types };
}

export async function getReminderSettings(
  deps: Pick<RemindersDeps, "db">,
  userId: string,
): Promise<TelegramReminderSettings> {
  const [linked, settings] = await Promise.all([
    isTelegramLinked(deps.db, userId),
    findSettings(deps.db, userId),
  ]);
  return view(linked, settings);
}

/**
 * Switches reminder types on or off. Saving also clears a « blocked the bot » mark: the user who
 * comes back to this section after unblocking the bot is sent to again.
 */
export async function updateReminderSettings(
  deps: Pick<RemindersDeps, "db" | "clock">,
  userId: string,
  body: TelegramReminderSettingsBody,
): Promise<TelegramReminderSettings> {
  const changes: Partial<Omit<SettingsRow, "botBlockedAt">> = {};
  for (const type of REMINDER_TYPES) {
    const value = body.types[type];
    if (value !== undefined) changes[SETTING_OF[type]] = value;
  }
  const row = await upsertSettings(
    deps.db,
    userId,
    { ...changes, botBlockedAt: null },
    deps.clock.now(),
  );
  return view(await isTelegramLinked(deps.db, userId), row);
}
