import { describe, expect, it } from "vitest";
import { clickThroughRate, fromLocalInput, pickWeighted, toLocalInput } from "./ads-logic";

describe("pickWeighted", () => {
  const items = [
    { id: "a", weight: 10 },
    { id: "b", weight: 30 },
  ];

  it("draws by weight", () => {
    expect(pickWeighted(items, () => 0)?.id).toBe("a");
    expect(pickWeighted(items, () => 0.249)?.id).toBe("a");
    expect(pickWeighted(items, () => 0.25)?.id).toBe("b");
    expect(pickWeighted(items, () => 0.999)?.id).toBe("b");
    const drawn = { a: 0, b: 0 };
    for (let i = 0; i < 4000; i++) drawn[pickWeighted(items, () => i / 4000)!.id as "a" | "b"]++;
    expect(drawn).toEqual({ a: 1000, b: 3000 });
  });

  it("draws nothing from nothing", () => {
    expect(pickWeighted([])).toBeNull();
    expect(pickWeighted([{ weight: 0 }])).toBeNull();
  });
});

describe("clickThroughRate", () => {
  it("is clicks per impression in percent, null without impressions", () => {
    expect(clickThroughRate({ impressions: 200, clicks: 3 })).toBe(1.5);
    expect(clickThroughRate({ impressions: 0, clicks: 0 })).toBeNull();
  });
});

describe("local date inputs", () => {
  it("round-trips an instant through the device's time zone", () => {
    const iso = new Date(2026, 4, 17, 9, 30).toISOString();
    expect(toLocalInput(iso)).toBe("2026-05-17T09:30");
    expect(fromLocalInput("2026-05-17T09:30")).toBe(iso);
    expect(fromLocalInput("2026-05-17")).toBeNull();
    expect(toLocalInput("nope")).toBe("");
  });
});
