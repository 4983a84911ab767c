import { describe, expect, it } from "vitest";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { leaderboardKeys } from "../api/leaderboard-api";
import { LeaderboardPage } from "./leaderboard-page";

loadCatalogs({ app: frApp });

const render = (element: React.ReactElement) =>
  renderWithQueries(element, {
    seed: (client) =>
      client.setQueryData(leaderboardKeys.all, {
        top: [{ rank: 1, nickname: "alice", totalMined: "12.000000000" }],
        me: { rank: 4, totalMined: "1.000000000" },
      }),
  });

describe("LeaderboardPage", () => {
  it("draws three tabs with « Tous » open: today's top 10 and my rank, as before", async () => {
    const html = await render(<LeaderboardPage />);
    expect(html).toContain('role="tablist"');
    const tabs = [...html.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(tabs).toEqual(["Semaine", "Amis", "Tous"]);
    expect(html).toMatch(/aria-selected="true"[^>]*data-testid="leaderboard-tab-all"/);
    expect(html).toMatch(/aria-selected="false"[^>]*data-testid="leaderboard-tab-week"/);
    expect(html).toContain('data-testid="leaderboard-panel-all"');
    expect(html).toContain('data-testid="leaderboard-top"');
    expect(html).toContain('data-rank="4"');
    expect(html).toContain("alice");
    // The other tabs' boards are not asked for until their tab is opened.
    expect(html).not.toContain("league-week");
    expect(html).not.toContain("friends-board");
  });

  it("only the open tab is reachable with Tab (roving tabindex)", async () => {
    const html = await render(<LeaderboardPage />);
    expect([...html.matchAll(/tabindex="0"/gi)]).toHaveLength(1);
    expect(html).toMatch(/tabindex="0"[^>]*data-testid="leaderboard-tab-all"/i);
  });
});
