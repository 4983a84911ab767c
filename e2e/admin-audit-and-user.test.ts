import { describe, expect, it } from "vitest";
import { elevateAdmin, newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

/** Issue 34 points 3 and 4: the user page in words, the audit log as sentences. */
describe("admin: a user's page and the audit log", () => {
  it("suspends and credits a user, reads it all in words, then finds it in the audit log", async () => {
    const victim = await chromium.open();
    const user = newUser("audt");
    await signUpInContext(victim.context, user);

    const boss = await chromium.open();
    await elevateAdmin(boss.context);
    const me = await (await boss.context.request.get("/api/me")).json();
    const found = await boss.context.request.get(
      `/api/admin/users?q=${encodeURIComponent(user.nickname)}`,
    );
    const userId: string = (await found.json()).items[0].id;
    await boss.page.goto(`/admin/users/${userId}`);
    const page = boss.page;
    await expect.poll(() => page.getByTestId("page-title").textContent()).toBe(user.nickname);

    // One suspend button on the page, then a credit of 0.1 FRE.
    expect(await page.getByRole("button", { name: /^Suspendre/ }).count()).toBe(1);
    await page.getByRole("button", { name: "Suspendre le compte" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Motif").fill("Fraude au parrainage");
    await dialog.getByRole("button", { name: "Suspendre" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Lever la suspension" }).waitFor();
    await page.getByRole("button", { name: "Ajuster le solde" }).click();
    await dialog.getByLabel("Montant").fill("0.1");
    await dialog.getByLabel("Motif").fill("Geste commercial");
    await dialog.getByRole("button", { name: "Ajuster" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The ledger in words and French amounts; no English status, no id on the page.
    const ledger = page.getByTestId("admin-user-ledger");
    await ledger.getByText("Ajustement par l'équipe · +0,1 FRE").waitFor();
    const filters = page.getByTestId("admin-user-ledger-filters");
    // Folded under one line, so the latest entries are on the first screen (issue 34 point 5).
    expect(await filters.getByLabel("Type").isVisible()).toBe(false);
    await filters.getByText("Filtrer par type ou par dates").click();
    await filters.getByLabel("Type").selectOption("mining");
    await filters.getByRole("button", { name: "Filtrer" }).click();
    await page.getByTestId("admin-user-ledger").waitFor({ state: "detached" });
    await filters.getByLabel("Type").selectOption("admin_adjustment");
    await filters.getByLabel("Du (jj/mm/aaaa)").fill("2026-01-01");
    await filters.getByRole("button", { name: "Filtrer" }).click();
    await filters.getByText("Saisissez une date au format jj/mm/aaaa.").first().waitFor();
    const today = new Date();
    const day = `${String(today.getDate()).padStart(2, "0")}/${String(today.getMonth() + 1).padStart(2, "0")}/${today.getFullYear()}`;
    await filters.getByLabel("Du (jj/mm/aaaa)").fill(day);
    await filters.getByRole("button", { name: "Filtrer" }).click();
    await page.getByTestId("admin-user-ledger").getByText("+0,1 FRE").waitFor();
    const shown = (await page.locator("main").allInnerTexts()).join(" ").toLowerCase();
    expect(shown).not.toContain(userId.toLowerCase());
    expect(shown).not.toMatch(/\b(paid|pending|claimed|active|admin_adjustment)\b/);

    // The link to the audit entries about them: a sentence, the reason, before and after.
    await page.getByRole("link", { name: "Journal d'audit le concernant" }).click();
    await page.waitForURL("**/admin/audit?target=*");
    await page.getByTestId("audit-target-picker").getByText(`Choisi : ${user.nickname}`).waitFor();
    const suspended = page.getByTestId("audit-entry").filter({
      hasText: `${me.nickname} a suspendu ${user.nickname} — motif : Fraude au parrainage`,
    });
    await suspended.waitFor();
    const changes = suspended.getByTestId("audit-changes");
    await changes.getByRole("row", { name: /Suspendu\s+non\s+oui/ }).waitFor();
    const adjusted = page
      .getByTestId("audit-entry")
      .filter({ hasText: `${me.nickname} a ajusté le solde de ${user.nickname}` });
    await adjusted.getByRole("row", { name: /Montant\s+—\s+0,1 FRE/ }).waitFor();
    await adjusted.getByRole("row", { name: /Solde\s+0 FRE\s+0,1 FRE/ }).waitFor();
    await adjusted.getByRole("link", { name: `Fiche de ${user.nickname}` }).waitFor();
    const log = (await page.locator("main").allInnerTexts()).join(" ").toLowerCase();
    expect(log).not.toContain(userId.toLowerCase());
    expect(log).not.toContain(String(me.id).toLowerCase());

    // Filter by action: only the suspension remains.
    const form = page.getByTestId("admin-audit-filters");
    await form.getByLabel("Action").selectOption("user.suspend");
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect.poll(() => page.getByTestId("audit-entry").count()).toBe(1);

    // A target picked by search, on a fresh audit screen.
    await page.goto("/admin/audit");
    const picker = page.getByTestId("audit-target-picker");
    await picker.getByLabel("Concerne l'utilisateur").fill(user.nickname);
    await picker.getByRole("button", { name: new RegExp(user.nickname) }).click();
    await picker.getByText(`Choisi : ${user.nickname}`).waitFor();
    await form.getByRole("button", { name: "Filtrer" }).click();
    await expect.poll(() => page.getByTestId("audit-entry").count()).toBe(2);
    const sentences = await page.getByTestId("audit-sentence").allInnerTexts();
    expect(sentences.every((s) => s.includes(user.nickname))).toBe(true);

    expect(boss.errors).toEqual([]);
  });
});
