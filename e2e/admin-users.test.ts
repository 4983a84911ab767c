import { describe, expect, it } from "vitest";
import { elevateAdmin, newUser, pathOf, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

describe("admin users", () => {
  it("an admin finds a user and suspends them: the user's open page is signed out", async () => {
    // The user, signed in, with the app open.
    const victim = await chromium.open();
    const user = newUser("susp");
    await signUpInContext(victim.context, user);
    await victim.page.goto("/dashboard");
    await expect.poll(() => victim.page.getByTestId("page-title").textContent()).toBe("Minage");

    // The admin, elevated, searches by the start of the nickname.
    const boss = await chromium.open();
    await elevateAdmin(boss.context);
    await boss.page.goto("/admin/users");
    const search = boss.page.getByTestId("admin-users-search");
    await search.getByLabel("Rechercher un utilisateur").fill(user.nickname.slice(0, 8));
    await search.getByRole("button", { name: "Rechercher" }).click();
    const row = boss.page.getByTestId("admin-user-row").filter({ hasText: user.email });
    await row.click();
    await boss.page.waitForURL("**/admin/users/*");
    await expect.poll(() => boss.page.getByTestId("page-title").textContent()).toBe(user.nickname);

    // Suspend, with a reason, through the confirmation dialog.
    await boss.page.getByRole("button", { name: "Suspendre le compte" }).click();
    const dialog = boss.page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Suspendre" }).click();
    await dialog.getByText("Veuillez indiquer un motif").waitFor();
    await dialog.getByLabel("Motif").fill("Fraude au parrainage");
    await dialog.getByRole("button", { name: "Suspendre" }).click();
    await dialog.waitFor({ state: "hidden" });
    await boss.page.getByTestId("admin-user-suspended").first().waitFor();
    await boss.page.getByRole("button", { name: "Lever la suspension" }).waitFor();

    // The user's next navigation finds them signed out.
    await victim.page.getByRole("link", { name: "Portefeuille" }).first().click();
    await victim.page.waitForURL("**/login");
    expect(pathOf(victim.page)).toBe("/login");

    // The audit log on /admin/security shows the suspension.
    await boss.page.goto("/admin/security");
    const log = boss.page.getByTestId("admin-security-log");
    await log.getByText("Compte suspendu").first().waitFor();

    expect(victim.errors.filter((e) => !/401/.test(e))).toEqual([]);
    expect(boss.errors).toEqual([]);
  });
});
