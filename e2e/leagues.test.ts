/**
 * The leaderboard's tabs (issue 24): a signed-in user on /leaderboard at 390 px sees « Tous »
 * drawn first, then opens « Semaine » (their league group, themselves flagged) and « Amis »
 * (their circle), each readable and axe-clean, with no console error.
 */
import { describe, expect, it } from "vitest";
import { expectAccessible, newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

describe("leaderboard tabs", () => {
  it("opens Tous, Semaine and Amis at 390 px", async () => {
    const { context, page, errors } = await chromium.open();
    const user = newUser("league");
    await signUpInContext(context, user);
    await page.goto("/leaderboard");

    // « Tous » first: the server-drawn top 10 and my rank.
    const all = page.getByRole("tab", { name: "Tous" });
    await expect.poll(() => all.getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("leaderboard-me").waitFor();
    await expectAccessible(page);

    // « Semaine »: my group, me flagged, the time left.
    await page.getByRole("tab", { name: "Semaine" }).click();
    const week = page.getByTestId("league-week");
    await week.waitFor();
    await expect
      .poll(() => page.locator('[data-testid="league-members"] [data-me="true"]').textContent())
      .toContain(user.nickname);
    expect(await page.getByTestId("league-time-left").textContent()).toMatch(/Fin dans/);
    expect(await page.getByText("Bronze").first().isVisible()).toBe(true);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // « Amis »: me alone, and the invitation to bring friends; all time too.
    await page.getByRole("tab", { name: "Amis" }).click();
    const friends = page.getByTestId("friends-board");
    await friends.waitFor();
    expect(await friends.textContent()).toContain(user.nickname);
    await page.getByRole("button", { name: "Depuis le début" }).click();
    await expect.poll(() => friends.getAttribute("data-order")).toBe("allTime");
    await expectAccessible(page);

    // Back to « Tous » with the keyboard (arrow keys move between tabs).
    await page.getByRole("tab", { name: "Amis" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => all.getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("leaderboard-top").waitFor();

    expect(errors).toEqual([]);
  });
});
