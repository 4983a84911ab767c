/**
 * Issue 34 point 12: before any spin, and after a reload, a machine's reels rest on a line its
 * paytable does not pay — read from what the screen shows (each reel's symbol name) and judged
 * by the game's own rule (matchLine, as the server's matchPaytable does).
 */
import { readFileSync } from "node:fs";
import { FRE_MACHINE, matchLine, SLOT, type SlotMachine } from "@fre/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

const frenchNames = (
  JSON.parse(
    readFileSync(new URL("../apps/web/src/locales/fr/games.json", import.meta.url), "utf8"),
  ) as { symbols: Record<string, string> }
).symbols;
const symbolOf = new Map(Object.entries(frenchNames).map(([symbol, name]) => [name, symbol]));

/** The symbols the three reels show, as the screen names them. */
async function shownLine(page: Page): Promise<string[]> {
  const reels = page.getByTestId("games-reels").getByRole("img");
  await reels.first().waitFor({ state: "visible", timeout: 20_000 });
  const names = await reels.evaluateAll((images) =>
    images.map((image) => image.getAttribute("aria-label") ?? ""),
  );
  return names.map((name) => symbolOf.get(name) ?? `unknown:${name}`);
}

async function expectIdleLinePaysNothing(page: Page, machine: SlotMachine) {
  const line = await shownLine(page);
  expect(line).toHaveLength(3);
  expect(
    line.every((symbol) => !symbol.startsWith("unknown:")),
    line.join(","),
  ).toBe(true);
  expect(matchLine(machine.paytable, line), line.join(",")).toBeUndefined();
}

describe("the machines at rest", () => {
  it("show a line that pays nothing, before a spin and after a reload", async () => {
    const { context, page } = await chromium.open();
    await signUpInContext(context, newUser("idle"));
    for (const [path, machine] of [
      ["/game/slot", SLOT],
      ["/fre", FRE_MACHINE],
    ] as const) {
      await page.goto(path);
      await expectIdleLinePaysNothing(page, machine);
      await page.reload();
      await expectIdleLinePaysNothing(page, machine);
    }
  });
});
