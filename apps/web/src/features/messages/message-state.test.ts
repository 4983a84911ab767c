import { describe, expect, it } from "vitest";
import {
  isoToLocalInput,
  localInputToIso,
  popupKey,
  shouldShowInformationPopup,
  sortNewestFirst,
} from "./message-state";

const latest = { id: "b", title: "Hello", createdAt: "2025-01-02T10:00:00.000Z" };

describe("information pop-up", () => {
  it("shows while something is unread, except on /information", () => {
    const unread = { unreadCount: 2, latest };
    expect(shouldShowInformationPopup(unread, null, "/dashboard")).toBe(true);
    expect(shouldShowInformationPopup(unread, null, "/information")).toBe(false);
    expect(shouldShowInformationPopup({ unreadCount: 0, latest }, null, "/group")).toBe(false);
    expect(shouldShowInformationPopup(undefined, null, "/group")).toBe(false);
  });

  it("stays closed for the same newest message, and comes back for a newer one", () => {
    const dismissed = popupKey(latest);
    expect(shouldShowInformationPopup({ unreadCount: 1, latest }, dismissed, "/group")).toBe(false);
    const newer = { id: "c", title: "Again", createdAt: "2025-01-03T10:00:00.000Z" };
    expect(shouldShowInformationPopup({ unreadCount: 2, latest: newer }, dismissed, "/group")).toBe(
      true,
    );
  });
});

describe("sortNewestFirst", () => {
  it("orders by creation date, newest first", () => {
    const items = [
      { id: "1", createdAt: "2025-01-01T00:00:00Z" },
      { id: "3", createdAt: "2025-03-01T00:00:00Z" },
      { id: "2", createdAt: "2025-02-01T00:00:00Z" },
    ];
    expect(sortNewestFirst(items).map((item) => item.id)).toEqual(["3", "2", "1"]);
  });
});

describe("datetime-local conversion", () => {
  it("round-trips an instant to the minute", () => {
    const iso = "2025-06-15T08:30:00.000Z";
    expect(localInputToIso(isoToLocalInput(iso))).toBe(iso);
  });

  it("treats empty or malformed input as no expiry", () => {
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("tomorrow")).toBeNull();
    expect(isoToLocalInput(null)).toBe("");
    expect(isoToLocalInput("nope")).toBe("");
  });
});
