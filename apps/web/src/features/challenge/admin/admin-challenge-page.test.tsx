import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { challengeAdminKeys } from "../api/challenge-admin-api";
import { AdminChallengePage } from "./admin-challenge-page";

loadCatalogs({ admin: frAdmin });

describe("AdminChallengePage", () => {
  it("shows the proof of work's three settings in a form", async () => {
    const html = await renderWithQueries(<AdminChallengePage />, {
      seed: (client) =>
        client.setQueryData(challengeAdminKeys.settings(), {
          maxNumber: 50_000,
          busyMaxNumber: 1_000_000,
          busySignUps: 10,
        }),
    });
    expect(html).toContain("<h1");
    expect(html).toContain("Vérification anti-robot");
    expect(html).toContain("Nombre maximal pour une plage chargée");
    expect(html).toContain('value="50000"');
    expect(html).toContain('value="1000000"');
    expect(html).toContain('value="10"');
    expect(html).toContain("journal d’audit");
  });
});
