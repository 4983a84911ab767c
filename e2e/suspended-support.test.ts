/**
 * A suspended account learns how to reach support without signing in (issue 34 point 12,
 * decision 0063): its sign-in on /login is refused with the operator's address
 * (LEGAL_CONTACT_EMAIL, the one GET /api/legal gives) as a mailto link, in the user's language.
 */
import { describe, expect, it } from "vitest";
import { baseURL, elevateAdmin, fillSignIn, newUser, signUpViaApi, useBrowser } from "./support";

const chromium = useBrowser();

describe("a suspended account on the sign-in page", () => {
  it("reads where to write to support, the address a mailto link, in French and English", async () => {
    const user = newUser("suppt");
    await signUpViaApi(user);
    const boss = await chromium.open();
    await elevateAdmin(boss.context);
    const found = await boss.context.request.get(
      `/api/admin/users?q=${encodeURIComponent(user.email)}`,
    );
    expect(found.status()).toBe(200);
    const { items } = (await found.json()) as { items: { id: string; email: string }[] };
    const target = items.find((item) => item.email === user.email);
    expect(target).toBeDefined();
    const suspended = await boss.context.request.post(`/api/admin/users/${target?.id}/suspend`, {
      data: { reason: "Fraude au parrainage" },
      headers: { origin: baseURL() },
    });
    expect(suspended.status(), await suspended.text()).toBe(200);
    const legal = (await (await boss.context.request.get("/api/legal")).json()) as {
      operator: { email: string };
    };
    const support = legal.operator.email;
    expect(support).toMatch(/@/);

    // In French.
    const fr = await chromium.open();
    await fr.page.goto("/login");
    await fillSignIn(fr.page, user.email, user.password);
    const alert = fr.page.getByRole("alert").filter({ hasText: "Votre compte est suspendu" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`écrivez au support à ${support}`);
    const link = alert.getByRole("link", { name: support });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href.startsWith(`mailto:${support}?subject=`)).toBe(true);
    expect(decodeURIComponent(href.split("subject=")[1] ?? "")).toBe(
      `Compte suspendu : ${user.email}`,
    );
    // Still signed out, on the sign-in page.
    expect(new URL(fr.page.url()).pathname).toBe("/login");
    expect((await fr.page.request.get("/api/me")).status()).toBe(401);

    // In English (the language chosen on this device).
    const en = await chromium.open();
    await en.context.addInitScript(() => localStorage.setItem("fre.language", "en"));
    await en.page.goto("/login");
    await en.page.locator('input[name="email"]').fill(user.email);
    await en.page.locator('input[name="password"]').fill(user.password);
    await en.page.locator('form button[type="submit"]').click();
    const enAlert = en.page.getByRole("alert").filter({ hasText: "Your account is suspended" });
    await enAlert.waitFor();
    expect(await enAlert.textContent()).toContain(`write to support at ${support}`);
    const enHref = (await enAlert.getByRole("link", { name: support }).getAttribute("href")) ?? "";
    expect(decodeURIComponent(enHref.split("subject=")[1] ?? "")).toBe(
      `Suspended account: ${user.email}`,
    );

    const noise = (errors: string[]) => errors.filter((e) => !/status of (401|403)/.test(e));
    expect(noise(fr.errors)).toEqual([]);
    expect(noise(en.errors)).toEqual([]);
    expect(boss.errors).toEqual([]);
  });
});
