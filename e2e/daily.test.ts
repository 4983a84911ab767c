import { describe, expect, it } from "vitest";
import { expectAccessible, linkFromMail, newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

describe("daily streak", () => {
  it("a verified user claims day 1 from the dashboard card, and /daily shows it claimed", async () => {
    const { context, page, errors } = await chromium.open();
    const user = newUser("daily");
    await signUpInContext(context, user);
    const link = await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.waitForURL("**/dashboard");

    // The card arrives after the first paint, with day 1's reward and its button.
    const card = page.getByTestId("daily-card");
    await card.waitFor();
    await expect.poll(() => page.getByTestId("daily-streak").textContent()).toBe("Série : 0 jour");
    await expect.poll(() => card.textContent()).toContain("Jour 1 : 0,1 FRE à réclamer");
    await expectAccessible(page);

    await page.getByTestId("daily-claim").click();
    await expect
      .poll(() => page.getByTestId("daily-claimed").textContent())
      .toContain("Jour 1 réclamé : +0,1 FRE.");
    await expect.poll(() => page.getByTestId("daily-streak").textContent()).toBe("Série : 1 jour");
    expect(await page.getByTestId("daily-claim").count()).toBe(0);
    // The server agrees: the reward is on the balance, and today is claimed.
    const me = await (await context.request.get("/api/me")).json();
    expect(me.balance).toBe("0.100000000");
    const state = await (await context.request.get("/api/daily")).json();
    expect(state).toMatchObject({ day: 1, streak: 1, claimedToday: true });

    // /daily: the seven days, day 1 claimed, the zone the browser reported, the countdown.
    await page.getByRole("link", { name: "Voir ma série" }).click();
    await page.waitForURL("**/daily");
    const track = page.getByTestId("daily-track");
    await track.waitFor();
    expect(await track.locator("li").count()).toBe(7);
    expect(await track.locator("li").first().getAttribute("data-status")).toBe("claimed");
    expect(await track.locator("li").nth(1).getAttribute("data-status")).toBe("next");
    await expect
      .poll(() => page.getByTestId("daily-page-claimed").textContent())
      .toContain("Jour 1 réclamé");
    await expect.poll(() => page.getByTestId("daily-countdown").textContent()).toMatch(/Prochaine/);
    expect(await page.getByTestId("daily-zone").textContent()).toBe(state.timeZone);
    await expectAccessible(page);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
