import { isNotificationType, NOTIFICATIONS, type NotificationType } from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import { isLanguage, type NotificationTextKey, notificationText } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/event-bus.ts";
import {
  claimEndingSessions,
  claimExpiringBoosts,
  insertNotificationOnce,
  listNotifications,
  markAllRead,
  markRead,
  pruneExpiredBoosts,
} from "./notifications.repo.ts";

export { NOTIFICATION_TYPES, type NotificationType } from "@fre/shared";

/** Where a notification leads: its registry target (decision 0065; spec §2 click targets). */
export const notificationTarget = (type: NotificationType) => NOTIFICATIONS[type].target;

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
async function deliver(deps: NotificationDeps, row: KnownRow, language: string) {
  const view = render(row, language);
  deps.bus.publish(row.userId, { type: "notification", data: view });
  await deps.push?.(row.userId, view);
}

type Row = Awaited<ReturnType<typeof listNotifications>>[number];
/** A stored row of a type this build knows (rows keep the plain string they were written with). */
type KnownRow = Omit<Row, "type"> & { type: NotificationType };
const isKnown = (row: Omit<Row, "type"> & { type: string }): row is KnownRow =>
  isNotificationType(row.type);

function render(row: KnownRow, language: string) {
  const lang = isLanguage(language) ? language : "fr";
  // slot_available has its own wording when referral bonus spins are waiting (spec §9). Every
  // type is a text key: a type without its texts in the catalogs does not compile.
  const key: NotificationTextKey =
    row.type === "slot_available" && Number(row.params.bonusSpins ?? 0) > 0
      ? "slot_available_bonus"
      : row.type;
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

/** A notification as the outbox records it: its id is the effect's. */
export interface RecordedNotification {
  id: string;
  userId: string;
  type: string;
  params: Record<string, string | number>;
  at: Date;
}

/**
 * The outbox's delivery of a notification: stored if it is not yet (never for an erased
 * account), then live and pushed. At least once: a retry may push it again, under the same id.
 */
export async function deliverRecordedNotification(
  deps: NotificationDeps,
  notification: RecordedNotification,
) {
  const row = await insertNotificationOnce(deps.db, notification);
  // A type this build no longer knows is stored (the row is the delivery's record) but not sent.
  if (row && isKnown(row)) await deliver(deps, row, row.language);
}

export async function getNotifications(deps: NotificationDeps, userId: string, language: string) {
  // A row of a type this build no longer knows is not listed (it has no target nor text).
  const rows = (await listNotifications(deps.db, userId)).filter(isKnown);
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

/** What a sweep needs: its claim's database and the outbox it records its notices in. */
export interface SweepDeps {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "notify">;
}

type Claim = (tx: Tx, now: Date) => Promise<{ userId: string }[]>;

/**
 * Claims due rows (SKIP LOCKED) and records one notice each through the outbox, in the claim's
 * transaction (decision 0065): the notices exist exactly when the claim does, and are stored and
 * pushed after the commit, by whichever process delivers them — a crash after the commit loses
 * none, and a claimed row is never claimed again, so none is doubled.
 */
async function sweepNotices(deps: SweepDeps, type: NotificationType, claim: Claim) {
  return deps.db.transaction(async (tx) => {
    const due = await claim(tx, deps.clock.now());
    for (const { userId } of due) await deps.events.notify(userId, type, {}, { tx });
    return due.length;
  });
}

/** Every session with ≤ 1 minute left gets its end notice, once (spec §4). */
export const sweepSessionEndings = (deps: SweepDeps, windowMs = 60_000) =>
  sweepNotices(deps, "mining_session_end", (tx, now) =>
    claimEndingSessions(tx, now, windowMs, 500),
  );

/** Every boost expiring within 24 h gets its warning, once (spec §9); old ones are pruned. */
export async function sweepExpiringBoosts(deps: SweepDeps) {
  const sent = await sweepNotices(deps, "bonus_expiring", (tx, now) =>
    claimExpiringBoosts(tx, now, 24 * 3_600_000, 500),
  );
  await pruneExpiredBoosts(deps.db, deps.clock.now());
  return sent;
}
