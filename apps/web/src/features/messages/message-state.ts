import type { InformationUnread } from "@fre/shared";
import type { MessageType } from "./api/messages-api";

/** Identifies the newest information message, to remember that its pop-up was closed. */
export function popupKey(latest: InformationUnread["latest"]): string | null {
  return latest ? `${latest.createdAt}|${latest.id}` : null;
}

/**
 * The unread pop-up shows on every signed-in page except /information, while something is
 * unread, unless the user closed it for this same newest message (a newer one shows it again).
 */
export function shouldShowInformationPopup(
  unread: InformationUnread | undefined,
  dismissedKey: string | null,
  pathname: string,
): boolean {
  if (!unread || unread.unreadCount <= 0) return false;
  if (pathname === "/information" || pathname.startsWith("/information/")) return false;
  const key = popupKey(unread.latest);
  return key === null || key !== dismissedKey;
}

/** Newest first (createdAt, then id for equal instants). */
export function sortNewestFirst<T extends { id: string; createdAt: string }>(items: T[]): T[] {
  return [...items].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id),
  );
}

const pad = (value: number) => String(value).padStart(2, "0");

/** ISO instant → value of an <input type="datetime-local"> in the browser's time zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** <input type="datetime-local"> value (local time) → ISO instant; empty or invalid → null. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Colours and icon tone of a global message by its type. */
export const messageTone: Record<MessageType, { border: string; badge: string; icon: string }> = {
  info: {
    border: "border-sky-400/50",
    badge: "bg-sky-500/15 text-sky-100",
    icon: "bg-sky-400/15 text-sky-200",
  },
  warning: {
    border: "border-amber-400/60",
    badge: "bg-amber-500/15 text-amber-100",
    icon: "bg-amber-400/15 text-amber-200",
  },
  success: {
    border: "border-emerald-400/50",
    badge: "bg-emerald-500/15 text-emerald-100",
    icon: "bg-emerald-400/15 text-emerald-200",
  },
};
