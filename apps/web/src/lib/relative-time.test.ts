import { describe, expect, it } from "vitest";
import { formatRelative } from "./relative-time";

const NOW = Date.parse("2025-03-10T12:00:00Z");
// Intl puts no-break spaces inside French figures.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("formatRelative", () => {
  it("says how long ago, in the user's language", () => {
    expect(formatRelative(ago(10_000), NOW, "fr")).toBe("maintenant");
    expect(formatRelative(ago(5 * 60_000), NOW, "en")).toBe("5 min. ago");
    expect(plain(formatRelative(ago(3 * 3_600_000), NOW, "fr"))).toBe("il y a 3 h");
    expect(formatRelative(ago(26 * 3_600_000), NOW, "en")).toBe("yesterday");
  });

  it("gives the date after a week, and never a time in the future", () => {
    expect(formatRelative(ago(10 * 86_400_000), NOW, "en")).toBe("Feb 28, 2025");
    expect(formatRelative(ago(-60_000), NOW, "en")).toBe("now");
  });

  it("shows what it cannot read as is", () => {
    expect(formatRelative("soon", NOW, "fr")).toBe("soon");
  });
});
