import type { NotificationType } from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import { isLanguage, type NotificationTextKey, notificationText } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/event-bus.ts";
import {
  claimEndingSessions,
  claimExpiringBoosts,
  findLanguage,
  insertNotification,
  insertNotificationOnce,
  listNotifications,
  markAllRead,
  markRead,
  pruneExpiredBoosts,
} from "./notifications.repo.ts";

export { NOTIFICATION_TYPES, type NotificationType } from "@fre/shared";

/** Spec §2 click targets. */
export function notificationTarget(type: string): string {
  switch (type) {
    case "slot_available":
      return "/game";
    case "withdrawal_complete":
      return "/wallet";
    case "bonus_expiring":
      return "/shop";
    case "support_answer":
      return "/support";
    case "referral_reminder":
      return "/dashboard";
    case "kyc_decision":
      return "/kyc";
    case "daily_reminder":
      return "/daily";
    case "league_result":
      return "/leaderboard";
    default:
      return "/";
  }
}

export interface NotificationDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
  /** Web Push to the user's devices (absent in tests that do not exercise it). */
  push?: (
    userId: string,
    message: { type: string; title: string; message: string; target: string },
  ) => Promise<void>;
}

/** Live in the open app, and on the user's devices when they subscribed to push. */
async function deliver(deps: NotificationDeps, row: Row, language?: string) {
  const view = render(row, language ?? (await findLanguage(deps.db, row.userId)));
  deps.bus.publish(row.userId, { type: "notification", data: view });
  await deps.push?.(row.userId, view);
}

type Row = Awaited<ReturnType<typeof listNotifications>>[number];

function render(row: Row, language: string) {
  const lang = isLanguage(language) ? language : "fr";
  // slot_available has its own wording when referral bonus spins are waiting (spec §9).
  const key = (
    row.type === "slot_available" && Number(row.params.bonusSpins ?? 0) > 0
      ? "slot_available_bonus"
      : row.type
  ) as NotificationTextKey;
  // Stored values are raw (an amount's decimal, an item's id): notificationText words them.
  const params: Record<string, string | number> = {
    count: row.params.bonusSpins ?? 0,
    ...row.params,
  };
  const text = notificationText(lang, key, params);
  return {
    id: row.id,
    type: row.type,
    title: text.title,
    message: text.message,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
    target: notificationTarget(row.type),
  };
}

export async function notify(
  deps: NotificationDeps,
  userId: string,
  type: NotificationType,
  params: Record<string, string | number> = {},
) {
  const row = await insertNotification(deps.db, { userId, type, params, at: deps.clock.now() });
  await deliver(deps, row);
}

/** A notification as the outbox records it: its id is the effect's. */
export interface RecordedNotification {
  id: string;
  userId: string;
  type: string;
  params: Record<string, string | number>;
  at: Date;
}

/** Stores a recorded notification (once, whatever the retries) in the caller's transaction. */
export const storeRecordedNotification = (tx: Db | Tx, notification: RecordedNotification) =>
  insertNotificationOnce(tx, notification);

/**
 * The outbox's delivery of a notification: stored if it is not yet (never for an erased
 * account), then live and pushed. At least once: a retry may push it again, under the same id.
 */
export async function deliverRecordedNotification(
  deps: NotificationDeps,
  notification: RecordedNotification,
) {
  const row = await insertNotificationOnce(deps.db, notification);
  if (row) await deliver(deps, row, row.language);
}

export async function getNotifications(deps: NotificationDeps, userId: string, language: string) {
  const rows = await listNotifications(deps.db, userId);
  return {
    items: rows.map((row) => render(row, language)),
    unread: rows.filter((row) => !row.read).length,
  };
}

export async function readOne(deps: NotificationDeps, userId: string, id: string) {
  if (!(await markRead(deps.db, userId, id))) throw new AppError("NOT_FOUND", 404);
}

export async function readAll(deps: NotificationDeps, userId: string) {
  await markAllRead(deps.db, userId);
}

type Claim = (tx: Tx, now: Date) => Promise<{ userId: string }[]>;

/** Claims due rows (SKIP LOCKED), writes one notification each, then pushes them live. */
async function sweepNotices(deps: NotificationDeps, type: NotificationType, claim: Claim) {
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const rows = [];
    for (const due of await claim(tx, now)) {
      rows.push(await insertNotification(tx, { userId: due.userId, type, params: {}, at: now }));
    }
    return rows;
  });
  for (const row of created) await deliver(deps, row);
  return created.length;
}

/** Every session with ≤ 1 minute left gets its end notice, once (spec §4). */
export const sweepSessionEndings = (deps: NotificationDeps, windowMs = 60_000) =>
  sweepNotices(deps, "mining_session_end", (tx, now) =>
    claimEndingSessions(tx, now, windowMs, 500),
  );

/** Every boost expiring within 24 h gets its warning, once (spec §9); old ones are pruned. */
export async function sweepExpiringBoosts(deps: NotificationDeps) {
  const sent = await sweepNotices(deps, "bonus_expiring", (tx, now) =>
    claimExpiringBoosts(tx, now, 24 * 3_600_000, 500),
  );
  await pruneExpiredBoosts(deps.db, deps.clock.now());
  return sent;
}
