import { describe, expect, it } from "vitest";
import { baseURL, linkFromMail, newUser, signUpBody, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

/** Parses "1 234,567890123"-style displays into a number of FRE (for comparisons only). */
function amountOf(text: string): number {
  const digits = text.replace(/[^\d,.-]/g, "").replace(/\s/g, "");
  const normalised = digits.includes(",") ? digits.replace(/\./g, "").replace(",", ".") : digits;
  return Number(normalised);
}

describe("mining", () => {
  it("a verified user starts mining, watches the counter rise, and sees group, leaderboard and wallet", async () => {
    const { context, page, errors } = await chromium.open();
    const referrer = newUser("ref");
    await signUpInContext(context, referrer);
    const link = await linkFromMail(referrer.email, /https?:\/\/\S+verify-email\S+/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.waitForURL("**/dashboard");

    // Start: the state becomes active and the counter rises between two 2-s ticks.
    const start = page.getByTestId("mining-start");
    await start.click();
    await expect
      .poll(() => page.getByTestId("mining-state").getAttribute("data-state"), { timeout: 10_000 })
      .toBe("active");
    await expect
      .poll(() => page.getByTestId("mining-remaining").textContent())
      .toMatch(/^2[34]:\d\d:\d\d$/);
    const earnings = async () =>
      amountOf((await page.getByTestId("mining-earnings").textContent()) ?? "");
    const first = await earnings();
    await expect.poll(earnings, { timeout: 10_000 }).toBeGreaterThan(first);
    await expect.poll(() => page.getByTestId("mining-rate").textContent()).toContain("0,001042");

    // The server agrees (the browser computed nothing it could credit).
    const state = await (await context.request.get("/api/mining")).json();
    expect(state.session.active).toBe(true);

    // Group: my share link; a friend signs up with it.
    await page.goto("/group");
    const code = (
      (await context.request.get("/api/me").then((r) => r.json())) as { referralCode: string }
    ).referralCode;
    await expect
      .poll(() => page.getByTestId("referral-link").textContent())
      .toContain(`/register?ref=${code}`);
    const friend = newUser("fr");
    const friendResponse = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL() },
      body: JSON.stringify(await signUpBody(friend, { referralCode: code })),
    });
    expect(friendResponse.ok).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId("referral-list").textContent())
      .toContain(friend.nickname);

    // Leaderboard: my own line is there.
    await page.goto("/leaderboard");
    await page.getByTestId("leaderboard-top").waitFor();
    await page.getByTestId("leaderboard-me").waitFor();

    // Wallet: stop mining credits the balance, shown with its ledger line.
    const stopped = await context.request.post("/api/mining/stop", {
      headers: { origin: baseURL() },
    });
    expect(stopped.ok()).toBe(true);
    const credited = ((await stopped.json()) as { credited: string }).credited;
    await page.goto("/wallet");
    await expect
      .poll(async () => await page.getByTestId("wallet-balance").getAttribute("data-value"))
      .toBe(credited);
    // Shown rounded to the balance's 4 digits (a few seconds of mining reads 0,0000).
    expect(amountOf((await page.getByTestId("wallet-balance").textContent()) ?? "")).toBeCloseTo(
      Number(credited),
      4,
    );
    await page.getByTestId("ledger-list").waitFor();

    expect(errors).toEqual([]);
  });
});
