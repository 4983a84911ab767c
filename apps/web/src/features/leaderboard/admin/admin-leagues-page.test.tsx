import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { leaguesAdminKeys } from "../api/leagues-api";
import { AdminLeaguesPage, settingsOf } from "./admin-leagues-page";

loadCatalogs({ admin: frAdmin });

const settings = {
  thresholds: { silver: "0.100000000", gold: "0.3", platinum: "1", diamond: "5" },
  rewards: ["5", "3", "1"] as [string, string, string],
  multipliers: { bronze: 1, silver: 2, gold: 3, platinum: 4, diamond: 5 },
};

describe("AdminLeaguesPage", () => {
  it("shows the week's leagues and the rules in a form", async () => {
    const html = (
      await renderWithQueries(<AdminLeaguesPage />, {
        seed: (client) => {
          client.setQueryData(leaguesAdminKeys.settings(), settings);
          client.setQueryData(leaguesAdminKeys.overview(), {
            week: "2026-W48",
            endsAt: "2026-11-30T00:00:00.000Z",
            unsettledWeeks: ["2026-W47"],
            leagues: [
              {
                league: "gold",
                groups: 2,
                members: 61,
                top: [{ nickname: "alice", group: 1, mined: "12.500000000" }],
              },
            ],
          });
        },
      })
    ).replaceAll("&#x27;", "'");
    expect(html).toContain("<h1");
    expect(html).toContain("Ligues");
    expect(html).toContain("61 membres · 2 groupes");
    expect(html).toContain("alice");
    expect(html).toContain("12,5000 FRE");
    expect(html).toContain("2026-W47");
    expect(html).toMatch(/name="t-silver"[^>]*value="0.1"|value="0.1"[^>]*name="t-silver"/);
    expect(html).toMatch(/name="m-diamond"[^>]*value="5"|value="5"[^>]*name="m-diamond"/);
    expect(html).toContain("Enregistrer les règles");
  });

  it("checks the form with the server's schema", () => {
    const values = {
      "t-silver": "0.1",
      "t-gold": "0.3",
      "t-platinum": "1",
      "t-diamond": "5",
      "r-0": "5",
      "r-1": "3",
      "r-2": "1",
      "m-bronze": "1",
      "m-silver": "2",
      "m-gold": "3",
      "m-platinum": "4",
      "m-diamond": "5",
    };
    expect(settingsOf(values).success).toBe(true);
    expect(settingsOf({ ...values, "t-gold": "0.05" }).success).toBe(false);
    expect(settingsOf({ ...values, "m-gold": "" }).success).toBe(false);
    expect(settingsOf({ ...values, "r-0": "abc" }).success).toBe(false);
  });
});

describe("the league rules as the admin types them (issue 34 point 7)", () => {
  const values = {
    ...Object.fromEntries(
      ["bronze", "silver", "gold", "platinum", "diamond"].map((l, i) => [`m-${l}`, String(i + 1)]),
    ),
    "t-silver": "0,1",
    "t-gold": "0,3",
    "t-platinum": "1\u202f000",
    "t-diamond": "2 000,5",
    "r-0": "100,5",
    "r-1": "3",
    "r-2": "1",
  };

  it("sends « 100,5 » and « 2 000,5 » as 100.5 and 2000.5", () => {
    const parsed = settingsOf(values);
    expect(parsed.data?.rewards[0]).toBe("100.5");
    expect(parsed.data?.thresholds).toEqual({
      silver: "0.1",
      gold: "0.3",
      platinum: "1000",
      diamond: "2000.5",
    });
    expect(settingsOf({ ...values, "r-0": "1,2,3" }).success).toBe(false);
  });

  it("shows the amount example under the four thresholds and the three rewards", async () => {
    const html = await renderWithQueries(<AdminLeaguesPage />, {
      seed: (client) => client.setQueryData(leaguesAdminKeys.settings(), settings),
    });
    expect(html.match(/data-amount-example="">ex\. 12,5</g)?.length).toBe(7);
  });
});
