/**
 * The security circle (issue 25, decision 0043): a verified user at 390 px opens /circle from the
 * referrals screen, names a member by nickname, sees them listed (not mining: not counting), and
 * removes them; the page is axe-clean and fits the phone, with no console error.
 */
import { describe, expect, it } from "vitest";
import {
  expectAccessible,
  linkFromMail,
  newUser,
  signUpInContext,
  signUpViaApi,
  useBrowser,
} from "./support";

const chromium = useBrowser();

describe("security circle", () => {
  it("adds a member by nickname, lists them, removes them", async () => {
    const friend = newUser("circlef");
    await signUpViaApi(friend);
    const { context, page, errors } = await chromium.open();
    const user = newUser("circle");
    await signUpInContext(context, user);
    const link = await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.waitForURL("**/dashboard");

    // The referrals screen says why only 5 count, and leads to the circle.
    await page.goto("/group");
    await page.getByTestId("circle-notice").waitFor();
    await page.getByRole("link", { name: "Mon cercle de sécurité" }).click();
    await page.waitForURL("**/circle");
    await page.getByTestId("circle-status").waitFor();
    expect(await page.getByTestId("circle-status").textContent()).toContain(
      "seuls 5 filleuls actifs comptent",
    );
    expect(await page.getByText("Vous n'avez encore nommé personne.").isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByLabel("Pseudo ou code de parrainage").fill(friend.nickname);
    await page.getByRole("button", { name: "Ajouter à mon cercle" }).click();
    const members = page.getByTestId("circle-members");
    await members.waitFor();
    await expect.poll(() => members.textContent()).toContain(friend.nickname);
    expect(await members.textContent()).toContain("N'a pas miné ces dernières 24 h");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // The server agrees, then the member goes.
    const circle = await (await page.request.get("/api/circle")).json();
    expect(circle.members.map((m: { nickname: string }) => m.nickname)).toEqual([friend.nickname]);
    await page.getByRole("button", { name: `Retirer ${friend.nickname} de mon cercle` }).click();
    await page.getByText("Vous n'avez encore nommé personne.").waitFor();
    expect((await (await page.request.get("/api/circle")).json()).members).toEqual([]);

    expect(errors).toEqual([]);
  });
});
