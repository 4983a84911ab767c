import { dailyAdminSettingsSchema } from "@fre/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderStatic } from "../../../test/render-static";
import { dailyAdminKeys } from "../api/daily-admin-api";
import { AdminDailyPage, dailySettingsBodyOf } from "./admin-daily-page";

loadCatalogs({ admin: frAdmin, app: frApp });

/** The page with its settings already read. */
async function renderPage() {
  const client = new QueryClient();
  client.setQueryData(dailyAdminKeys.settings(), {
    rewards: ["0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "2"],
    boostPercent: 10,
    boostHours: 24,
    claimsPerFreeze: 7,
    maxFreezes: 2,
  });
  return renderStatic(
    <QueryClientProvider client={client}>
      <AdminDailyPage />
    </QueryClientProvider>,
  );
}

describe("AdminDailyPage", () => {
  it("shows the seven rewards, the day-7 boost and the freeze rules in a form", async () => {
    const html = await renderPage();
    expect(html).toContain("<h1");
    expect(html).toContain("Série quotidienne");
    for (let day = 1; day <= 7; day++) expect(html).toContain(`Jour ${day}`);
    expect(html).toContain('value="1.2"');
    expect(html).toContain("Bonus du jour 7 (%)");
    expect(html).toContain("Gels détenus au plus");
    expect(html).toContain("journal d&#x27;audit");
  });
});

describe("the daily rewards as the admin types them (issue 34 point 7)", () => {
  const numbers = { boostPercent: "10", boostHours: "24", claimsPerFreeze: "7", maxFreezes: "2" };
  it("sends « 100,5 » and « 1 000,5 » as 100.5 and 1000.5", () => {
    const body = dailySettingsBodyOf(["100,5", "1\u202f000,5", "0.5", "1", "2", "3", "4"], numbers);
    expect(body.rewards).toEqual(["100.5", "1000.5", "0.5", "1", "2", "3", "4"]);
    expect(dailyAdminSettingsSchema.safeParse(body).success).toBe(true);
    const refused = dailySettingsBodyOf(["1,2,3", "1", "1", "1", "1", "1", "1"], numbers);
    expect(dailyAdminSettingsSchema.safeParse(refused).success).toBe(false);
  });

  it("shows the amount example under each of the seven rewards", async () => {
    const html = await renderPage();
    expect(html.match(/data-amount-example="">ex\. 12,5</g)?.length).toBe(7);
  });
});
