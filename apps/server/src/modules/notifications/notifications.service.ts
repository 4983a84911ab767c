import type { Db } from "../../db/client.ts";
import { isLanguage, type NotificationTextKey, notificationText } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { EventBus } from "./event-bus.ts";
import {
  claimEndingSessions,
  findLanguage,
  insertNotification,
  listNotifications,
  markAllRead,
  markRead,
} from "./notifications.repo.ts";

export const NOTIFICATION_TYPES = [
  "mining_session_end",
  "mining_session_claim",
  "slot_available",
  "referral_active",
  "bonus_expiring",
  "level_up",
  "withdrawal_complete",
  "purchase_confirmation",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §2 click targets. */
export function notificationTarget(type: string): string {
  switch (type) {
    case "slot_available":
      return "/game";
    case "withdrawal_complete":
      return "/wallet";
    case "bonus_expiring":
      return "/shop";
    default:
      return "/";
  }
}

export interface NotificationDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
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
  const text = notificationText(lang, key, { count: row.params.bonusSpins ?? 0, ...row.params });
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
  deps.bus.publish(userId, {
    type: "notification",
    data: render(row, await findLanguage(deps.db, userId)),
  });
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

/** One sweep: every session with ≤ 1 minute left gets its end notice, once. */
export async function sweepSessionEndings(deps: NotificationDeps, windowMs = 60_000) {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction(async (tx) => {
    const sessions = await claimEndingSessions(tx, now, windowMs, 500);
    for (const s of sessions) {
      await insertNotification(tx, {
        userId: s.userId,
        type: "mining_session_end",
        params: {},
        at: now,
      });
    }
    return sessions;
  });
  for (const s of claimed) {
    const rows = await listNotifications(deps.db, s.userId);
    const row = rows.find((r) => r.type === "mining_session_end");
    if (row) {
      deps.bus.publish(s.userId, {
        type: "notification",
        data: render(row, await findLanguage(deps.db, s.userId)),
      });
    }
  }
  return claimed.length;
}
