import type { DailyState } from "@fre/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../../lib/session";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderStatic } from "../../../test/render-static";
import { dailyKeys } from "../api/daily-api";
import { dayStatuses } from "../daily-values";
import { DailyCard } from "./daily-card";

loadCatalogs({ app: frApp });

const STATE: DailyState = {
  day: 1,
  streak: 0,
  claimedToday: false,
  nextAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
  rewards: ["0.1", "0.2", "0.3", "0.5", "0.8", "1.2", "2"].map((r) =>
    (Number(r) * 1e9)
      .toFixed(0)
      .padStart(10, "0")
      .replace(/^(\d+)(\d{9})$/, "$1.$2"),
  ),
  freezes: 0,
  freezeProgress: 0,
  claimsPerFreeze: 7,
  maxFreezes: 2,
  boostPercent: 10,
  boostHours: 24,
  timeZone: "Europe/Paris",
  zoneChangeAt: null,
  reminders: true,
};

async function render(state: DailyState, emailVerified = true) {
  const client = new QueryClient();
  client.setQueryData(dailyKeys.state(), state);
  client.setQueryData(meQueryKey, { emailVerified } as never);
  return renderStatic(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DailyCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("DailyCard", () => {
  it("offers today's reward with a claim button before the claim", async () => {
    const html = await render(STATE);
    expect(html).toContain("Récompense quotidienne");
    expect(html).toContain("Série : 0 jour");
    expect(html).toContain("Jour 1 : 0,1 FRE à réclamer");
    expect(html).toMatch(/<button[^>]*data-testid="daily-claim"[^>]*>Réclamer<\/button>/);
    expect(html).toContain('href="/daily"');
  });

  it("shows the claimed day and the wait for the next one, without a button", async () => {
    const html = await render({ ...STATE, day: 3, streak: 3, claimedToday: true });
    expect(html).toContain("Série : 3 jours");
    expect(html).toContain("Jour 3 réclamé : +0,3 FRE.");
    expect(html).toMatch(/Prochaine récompense dans (5|6) heures/);
    expect(html).not.toContain('data-testid="daily-claim"');
  });

  it("disables the claim for an unverified e-mail and says why", async () => {
    const html = await render(STATE, false);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="daily-claim"/);
    expect(html).toContain("Vérifiez votre adresse e-mail");
  });
});

describe("dayStatuses", () => {
  it("marks the days of the cycle claimed, today's, tomorrow's and those to come", () => {
    expect(dayStatuses({ day: 3, claimedToday: false })).toEqual([
      "claimed",
      "claimed",
      "today",
      "upcoming",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
    expect(dayStatuses({ day: 3, claimedToday: true })).toEqual([
      "claimed",
      "claimed",
      "claimed",
      "next",
      "upcoming",
      "upcoming",
      "upcoming",
    ]);
    expect(dayStatuses({ day: 1, claimedToday: false })[0]).toBe("today");
  });
});
