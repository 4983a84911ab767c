/**
 * The tasks hub « Gagner » (issue 38 point 1): the admin makes a visit task and an in-app task
 * (a one-day streak); a new user at 390 px opens « Gagner » from the menu, sees what is left to
 * earn, opens the link (a new tab), verifies after the wait and is credited; the streak task says
 * why it is not done, then passes once the daily reward is claimed. Axe-clean, no console error.
 */
import { describe, expect, inject, it } from "vitest";
import { baseURL, completeVisitTask, expectAccessible, useBrowser, verifiedPhone } from "./support";

const chromium = useBrowser();

async function adminCreates(body: Record<string, unknown>) {
  const context = await chromium.browser.newContext({ baseURL: baseURL() });
  chromium.contexts.push(context);
  const origin = { origin: baseURL() };
  const signedIn = await context.request.post("/api/auth/sign-in/email", {
    headers: origin,
    data: { email: inject("adminEmail"), password: inject("adminPassword") },
  });
  expect(signedIn.status()).toBe(200);
  const elevated = await context.request.post("/api/admin/access", {
    headers: origin,
    data: { code: inject("adminCode") },
  });
  expect(elevated.status()).toBeLessThan(300);
  const created = await context.request.post("/api/admin/tasks", { headers: origin, data: body });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string };
}

describe("tasks hub", () => {
  it("a new user completes a visit task and an in-app task from « Gagner »", async () => {
    const stamp = Date.now().toString(36);
    const visit = await adminCreates({
      kind: "visit_link",
      title: {
        fr: `Lisez notre annonce ${stamp}`,
        en: "Read our news",
        es: "Lee nuestra noticia",
        ru: "Прочитайте новость",
        zh: "阅读我们的公告",
      },
      reward: { type: "fre", amount: "2,5" },
      params: { url: "https://example.com/fre-news", minSeconds: 2 },
    });
    const streak = await adminCreates({
      kind: "daily_streak",
      title: {
        fr: `Réclamez votre bonus du jour ${stamp}`,
        en: "Claim today's reward",
        es: "Reclama tu recompensa",
        ru: "Заберите награду дня",
        zh: "领取每日奖励",
      },
      reward: { type: "fre", amount: "1" },
      params: { days: 1 },
    });
    const { page, errors } = await verifiedPhone(chromium, "tasks");
    const before = (await (await page.request.get("/api/wallet")).json()).balance as string;

    await page.getByTestId("app-menu-button").click();
    const menu = page.getByTestId("app-menu");
    await menu.waitFor();
    expect(await menu.getByTestId("menu-tasks").textContent()).toContain("Gagner");
    await menu.getByTestId("menu-tasks").click();
    await page.waitForURL("**/tasks");
    await page.getByTestId("tasks-left").waitFor();
    expect(await page.getByTestId("tasks-left").textContent()).toContain("Encore à gagner");
    await expectAccessible(page);

    // One tap opens the link in a new tab and starts the clock; the second verifies.
    const visitCard = await completeVisitTask(page, visit.id);
    await expect.poll(() => visitCard.getAttribute("data-status")).toBe("completed");

    // The streak task says why, in words, until the daily reward is claimed.
    const streakCard = page.getByTestId(`task-${streak.id}`);
    await streakCard.getByRole("button", { name: "Vérifier" }).click();
    await streakCard.getByText(/série de connexions quotidiennes est encore trop courte/).waitFor();
    const claimed = await page.request.post("/api/daily/claim", {
      headers: { origin: baseURL() },
      data: {},
    });
    expect(claimed.status(), await claimed.text()).toBe(200);
    await streakCard.getByRole("button", { name: "Vérifier" }).click();
    await streakCard.getByText("Tâche accomplie : récompense créditée.").waitFor();

    // The server agrees: both rewards once, on the balance.
    const ledger = await (await page.request.get("/api/wallet/ledger?limit=20")).json();
    const rewards = ledger.items.filter((e: { kind: string }) => e.kind === "task_reward");
    expect(rewards).toHaveLength(2);
    const after = (await (await page.request.get("/api/wallet")).json()).balance as string;
    expect(Number(after) - Number(before)).toBeGreaterThanOrEqual(3.5);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
