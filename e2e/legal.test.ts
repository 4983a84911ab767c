/**
 * The legal pages (issue 20, point 4): each document is a page of the app, in French at 390×844,
 * naming the operator from the server's LEGAL_* settings (the demonstration's defaults here);
 * the cookie banner leads to the cookie policy; and no link anywhere points at a placeholder
 * domain — the community links appear only once an admin has set them.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, elevateAdmin, expectAccessible, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

/** The e2e server runs with the LEGAL_* defaults: a demonstration's operator. */
const OPERATOR = "FRE (démonstration)";

const DOCUMENTS = [
  ["/legal/mentions", "Mentions légales"],
  ["/legal/cgu", "Conditions générales d'utilisation"],
  ["/legal/confidentialite", "Politique de confidentialité"],
  ["/legal/cookies", "Politique de cookies"],
] as const;

const title = (page: Page) => page.getByTestId("page-title").textContent();

/** Every link's target on the page (or inside `within`), as the browser resolved it. */
const hrefs = (page: Page, within = "body") =>
  page
    .locator(`${within} a[href]`)
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));

/** The domain a link leads to (a mail address's for `mailto:`). */
const domainOf = (href: string) => {
  const url = new URL(href);
  return url.protocol === "mailto:" ? (url.pathname.split("@")[1] ?? "") : url.hostname;
};

/** Reserved for documentation (RFC 2606): `example`, `example.com`, `fre.example`… */
const PLACEHOLDER = /(^|\.)example(\.|$)/i;

function expectNoPlaceholder(links: string[]) {
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((href) => PLACEHOLDER.test(domainOf(href)))).toEqual([]);
}

async function putCommunityLinks(context: BrowserContext, links: Record<string, string>) {
  const response = await context.request.put("/api/admin/community-links", {
    data: links,
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const NO_LINKS = { telegram: "", x: "", facebook: "", whitePaper: "" };

describe("legal pages at 390×844", () => {
  it("shows each document in French with the operator's name", async () => {
    const { page, errors } = await chromium.open();
    for (const [path, heading] of DOCUMENTS) {
      await page.goto(path);
      await expect.poll(() => title(page)).toBe(heading);
      await expect.poll(() => page.getByTestId("legal-intro").textContent()).toContain(OPERATOR);
      // A demonstration's details say so.
      await page.getByText("Version de démonstration").waitFor();
    }
    // The publisher's details, from the server's settings.
    await page.goto("/legal/mentions");
    const operator = page.getByTestId("legal-operator");
    await operator.waitFor();
    expect(await operator.textContent()).toContain(OPERATOR);
    expect(await operator.textContent()).toContain("Directeur de la publication");
    // The privacy policy sends people to their profile for export and erasure.
    await page.goto("/legal/confidentialite");
    await page.getByTestId("legal-intro").waitFor();
    expect(await hrefs(page, "main")).toContain(`${baseURL()}/profile`);
    expect(await page.getByText("depuis votre profil").count()).toBeGreaterThan(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("follows the cookie banner's policy link to the cookie policy", async () => {
    const { page, errors } = await chromium.open({ skipCookieBanner: false });
    await page.goto("/");
    const banner = page.getByTestId("cookie-banner");
    await banner.waitFor();
    await banner.getByRole("link", { name: "Politique de cookies" }).click();
    await page.waitForURL("**/legal/cookies");
    await expect.poll(() => title(page)).toBe("Politique de cookies");
    // What the policy lists is what the app sets.
    const list = page.getByTestId("legal-storage-list");
    await list.waitFor();
    for (const name of [
      "fre.session_token",
      "fre.device",
      "fre.did",
      "fre_view",
      "fre.cookieConsent",
    ]) {
      expect(await list.textContent()).toContain(name);
    }
    // Still undecided: the banner stays on the policy until the visitor chooses.
    await page.getByRole("button", { name: "Refuser" }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("links no placeholder on the landing, the signed-in menu or the footers", async () => {
    const visitor = await chromium.open();
    await visitor.page.goto("/");
    const footer = visitor.page.locator("footer");
    await footer.getByRole("link", { name: "Mentions légales" }).waitFor();
    await visitor.page.waitForLoadState("networkidle");
    const landing = await hrefs(visitor.page);
    expectNoPlaceholder(landing);
    for (const [path] of DOCUMENTS) expect(landing).toContain(`${baseURL()}${path}`);
    // No community link while none is set.
    expect(await footer.getByRole("link", { name: "Communauté Telegram" }).count()).toBe(0);

    const member = await chromium.open();
    await signUpInContext(member.context, {
      email: `legal${Date.now().toString(36)}@fre-e2e.fr`,
      password: "Str0ng!pass",
      nickname: `legal${Date.now().toString(36).slice(-6)}`,
    });
    await member.page.goto("/dashboard");
    await member.page.getByTestId("mining-state").waitFor();
    const signedIn = await hrefs(member.page);
    expectNoPlaceholder(signedIn);
    for (const [path] of DOCUMENTS) expect(signedIn).toContain(`${baseURL()}${path}`);
    await member.page.getByTestId("app-menu-button").click();
    // The destinations follow the sheet's opening in a deferred render.
    await member.page.getByTestId("app-menu").getByTestId("menu-shop").waitFor();
    expectNoPlaceholder(await hrefs(member.page, "[data-testid=app-menu]"));
    expect(visitor.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  });

  it("shows the community links an admin sets in the console, and hides them when emptied", async () => {
    const admin = await chromium.open();
    await elevateAdmin(admin.context);
    try {
      await admin.page.goto("/admin/security");
      const form = admin.page.getByTestId("community-links-form");
      await form.waitFor();
      await form.getByLabel("Communauté Telegram").fill("http://t.me/fre");
      await form.getByRole("button", { name: "Enregistrer les liens" }).click();
      await form.getByText("commençant par https://").waitFor();
      await form.getByLabel("Communauté Telegram").fill("https://t.me/fre_mining");
      await form.getByRole("button", { name: "Enregistrer les liens" }).click();
      await form.getByText("Liens enregistrés.").waitFor();

      const visitor = await chromium.open();
      await visitor.page.goto("/");
      const telegram = visitor.page.locator("footer").getByRole("link", {
        name: "Communauté Telegram",
      });
      await telegram.waitFor();
      expect(await telegram.getAttribute("href")).toBe("https://t.me/fre_mining");
      expect(await telegram.getAttribute("rel")).toBe("noopener noreferrer");
      // The others are still empty: hidden.
      expect(await visitor.page.getByRole("link", { name: "Livre blanc" }).count()).toBe(0);
      expect(visitor.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    } finally {
      await putCommunityLinks(admin.context, NO_LINKS);
    }
  });
});
