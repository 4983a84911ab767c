import type { Features } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { featuresKeys } from "../api/features-api";
import { MAINTENANCE_SETTING_PATH } from "./maintenance-banner";
import { MaintenanceGate } from "./maintenance-gate";

const ON: Features = {
  games: true,
  shop: true,
  referrals: true,
  maintenance: { active: false, message: null },
};
const MAINTENANCE: Features = { ...ON, maintenance: { active: true, message: "Retour à 14 h" } };
const USER = { id: "u1", role: "user" };
const ADMIN = { id: "a1", role: "admin" };
const copy = frApp.platformStatus.maintenance;
/** Text as React writes it into HTML. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

/**
 * The gate's HTML once its lazy chunks (banner, maintenance screen) have loaded: a static render
 * shows their fallback the first time, so it renders, lets the chunks resolve, and renders again.
 */
async function render(features: Features, me: unknown, path = "/dashboard") {
  const render = () =>
    renderWithQueries(
      <MaintenanceGate>
        <p>the dashboard</p>
      </MaintenanceGate>,
      {
        route: path,
        seed: (client) => {
          client.setQueryData(featuresKeys.all, features);
          client.setQueryData(meQueryKey, me);
        },
      },
    );
  await render();
  await Promise.all([import("./maintenance-banner"), import("./maintenance-screen")]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return render();
}

loadCatalogs({ app: frApp });

describe("MaintenanceGate's banner", () => {
  it("shows an admin, during a maintenance, the app under a banner leading to the switch", async () => {
    for (const path of ["/dashboard", "/admin", "/wallet"]) {
      const page = await render(MAINTENANCE, ADMIN, path);
      expect(page).toContain("the dashboard");
      expect(page).toContain('data-testid="maintenance-banner"');
      expect(page).toContain(`aria-label="${html(copy.bannerLabel)}"`);
      expect(page).toContain(html(copy.banner));
      expect(page).toContain(`href="${MAINTENANCE_SETTING_PATH}"`);
      expect(page).toContain(html(copy.bannerLink));
      // The banner comes first, above the page.
      expect(page.indexOf("maintenance-banner")).toBeLessThan(page.indexOf("the dashboard"));
      expect(page).not.toContain(html(copy.title));
    }
    expect(copy.banner).toContain("les utilisateurs ne peuvent pas");
  });

  it("shows a user the maintenance screen, and no banner", async () => {
    const page = await render(MAINTENANCE, USER);
    expect(page).not.toContain("the dashboard");
    expect(page).toContain(html(copy.title));
    expect(page).not.toContain("maintenance-banner");
  });

  it("shows no banner outside a maintenance, to an admin or a user", async () => {
    for (const me of [ADMIN, USER, null]) {
      const page = await render(ON, me);
      expect(page).toContain("the dashboard");
      expect(page).not.toContain("maintenance-banner");
      expect(page).not.toContain(html(copy.banner));
    }
  });

  it("shows no banner to a visitor on the sign-in page during a maintenance", async () => {
    const page = await render(MAINTENANCE, null, "/login");
    expect(page).toContain("the dashboard");
    expect(page).not.toContain("maintenance-banner");
  });
});
