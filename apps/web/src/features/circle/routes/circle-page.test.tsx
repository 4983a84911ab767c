import { describe, expect, it } from "vitest";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { circleSettingsOf } from "../admin/admin-circle-page";
import { circleKeys } from "../api/circle-api";
import { CirclePage } from "./circle-page";

loadCatalogs({ app: frApp });

const base = {
  minMembers: 3,
  minActive: 3,
  maxMembers: 5,
  capWithout: 5,
  maxCountedReferrals: 20,
};

async function render(circle: object) {
  const html = await renderWithQueries(<CirclePage />, {
    seed: (client) => client.setQueryData(circleKeys.mine(), circle),
  });
  return html.replaceAll("&#x27;", "'");
}

describe("CirclePage", () => {
  it("lists my members with who counts, the cap, the rule and the way to add one", async () => {
    const html = await render({
      ...base,
      members: [
        {
          userId: "u1",
          nickname: "alice",
          addedAt: "2026-11-26T10:00:00.000Z",
          active: true,
          suspended: false,
        },
        {
          userId: "u2",
          nickname: "bob",
          addedAt: "2026-11-26T10:01:00.000Z",
          active: false,
          suspended: false,
        },
      ],
      activeCount: 1,
      complete: false,
      referralCap: 5,
    });
    expect(html).toContain("<h1");
    expect(html).toContain("Cercle de sécurité");
    expect(html).toContain("Cercle incomplet : seuls 5 filleuls actifs comptent");
    expect(html).toContain("Mes membres (2/5)");
    expect(html).toMatch(/alice<\/span><span[^>]*>A miné ces dernières 24 h/);
    expect(html).toMatch(/bob<\/span><span[^>]*>N'a pas miné ces dernières 24 h/);
    expect(html).toContain('aria-label="Retirer alice de mon cercle"');
    expect(html).toContain("Pseudo ou code de parrainage");
    expect(html).toContain("sinon, 5 au plus");
    expect(html).toContain('href="/group"');
    // Never anything about who named me: the answer has no such field, the page no such text.
    expect(html).not.toMatch(/vous a nommé|named you/i);
  });

  it("shows a suspended member as suspended, never as mining", async () => {
    const html = await render({
      ...base,
      members: [
        {
          userId: "u3",
          nickname: "carol",
          addedAt: "2026-11-26T10:02:00.000Z",
          active: false,
          suspended: true,
        },
      ],
      activeCount: 0,
      complete: false,
      referralCap: 5,
    });
    expect(html).toMatch(/carol<\/span><span[^>]*>Compte suspendu : ne compte pas/);
    expect(html).not.toContain("miné ces dernières 24 h");
  });

  it("says the full bonus applies with a complete, active circle; a full circle adds no one", async () => {
    const members = ["a", "b", "c", "d", "e"].map((nickname, i) => ({
      userId: `u${i}`,
      nickname,
      addedAt: "2026-11-26T10:00:00.000Z",
      active: true,
    }));
    const html = await render({
      ...base,
      members,
      activeCount: 5,
      complete: true,
      referralCap: 20,
    });
    expect(html).toContain(
      "Cercle complet et actif : tous vos filleuls actifs comptent (jusqu'à 20)",
    );
    expect(html).toContain("20 / 20");
    expect(html).toContain("Votre cercle est complet (5 membres au plus)");
    expect(html).toMatch(/<input[^>]*disabled/);
  });

  it("shows the empty state", async () => {
    const html = await render({
      ...base,
      members: [],
      activeCount: 0,
      complete: false,
      referralCap: 5,
    });
    expect(html).toContain("Vous n'avez encore nommé personne.");
  });
});

describe("the admin's rules form", () => {
  it("checks the values with the server's schema", () => {
    const values = { minMembers: "3", maxMembers: "5", minActive: "3", capWithout: "5" };
    expect(circleSettingsOf(values).success).toBe(true);
    expect(circleSettingsOf({ ...values, minMembers: "6" }).success).toBe(false);
    expect(circleSettingsOf({ ...values, capWithout: "21" }).success).toBe(false);
    expect(circleSettingsOf({ ...values, minActive: "" }).success).toBe(false);
    expect(circleSettingsOf({ ...values, maxMembers: "2.5" }).success).toBe(false);
  });
});
