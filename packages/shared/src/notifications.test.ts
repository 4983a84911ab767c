import { describe, expect, expectTypeOf, it } from "vitest";
import {
  isNotificationType,
  NOTIFICATION_TYPES,
  NOTIFICATIONS,
  type NotificationEntry,
  type NotificationType,
} from "./notifications.ts";

describe("the notification registry", () => {
  it("has one entry per type, each with a target path and an icon", () => {
    // The type-level half: the registry is exactly a Record of the types (decision 0065).
    expectTypeOf(NOTIFICATIONS).toExtend<Record<NotificationType, NotificationEntry>>();
    expectTypeOf<keyof typeof NOTIFICATIONS>().toEqualTypeOf<NotificationType>();

    expect(Object.keys(NOTIFICATIONS).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const type of NOTIFICATION_TYPES) {
      const entry: NotificationEntry = NOTIFICATIONS[type];
      expect(entry.target, type).toMatch(/^\/(?!\/)[a-z/-]*$/);
      expect(entry.icon, type).toMatch(/^[a-zA-Z]+$/);
    }
  });

  it("knows its own types only", () => {
    for (const type of NOTIFICATION_TYPES) expect(isNotificationType(type)).toBe(true);
    for (const other of ["", "toString", "__proto__", "constructor", "slot_available_bonus"]) {
      expect(isNotificationType(other), other).toBe(false);
    }
  });
});
