import type { AppNotification } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  addNotification,
  badgeText,
  MAX_NOTIFICATIONS,
  markAllRead,
  markRead,
  notificationPath,
} from "./notification-list";

const note = (id: string, minute: number, read = false): AppNotification => ({
  id,
  type: "mining_session_claim",
  title: "t",
  message: "m",
  timestamp: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(),
  read,
  target: "/",
});

describe("notification list", () => {
  it("puts a live notification first and counts it unread", () => {
    const list = { items: [note("a", 1, true), note("b", 0)], unread: 1 };
    const next = addNotification(list, note("c", 5));
    expect(next.items.map((n) => n.id)).toEqual(["c", "a", "b"]);
    expect(next.unread).toBe(2);
  });

  it("ignores a notification it already has (reconnect replay)", () => {
    const list = addNotification(undefined, note("a", 1));
    expect(addNotification(list, note("a", 1))).toEqual({ items: [note("a", 1)], unread: 1 });
  });

  it("keeps the 50 newest", () => {
    let list = addNotification(undefined, note("n0", 0));
    for (let i = 1; i <= 60; i++) list = addNotification(list, note(`n${i}`, i));
    expect(list.items).toHaveLength(MAX_NOTIFICATIONS);
    expect(list.items[0]?.id).toBe("n60");
    expect(list.items.at(-1)?.id).toBe("n11");
  });

  it("marks one or all read", () => {
    const list = { items: [note("a", 2), note("b", 1)], unread: 2 };
    expect(markRead(list, "b").unread).toBe(1);
    expect(markRead(list, "b").items[1]?.read).toBe(true);
    expect(markAllRead(list).unread).toBe(0);
  });

  it("maps targets to app paths and caps the badge", () => {
    expect(notificationPath("/")).toBe("/dashboard");
    expect(notificationPath("/wallet")).toBe("/wallet");
    expect(notificationPath("https://evil.example")).toBe("/dashboard");
    expect(notificationPath("//evil.example")).toBe("/dashboard");
    expect(badgeText(3)).toBe("3");
    expect(badgeText(12)).toBe("9+");
  });
});
