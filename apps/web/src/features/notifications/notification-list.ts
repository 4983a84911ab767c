import {
  type AppNotification,
  isNotificationType,
  NOTIFICATIONS,
  type NotificationList,
} from "@fre/shared";
import type { GlyphName } from "../../components/ui/glyph";

/** The server keeps at most 50 per user (spec §3); so does the cache. */
export const MAX_NOTIFICATIONS = 50;

const byNewest = (a: AppNotification, b: AppNotification) =>
  Date.parse(b.timestamp) - Date.parse(a.timestamp);

const countUnread = (items: AppNotification[]) => items.filter((item) => !item.read).length;

/** A notification arrived live: newest first, no duplicate, at most 50. */
export function addNotification(
  list: NotificationList | undefined,
  incoming: AppNotification,
): NotificationList {
  const others = (list?.items ?? []).filter((item) => item.id !== incoming.id);
  const items = [incoming, ...others].sort(byNewest).slice(0, MAX_NOTIFICATIONS);
  return { items, unread: countUnread(items) };
}

export function markRead(list: NotificationList, id: string): NotificationList {
  const items = list.items.map((item) => (item.id === id ? { ...item, read: true } : item));
  return { items, unread: countUnread(items) };
}

export function markAllRead(list: NotificationList): NotificationList {
  return { items: list.items.map((item) => ({ ...item, read: true })), unread: 0 };
}

/** Spec §2 targets; "/" means home, which for a signed-in user is the mining screen. */
export function notificationPath(target: string): string {
  if (!target.startsWith("/") || target.startsWith("//")) return "/dashboard";
  return target === "/" ? "/dashboard" : target;
}

/**
 * A notification's glyph: its registry icon (decision 0065), which must be one of the Glyph set's
 * — an icon the set lacks does not compile here. The bell is for a type newer than this app
 * bundle (a cached app meeting a newer server), never for a known type: each has its icon.
 */
export function notificationGlyph(type: string): GlyphName {
  if (!isNotificationType(type)) return "bell";
  const glyph: GlyphName = NOTIFICATIONS[type].icon;
  return glyph;
}

/** Badge text: the count, capped so it fits the bell. */
export function badgeText(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}
