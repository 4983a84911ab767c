/**
 * First-party ads (issue 21 point 4, decision 0027): an elevated admin creates an ad with its
 * image on /admin/ads; a user who refused every optional cookie sees it on the dashboard (a
 * first-party banner is not personalised), and following it counts one click — in aggregate,
 * with no cookie of its own.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseURL, elevateAdmin, newUser, signUpInContext, useBrowser } from "./support";

const chromium = useBrowser();

interface AdminAdItem {
  id: string;
  title: string;
  placement: string;
  live: boolean;
  total: { impressions: number; clicks: number };
}

describe("ads", () => {
  it("an admin's ad shows on a user's dashboard and a click is counted", async () => {
    const boss = await chromium.open();
    await elevateAdmin(boss.context);
    const adminAds = async () =>
      ((await (await boss.page.request.get("/api/admin/ads")).json()) as { items: AdminAdItem[] })
        .items;
    // The e2e files share one server: no other dashboard ad takes part in this rotation.
    for (const other of await adminAds()) {
      if (other.placement === "dashboard" && other.live) {
        const off = await boss.page.request.patch(`/api/admin/ads/${other.id}`, {
          data: { active: false },
          headers: { origin: baseURL() },
        });
        expect(off.status()).toBe(200);
      }
    }

    // Created on /admin/ads with its image, through the form.
    const title = `Pack FRE ${Date.now().toString(36)}`;
    await boss.page.goto("/admin/ads");
    await boss.page.getByTestId("admin-ad-new").click();
    const form = boss.page.getByTestId("admin-ad-form");
    await form.getByLabel("Emplacement").selectOption("dashboard");
    await form.getByLabel("Texte alternatif de l'image").fill(title);
    await form.getByLabel("Lien").fill("https://fre-partner.fr/offre");
    await form.getByLabel("Poids").fill("100");
    const image = await sharp({
      create: { width: 640, height: 200, channels: 3, background: { r: 240, g: 180, b: 30 } },
    })
      .png()
      .toBuffer();
    await form
      .getByLabel("Image", { exact: true })
      .setInputFiles({ name: "banniere.png", mimeType: "image/png", buffer: image });
    await form.getByTestId("admin-ad-preview").waitFor();
    await form.getByTestId("admin-ad-save").click();
    await form.waitFor({ state: "hidden" });
    const created = (await adminAds()).find((ad) => ad.title === title);
    expect(created).toMatchObject({ placement: "dashboard", live: true });
    const card = boss.page.getByTestId(`admin-ad-${created?.id}`);
    await card.getByText("Diffusée", { exact: true }).waitFor();

    // A user (every optional cookie refused) sees it on the dashboard, labelled.
    const viewer = await chromium.open();
    await signUpInContext(viewer.context, newUser("adview"));
    await viewer.context.route("https://fre-partner.fr/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>Partenaire</p>" }),
    );
    await viewer.page.goto("/dashboard");
    // Below the mining panel: it counts once half of it has been on screen.
    const banner = viewer.page.getByTestId("ad-banner-dashboard");
    await banner.waitFor({ state: "attached", timeout: 20_000 });
    await banner.scrollIntoViewIfNeeded();
    await banner.getByText("Publicité", { exact: true }).waitFor();
    const link = banner.getByTestId("ad-link");
    expect(await link.getAttribute("rel")).toBe("noopener sponsored");
    expect(await link.getAttribute("href")).toBe("https://fre-partner.fr/offre");
    await banner.getByRole("img", { name: title }).waitFor();

    // Shown once: one impression (and not one more while it stays on screen).
    await expect
      .poll(async () => (await adminAds()).find((ad) => ad.id === created?.id)?.total, {
        timeout: 15_000,
      })
      .toEqual({ impressions: 1, clicks: 0 });

    // Followed: the partner opens in a new tab and one click is counted.
    const opened = viewer.context.waitForEvent("page");
    await link.click();
    const partner = await opened;
    await partner.waitForLoadState();
    await expect
      .poll(async () => (await adminAds()).find((ad) => ad.id === created?.id)?.total, {
        timeout: 15_000,
      })
      .toEqual({ impressions: 1, clicks: 1 });

    // The banner set no cookie of its own: only the shell's necessary ones are there (the session,
    // the device, the device id of the bot-farm signals, and `fre_view`, which the signed-in shell
    // writes once it has drawn).
    const names = (await viewer.context.cookies()).map((c) => c.name);
    expect(
      names.filter(
        (name) => !["fre.device", "fre.did", "fre.session_token", "fre_view"].includes(name),
      ),
    ).toEqual([]);

    // The admin's list shows the counts and the click-through rate.
    await boss.page.reload();
    const total = boss.page.getByTestId(`admin-ad-${created?.id}`).getByTestId("counts-total");
    await total.getByText("100,0 %").waitFor();

    // The e2e files share one server: the dashboards of the other tests stay without a banner.
    const removed = await boss.page.request.delete(`/api/admin/ads/${created?.id}`, {
      headers: { origin: baseURL() },
    });
    expect(removed.status()).toBe(204);

    expect(viewer.errors).toEqual([]);
    expect(boss.errors).toEqual([]);
  });
});
