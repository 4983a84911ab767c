import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import frGames from "../../../locales/fr/games.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { gamesAdminKeys } from "../api/games-admin-api";
import { AdminGamesPage } from "./admin-games-page";

loadCatalogs({ admin: frAdmin, games: frGames });

describe("AdminGamesPage", () => {
  it("shows the bet limits in force and a form to change them", async () => {
    const html = await renderWithQueries(<AdminGamesPage />, {
      seed: (client) =>
        client.setQueryData(gamesAdminKeys.limits(), {
          minBet: "0.500000000",
          maxBet: "1000.000000000",
        }),
    });
    expect(html).toContain("<h1");
    expect(html).toContain("Jeux");
    expect(html).toContain("Actuellement : de 0,5 FRE à 1\u202f000 FRE par partie.");
    expect(html).toMatch(/name="minBet"[^>]*value="0.5"|value="0.5"[^>]*name="minBet"/);
    expect(html).toMatch(/name="maxBet"[^>]*value="1000"|value="1000"[^>]*name="maxBet"/);
    expect(html).toContain("Mise minimale (FRE)");
    expect(html).toContain("Enregistrer les limites");
  });
});
