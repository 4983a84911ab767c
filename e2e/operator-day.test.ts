import { randomUUID } from "node:crypto";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  baseURL,
  elevateAdmin,
  linkFromMail,
  me,
  newUser,
  signUpInContext,
  useBrowser,
} from "./support";

const chromium = useBrowser();

/** At most this many taps and keyboard entries for the whole day (issue 34 point 5). */
const MAX_ACTIONS = 8;

const post = (context: BrowserContext, url: string, data: unknown, extra = {}) =>
  context.request.post(url, { data, headers: { origin: baseURL(), ...extra } });

/**
 * The operator's hands: every tap and every keyboard entry goes through here and is counted (a
 * fill is one entry, a key press is one). Waiting for and reading the screen is free.
 */
function hands() {
  const done: string[] = [];
  return {
    done,
    async tap(target: Locator, what: string) {
      done.push(`tap « ${what} »`);
      await target.click();
    },
    async type(target: Locator, text: string, what: string) {
      done.push(`type « ${text} » in ${what}`);
      await target.fill(text);
    },
    async press(target: Locator, key: string, what: string) {
      done.push(`key ${key} in ${what}`);
      await target.press(key);
    },
  };
}

/** A user with some history: two adjustments, a shop order, named in a friend's circle. */
async function userWithAHistory(admin: BrowserContext) {
  const { context } = await chromium.open();
  const user = newUser("opday");
  await signUpInContext(context, user);
  const found = await admin.request.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
  const id: string = (await found.json()).items[0].id;
  for (const [amount, reason] of [
    ["2", "Compensation d'une panne"],
    ["-0.5", "Correction de la compensation"],
  ]) {
    const adjusted = await post(
      admin,
      `/api/admin/users/${id}/adjustments`,
      { amount, reason },
      { "idempotency-key": randomUUID() },
    );
    expect(adjusted.status(), await adjusted.text()).toBe(201);
  }
  const ordered = await post(context, "/api/shop/orders", { itemId: "BOX7" });
  expect(ordered.status(), await ordered.text()).toBe(201);

  // A friend names them in their circle (the page shows a count only, never who).
  const friend = await chromium.open();
  const friendUser = newUser("opdayf");
  await signUpInContext(friend.context, friendUser);
  const link = new URL(await linkFromMail(friendUser.email, /https?:\/\/\S+verify-email\S+/));
  await friend.page.goto(link.pathname + link.search);
  await friend.page.waitForURL("**/dashboard");
  const named = await post(friend.context, "/api/circle", { userRef: user.nickname });
  expect(named.status(), await named.text()).toBeLessThan(300);
  return { user, id };
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the operator's day, measured (issue 34 point 5)", () => {
  it("finds a user by e-mail, reads their ledger, adjusts by « 100,5 », suspends, opens the audit — in at most 8 actions", async () => {
    const boss = await chromium.open();
    await elevateAdmin(boss.context);
    const admin = await me(boss.page);
    const { user } = await userWithAHistory(boss.context);
    const reason = "Gains de parrainage frauduleux";
    const page = boss.page;
    const hand = hands();

    // The day starts on the console's home, at 390 px.
    await page.goto("/admin");
    const search = page.getByRole("combobox", { name: "Rechercher un utilisateur" });
    await search.waitFor();

    // 1–2. The header's search: the e-mail, then Enter opens the user it names.
    await hand.type(search, user.email, "the header search");
    await page.getByTestId("admin-search-hit").filter({ hasText: user.email }).waitFor();
    await hand.press(search, "Enter", "the header search");
    await page.waitForURL("**/admin/users/*");
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe(user.nickname);

    // Reading is free: the latest ledger entries, in words and French amounts, on the first screen.
    const ledger = page.getByTestId("admin-user-ledger");
    await ledger.getByText("Ajustement par l'équipe · -0,5 FRE").waitFor();
    await ledger.getByText("Ajustement par l'équipe · +2 FRE").waitFor();
    const firstEntry = await ledger.locator("li").first().boundingBox();
    expect(firstEntry, "the ledger's first entry is on the page").not.toBeNull();
    expect((firstEntry?.y ?? Infinity) + (firstEntry?.height ?? 0)).toBeLessThanOrEqual(844);
    const balance = page.getByTestId("admin-user-balance");
    expect(await balance.textContent()).toBe("1,5 FRE");
    // The rest of the page in words (issue 34 point 3): the item's name, the circle's count.
    await page
      .getByTestId("admin-user-orders")
      .getByText("Boîte de 7 jours · en attente")
      .waitFor();
    await page
      .getByTestId("admin-user-circle")
      .getByText("Figure dans 1 cercle d'un autre membre")
      .waitFor();
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);

    // 3–7. One dialog adjusts by a French decimal and suspends, with one reason.
    await hand.tap(page.getByRole("button", { name: "Ajuster le solde" }), "Ajuster le solde");
    const dialog = page.getByRole("dialog");
    await hand.type(dialog.getByLabel("Montant (FRE)"), "100,5", "Montant");
    await hand.type(dialog.getByRole("textbox", { name: "Motif" }), reason, "Motif");
    await hand.tap(
      dialog.getByRole("checkbox", { name: /^Suspendre aussi le compte/ }),
      "Suspendre aussi le compte",
    );
    await hand.tap(
      dialog.getByRole("button", { name: "Ajuster et suspendre" }),
      "Ajuster et suspendre",
    );
    await dialog.waitFor({ state: "hidden" });

    // The balance moved by 100,5 FRE, the ledger says so, the account reads « suspendu ».
    await expect.poll(() => balance.textContent()).toBe("102 FRE");
    await ledger.getByText("Ajustement par l'équipe · +100,5 FRE").waitFor();
    await page.getByTestId("admin-user-suspended").getByText("Suspendu").waitFor();
    await page.getByRole("button", { name: "Lever la suspension" }).waitFor();
    await page.getByRole("region", { name: "Actions" }).getByText(reason).waitFor();

    // 8. The audit entries about them, each a sentence naming what was done and why.
    await hand.tap(
      page.getByRole("link", { name: "Journal d'audit le concernant" }),
      "Journal d'audit le concernant",
    );
    await page.waitForURL("**/admin/audit?target=*");
    const entries = page.getByTestId("audit-entry");
    const suspended = entries.filter({
      hasText: `${admin.nickname} a suspendu ${user.nickname} — motif : ${reason}`,
    });
    await suspended.waitFor();
    const adjusted = entries.filter({
      hasText: `${admin.nickname} a ajusté le solde de ${user.nickname} — motif : ${reason}`,
    });
    await adjusted.getByRole("row", { name: /Montant\s+—\s+100,5 FRE/ }).waitFor();
    await adjusted.getByRole("row", { name: /Solde\s+1,5 FRE\s+102 FRE/ }).waitFor();
    // Every entry is about them: the two of the day and the two of the setup.
    await expect.poll(() => entries.count()).toBe(4);
    const sentences = await page.getByTestId("audit-sentence").allInnerTexts();
    expect(sentences.every((s) => s.includes(user.nickname))).toBe(true);

    expect(hand.done.length, hand.done.join("\n")).toBeLessThanOrEqual(MAX_ACTIONS);
    expect(boss.errors).toEqual([]);
  });
});
