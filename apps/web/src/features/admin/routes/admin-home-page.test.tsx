import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { AdminHomePage } from "./admin-home-page";

/** Spec §2's admin screens besides /admin itself. */
const SPEC_ADMIN_ROUTES = [
  "/admin/kyc",
  "/admin/withdrawals",
  "/admin/bonus-codes",
  "/admin/stats",
  "/admin/users",
  "/admin/messages",
  "/admin/ads",
  "/admin/shop",
  "/admin/security",
];

loadCatalogs({ admin: frAdmin });

const render = () => renderWithQueries(<AdminHomePage />, { route: "/admin" });

describe("AdminHomePage", () => {
  it("links to every admin screen of the spec", async () => {
    const html = await render();
    const links = new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]));
    for (const route of SPEC_ADMIN_ROUTES) expect(links, route).toContain(route);
  });

  it("has the day's key figures beside the pending counts", async () => {
    const html = (await render()).replaceAll("&#x27;", "'");
    expect(html).toContain("Chiffres du jour");
    expect(html).toContain("En attente de traitement");
    for (const id of [
      "admin-today-new-users",
      "admin-today-mined",
      "admin-today-active-miners",
      "admin-today-active-sessions",
    ]) {
      expect(html).toContain(`data-testid="${id}"`);
    }
    expect(html).toContain("Nouveaux utilisateurs aujourd'hui");
  });
});
