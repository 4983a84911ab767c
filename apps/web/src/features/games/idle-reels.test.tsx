import { FRE_MACHINE, matchLine, matchPaytable, SLOT, type SlotMachine } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { renderStatic } from "../../test/render-static";
import { Reels } from "./components/reels";
import { idleStops } from "./idle-reels";

// Issue 34 point 12: the idle reels never show a paying line, by the game's own paytable rule.
describe("the reels at rest", () => {
  it.each([
    ["the free slot", SLOT],
    ["the FRE machine", FRE_MACHINE],
  ])("of %s pay nothing and show three different symbols", (_name, machine) => {
    const stops = idleStops(machine);
    expect(stops).not.toBeNull();
    expect(matchPaytable(machine, stops!)).toBeUndefined();
    const symbols = stops!.map((stop, i) => machine.reels[i]![stop]);
    expect(new Set(symbols).size).toBe(3);
  });

  it("follow the paytable: a line that would pay is skipped", () => {
    const machine: SlotMachine = {
      reels: [["cherry", "lemon"], ["cherry"], ["cherry", "plum"]],
      paytable: [
        { symbols: ["cherry", "*", "*"], prize: "1" },
        { symbols: ["lemon", "cherry", "cherry"], prize: "1" },
      ],
    };
    expect(idleStops(machine)).toEqual([1, 0, 1]);
    // Every line pays: nowhere to rest.
    const allPay: SlotMachine = {
      reels: [["cherry"], ["lemon"], ["plum"]],
      paytable: [{ symbols: ["*", "*", "*"], prize: "1" }],
    };
    expect(idleStops(allPay)).toBeNull();
  });

  it("rest on a non-paying line even when no line has three different symbols", () => {
    const machine: SlotMachine = {
      reels: [["lemon"], ["lemon", "cherry"], ["lemon"]],
      paytable: [{ symbols: ["lemon", "lemon", "lemon"], prize: "1" }],
    };
    expect(idleStops(machine)).toEqual([0, 1, 0]);
  });

  it.each([
    ["the free slot", SLOT],
    ["the FRE machine", FRE_MACHINE],
  ])("of %s are what the screen shows before a spin", async (_name, machine) => {
    const html = await renderStatic(
      <Reels machine={machine} symbols={undefined} spinKey={null} spinning={false} />,
    );
    const shown = /data-idle="([^"]*)"/.exec(html)?.[1]?.split(",") ?? [];
    expect(shown).toHaveLength(3);
    expect(matchLine(machine.paytable, shown)).toBeUndefined();
  });
});
