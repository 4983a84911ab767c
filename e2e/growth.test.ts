/**
 * Growth (issue 38, « Done when »): a new user at 390 px links Telegram, opens « Gagner » and
 * completes a visit task, a Telegram channel task (the e2e's fake Bot API answers getChatMember)
 * and an in-app task; their mining session ends and the bot's reminder reaches the fake Bot API;
 * then they open « Escouades », join a founder's squad from the week's board, and it is on the
 * board as theirs, with them among its members. And a squad's share link: a visitor sees the
 * squad's public preview, signs up from it, comes back to the squad and joins it, as the
 * founder's referral.
 */
import { sign } from "@telegram-apps/init-data-node";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { setTelegramChatMember, telegramMessagesTo } from "./fake-telegram-client";
import { E2E_TELEGRAM_BOT_TOKEN } from "./global-setup";
import {
  baseURL,
  completeVisitTask,
  expectAccessible,
  linkFromMail,
  newUser,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();
const origin = { origin: baseURL() };

async function adminApi(): Promise<APIRequestContext> {
  const context = await chromium.browser.newContext({ baseURL: baseURL() });
  chromium.contexts.push(context);
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
  return context.request;
}

async function created(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const answer = await request.post(path, { headers: origin, data });
  expect(answer.status(), await answer.text()).toBe(201);
  return answer.json();
}

const titles = (fr: string) => ({ fr, en: fr, es: fr, ru: fr, zh: fr });

/**
 * A zone where it is early afternoon now: the reminders keep quiet from 22:00 to 8:00 local, and
 * a user's zone is the one their streak was first read in.
 */
function afternoonZone(now = new Date()) {
  let offset = 14 - now.getUTCHours(); // local = UTC + offset
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  // Etc/GMT signs are inverted: Etc/GMT-3 is UTC+3.
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/** Signed up, e-mail verified (the link opened in `context`). */
async function verifiedAccount(context: BrowserContext, prefix: string, zone: string) {
  const user = newUser(prefix);
  await signUpInContext(context, user);
  // The streak (and so the reminders' local time) is created in the zone of the first read.
  const daily = await context.request.get(`/api/daily?timeZone=${encodeURIComponent(zone)}`);
  expect(daily.status(), await daily.text()).toBe(200);
  expect((await daily.json()).timeZone).toBe(zone);
  const link = await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/);
  const verified = await context.request.get(link);
  expect(verified.status()).toBeLessThan(400);
  return user;
}

describe("growth: the hub, the bot's reminder, a squad", () => {
  it("a new user earns from « Gagner », gets the session-end reminder in Telegram and joins a squad", async () => {
    const stamp = Date.now().toString(36);
    const zone = afternoonZone();
    const admin = await adminApi();
    const channelId = `-100${Date.now().toString().slice(-10)}`;
    const visit = await created(admin, "/api/admin/tasks", {
      kind: "visit_link",
      title: titles(`Découvrez notre blog ${stamp}`),
      reward: { type: "fre", amount: "2" },
      params: { url: "https://example.com/fre-blog", minSeconds: 2 },
    });
    const channel = await created(admin, "/api/admin/tasks", {
      kind: "telegram_channel",
      title: titles(`Rejoignez notre canal ${stamp}`),
      reward: { type: "fre", amount: "3" },
      params: { chatId: channelId, inviteUrl: `https://t.me/fre_e2e_${stamp}` },
    });
    const inApp = await created(admin, "/api/admin/tasks", {
      kind: "daily_streak",
      title: titles(`Réclamez votre bonus du jour ${stamp}`),
      reward: { type: "fre", amount: "1" },
      params: { days: 1 },
    });
    // The fake Bot API knows the channel; nobody is in it yet.
    await setTelegramChatMember(channelId, 1, "left");

    // A founder for the squad: level 2 through the contest's first two social tasks (opened,
    // then validated 10 s later, while the new user goes through the hub).
    const founderContext = await chromium.browser.newContext({ baseURL: baseURL() });
    chromium.contexts.push(founderContext);
    await verifiedAccount(founderContext, "founder", zone);
    for (const level of [1, 2]) {
      const opened = await founderContext.request.post(`/api/contest/levels/${level}/open`, {
        headers: origin,
      });
      expect(opened.ok(), await opened.text()).toBe(true);
    }

    // The new user, on a phone, with Telegram linked (as the Mini App's link prompt does).
    const { context, page, errors } = await chromium.open();
    const user = await verifiedAccount(context, "grow", zone);
    const telegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000);
    const linked = await context.request.post("/api/auth/telegram/link", {
      headers: origin,
      data: {
        initData: sign(
          {
            user: {
              id: telegramId,
              first_name: "Inès",
              username: `g${stamp}`,
              language_code: "fr",
            },
          },
          E2E_TELEGRAM_BOT_TOKEN,
          new Date(),
        ),
        password: user.password,
      },
    });
    expect(linked.status(), await linked.text()).toBe(200);
    expect((await linked.json()).outcome).toBe("linked");

    await page.goto("/dashboard");
    await page.getByTestId("app-menu-button").click();
    const menu = page.getByTestId("app-menu");
    await menu.waitFor();
    expect(await menu.getByTestId("menu-tasks").textContent()).toContain("Gagner");
    await menu.getByTestId("menu-tasks").click();
    await page.waitForURL("**/tasks");
    await page.getByTestId("tasks-left").waitFor();
    await expectAccessible(page);

    // The visit: one tap opens the link and starts the clock, the second verifies after it.
    await completeVisitTask(page, visit.id);

    // The channel: not a member yet, the fake Bot API says so; once in, verified.
    const channelCard = page.getByTestId(`task-${channel.id}`);
    expect(
      await channelCard.getByRole("link", { name: /Ouvrir le canal/ }).getAttribute("href"),
    ).toBe(`https://t.me/fre_e2e_${stamp}`);
    await channelCard.getByRole("button", { name: "Vérifier" }).click();
    await channelCard.getByText(/vous n'êtes pas encore membre du canal/).waitFor();
    await setTelegramChatMember(channelId, telegramId, "member");
    await channelCard.getByRole("button", { name: "Vérifier" }).click();
    await channelCard.getByText("Tâche accomplie : récompense créditée.").waitFor();
    await expect.poll(() => channelCard.getAttribute("data-status")).toBe("completed");

    // The in-app task: today's reward claimed, then verified.
    const claimed = await page.request.post("/api/daily/claim", { headers: origin, data: {} });
    expect(claimed.status(), await claimed.text()).toBe(200);
    const inAppCard = page.getByTestId(`task-${inApp.id}`);
    await inAppCard.getByRole("button", { name: "Vérifier" }).click();
    await inAppCard.getByText("Tâche accomplie : récompense créditée.").waitFor();
    const ledger = await (await page.request.get("/api/wallet/ledger?limit=20")).json();
    expect(ledger.items.filter((e: { kind: string }) => e.kind === "task_reward")).toHaveLength(3);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // A mining session, ended at once by a time-reduction code of its whole length.
    await page.goto("/dashboard");
    await page.getByTestId("mining-start").click();
    await expect
      .poll(() => page.getByTestId("mining-state").getAttribute("data-state"), { timeout: 30_000 })
      .toBe("active");
    const cut = `CUT${stamp}`.toUpperCase();
    await created(admin, "/api/admin/bonus-codes", {
      code: cut,
      type: "time_reduction",
      rewardValue: String(24 * 3_600_000),
      maxUses: 1,
      durationHours: 24,
    });
    const redeemed = await page.request.post("/api/bonus-codes/redeem", {
      headers: origin,
      data: { code: cut },
    });
    expect(redeemed.status(), await redeemed.text()).toBe(200);

    // The bot's reminder reaches the (fake) Bot API: in French, a button to the dashboard.
    await expect
      .poll(async () => (await telegramMessagesTo(telegramId)).length, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(1);
    const [reminder] = await telegramMessagesTo(telegramId);
    expect(reminder?.text).toContain("Session de minage terminée");
    expect(JSON.stringify(reminder?.replyMarkup)).toContain("/dashboard");

    // The squad: the founder (now level 2) creates it, the user joins it; it is on the board.
    for (const level of [1, 2]) {
      await expect
        .poll(
          async () =>
            (
              await founderContext.request.post(`/api/contest/levels/${level}/validate`, {
                headers: origin,
              })
            ).status(),
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(200);
    }
    const squadName = `Sq${stamp}`.slice(0, 20);
    const squad = await created(founderContext.request, "/api/squads", { name: squadName });
    // The user opens « Escouades » from the menu and joins it from the week's board.
    await page.getByTestId("app-menu-button").click();
    await menu.waitFor();
    expect(await menu.getByTestId("menu-squads").textContent()).toContain("Escouades");
    await menu.getByTestId("menu-squads").click();
    await page.waitForURL("**/squads");
    const board = page.getByTestId("squad-board");
    await board.waitFor();
    const row = board.locator(`[data-testid="squad-row"][data-squad-id="${squad.id}"]`);
    await row.getByRole("button", { name: `Rejoindre ${squadName}` }).click();
    // On the board, now as the user's squad, with both members; and in « Mon escouade ».
    await expect.poll(() => row.getAttribute("aria-current")).toBe("true");
    expect(await row.textContent()).toContain(squadName);
    await expect.poll(() => row.textContent()).toContain("Membres : 2");
    expect(await page.getByTestId("my-squad-name").textContent()).toBe(squadName);
    expect(await board.getByTestId("squad-join").count()).toBe(0);
    const boardOverflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(boardOverflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    // The server agrees.
    const standing = await (await page.request.get("/api/squads/leaderboard")).json();
    expect(standing.mine).toMatchObject({ id: squad.id, name: squadName, members: 2 });
    expect(standing.squads.map((s: { id: string }) => s.id)).toContain(squad.id);
    // The squad's page lists the user among its members.
    await row.getByRole("link", { name: squadName }).click();
    await page.waitForURL(`**/squad/${squad.id}`);
    expect(await page.getByTestId("squad-name").textContent()).toBe(squadName);
    await expect
      .poll(() => page.getByTestId("squad-members").textContent())
      .toContain(user.nickname);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

/** How far the page scrolls sideways (0: not at all). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("growth: a squad's share link", () => {
  it("a visitor opens the link, sees the squad, signs up from it, verifies, comes back, joins, and is the founder's referral", async () => {
    const stamp = Date.now().toString(36);
    // The founder, on a phone, reaches level 2 through the contest's first two social tasks.
    const founder = await chromium.open();
    await verifiedAccount(founder.context, "sqfound", afternoonZone());
    for (const level of [1, 2]) {
      const opened = await founder.context.request.post(`/api/contest/levels/${level}/open`, {
        headers: origin,
      });
      expect(opened.ok(), await opened.text()).toBe(true);
    }
    for (const level of [1, 2]) {
      await expect
        .poll(
          async () =>
            (
              await founder.context.request.post(`/api/contest/levels/${level}/validate`, {
                headers: origin,
              })
            ).status(),
          { timeout: 25_000, interval: 1000 },
        )
        .toBe(200);
    }
    const squadName = `Sh${stamp}`.slice(0, 20);
    const squad = await created(founder.context.request, "/api/squads", { name: squadName });
    const founderMe = await (await founder.context.request.get("/api/me")).json();

    // The founder's squad page at 390 px: the share link, and no sideways scroll.
    await founder.page.goto(`/squad/${squad.id}`);
    expect(await founder.page.getByTestId("squad-name").textContent()).toBe(squadName);
    const shareLink = founder.page.getByTestId("squad-share-link");
    const link = (await shareLink.textContent()) ?? "";
    expect(await shareLink.getAttribute("href")).toBe(link);
    const shared = new URL(link);
    expect(shared.pathname).toBe(`/squad/${squad.id}`);
    expect(shared.searchParams.get("ref")).toBe(founderMe.referralCode);
    expect(founder.page.viewportSize()?.width).toBe(390);
    expect(await sidewaysScroll(founder.page)).toBeLessThanOrEqual(0);
    await expectAccessible(founder.page);

    // A visitor, in a browser of their own, opens the link: the squad's public preview.
    const visitor = await chromium.open();
    const { page } = visitor;
    await page.goto(link);
    await expect.poll(() => page.getByTestId("squad-invite-name").textContent()).toBe(squadName);
    await expect.poll(() => page.getByTestId("squad-stat-members").textContent()).toContain("1");
    expect(await page.getByTestId("squad-stat-rank").textContent()).toMatch(/#\d+|Non classée/);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // The sign-up from the invitation: the founder's code already filled in.
    await page.getByTestId("squad-signup").click();
    await page.waitForURL((url) => url.pathname === "/register");
    const referral = page.getByLabel("Code de parrainage (facultatif)");
    await expect.poll(() => referral.inputValue()).toBe(founderMe.referralCode);
    const newcomer = newUser("sqvisit");
    await page.getByLabel("Adresse e-mail").fill(newcomer.email);
    await page.getByLabel("Pseudo").fill(newcomer.nickname);
    await page.getByLabel("Mot de passe", { exact: true }).fill(newcomer.password);
    await page.getByLabel("Confirmer le mot de passe").fill(newcomer.password);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    // Back on the squad, signed in.
    await page.waitForURL((url) => url.pathname === `/squad/${squad.id}`, { timeout: 30_000 });
    expect(await page.getByTestId("squad-name").textContent()).toBe(squadName);

    // The e-mail verified from the mail's link, in the visitor's browser.
    const verifyLink = await linkFromMail(newcomer.email, /https?:\/\/\S+verify-email\S+/);
    const verified = await visitor.context.request.get(verifyLink);
    expect(verified.status()).toBeLessThan(400);
    expect((await (await visitor.context.request.get("/api/me")).json()).emailVerified).toBe(true);

    // Joins: a member now, listed on the squad's page.
    await page.getByTestId("squad-join").click();
    await page.getByTestId("squad-leave").waitFor();
    await expect
      .poll(() => page.getByTestId("squad-members").textContent())
      .toContain(newcomer.nickname);
    await expect.poll(() => page.getByTestId("squad-stat-members").textContent()).toContain("2");
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // The founder's referrals list the newcomer.
    const referrals = await (await founder.context.request.get("/api/referrals")).json();
    expect(referrals.total).toBe(1);
    expect(referrals.referrals.map((r: { nickname: string }) => r.nickname)).toEqual([
      newcomer.nickname,
    ]);
    expect(founder.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
