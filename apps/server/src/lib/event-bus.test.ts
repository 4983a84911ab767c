import { describe, expect, it } from "vitest";
import { createEventBus } from "./event-bus.ts";

describe("event bus", () => {
  it("delivers a user's events to that user only, broadcasts to all, and stops after unsubscribe", () => {
    const bus = createEventBus();
    const a: string[] = [];
    const b: string[] = [];
    const stopA = bus.subscribe("a", (e) => a.push(e.type));
    bus.subscribe("b", (e) => b.push(e.type));
    bus.publish("a", { type: "notification", data: {} });
    bus.publishAll({ type: "information", data: {} });
    stopA();
    bus.publishAll({ type: "global_message", data: {} });
    expect(a).toEqual(["notification", "information"]);
    expect(b).toEqual(["information", "global_message"]);
  });
});
