import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseURL, linkFromMail, newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();
let admin: APIRequestContext;

beforeAll(async () => {
  admin = await playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { origin: baseURL() },
  });
  const signIn = await admin.post("/api/auth/sign-in/email", {
    data: { email: inject("adminEmail"), password: inject("adminPassword") },
  });
  expect(signIn.ok()).toBe(true);
  expect(
    (await admin.post("/api/admin/access", { data: { code: inject("adminCode") } })).ok(),
  ).toBe(true);
});

// Runs before useBrowser's own afterAll (vitest runs them in reverse order).
afterAll(async () => {
  // The server is shared by every e2e file: leave no global message behind.
  await admin?.post("/api/admin/access", { data: { code: inject("adminCode") } });
  await admin?.put("/api/admin/messages/global", {
    data: { title: "—", content: "—", type: "info", active: false, expiresAt: null },
  });
  await admin?.dispose();
});

/** A signed-in, verified user on a phone, on /dashboard. */
async function verifiedMiner(
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await chromium.open();
  const user = newUser(prefix);
  await signUpInContext(opened.context, user);
  const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
  await opened.page.goto(link.pathname + link.search);
  await opened.page.waitForURL("**/dashboard");
  return opened;
}

async function redeem(page: Page, code: string) {
  await page.getByTestId("bonus-code-input").fill(code);
  await page.getByRole("button", { name: "Utiliser le code" }).click();
  await expect
    .poll(() => page.getByTestId("bonus-code-result").getAttribute("data-state"))
    .toMatch(/success|error/);
  return page.getByTestId("bonus-code-result");
}

describe("engagement", () => {
  it("redeems each code type and sees its effect on balance, rate and session end", async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    for (const [code, type, rewardValue] of [
      [`FRE${stamp}`, "fre", "5"],
      [`BST${stamp}`, "boost", "0.5"],
      [`CUT${stamp}`, "time_reduction", String(3 * 3_600_000)],
    ] as const) {
      const created = await admin.post("/api/admin/bonus-codes", {
        data: { code, type, rewardValue, maxUses: 10, durationHours: 24 },
      });
      expect(created.status()).toBe(201);
    }
    const { context, page, errors } = await verifiedMiner("bonus");
    await page.getByTestId("mining-start").click();
    await expect
      .poll(() => page.getByTestId("mining-state").getAttribute("data-state"))
      .toBe("active");

    expect(await (await redeem(page, `FRE${stamp}`)).getAttribute("data-state")).toBe("success");
    const me = await (await context.request.get("/api/me")).json();
    expect(me.balance).toBe("5.000000000");

    await redeem(page, `BST${stamp}`);
    await expect
      .poll(async () => (await (await context.request.get("/api/mining")).json()).rate.boosts)
      .toBe("0.500000000");
    await expect.poll(() => page.getByTestId("mining-rate").textContent()).toContain("0,501042");

    await redeem(page, `CUT${stamp}`);
    await expect
      .poll(() => page.getByTestId("mining-remaining").textContent())
      .toMatch(/^2[01]:\d\d:\d\d$/);

    const again = await redeem(page, `FRE${stamp}`);
    expect(await again.getAttribute("data-state")).toBe("error");
    expect(await again.textContent()).toContain("Vous avez déjà utilisé ce code.");

    await page.goto("/wallet");
    await expect.poll(() => page.getByTestId("bonus-history").getAttribute("data-count")).toBe("3");
    expect(errors).toEqual([]);
  });

  it("shows the global message once, and the unread information pop-up and live toast", async () => {
    const title = `Annonce ${Date.now()}`;
    const saved = await admin.put("/api/admin/messages/global", {
      data: {
        title,
        content: "Maintenance ce soir.",
        type: "warning",
        active: true,
        expiresAt: null,
      },
    });
    expect(saved.ok()).toBe(true);
    const { page, errors } = await verifiedMiner("msg");
    const modal = page.getByTestId("global-message");
    await modal.waitFor();
    expect(await modal.textContent()).toContain(title);
    const marked = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === "/api/messages/global/read" &&
        r.request().method() === "POST",
    );
    await page.getByTestId("global-message-close").click();
    await modal.waitFor({ state: "hidden" });
    expect((await marked).status()).toBe(204);
    // Closed for good: after a reload the page asks again, and the server has nothing to show.
    const asked = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/messages/global" && r.request().method() === "GET",
    );
    const live = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/events" && r.status() === 200,
    );
    await page.reload();
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ message: null });
    await page.getByTestId("mining-state").waitFor();
    expect(await modal.count()).toBe(0);

    // A new information message: pop-up on other pages, pushed live (once the stream is open).
    await live;
    const info = await admin.post("/api/admin/messages/information", {
      data: { title: `Info ${Date.now()}`, content: "Nouveau jeu disponible." },
    });
    expect(info.status()).toBe(201);
    await expect
      .poll(() => page.getByTestId("information-popup").getAttribute("data-count"), {
        timeout: 15_000,
      })
      .toBe("1");

    // On /information everything is read; a message published meanwhile shows the 10 s toast.
    // Published once the page's live stream is open (before, nothing could carry it live).
    const streaming = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/events" && r.status() === 200,
    );
    await page.goto("/information");
    await page.getByTestId("information-list").waitFor();
    await streaming;
    const toastTitle = `Toast ${Date.now()}`;
    await admin.post("/api/admin/messages/information", {
      data: { title: toastTitle, content: "Encore une nouveauté." },
    });
    await expect
      .poll(() => page.getByTestId("information-toast").textContent(), { timeout: 30_000 })
      .toContain(toastTitle);
    expect(errors).toEqual([]);
  });
});
