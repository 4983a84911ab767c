import type { FriendsBoard, LeagueCurrent } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frApp from "../../../locales/fr/app.json";
import { loadCatalogs, renderStatic, renderWithQueries } from "../../../test/render-static";
import { leaguesKeys } from "../api/leagues-api";
import { FriendsBoardList, LeagueWeekPanel, timeLeft } from "./league-panels";

loadCatalogs({ app: frApp });

const current: LeagueCurrent = {
  week: "2026-W48",
  startsAt: "2026-11-23T00:00:00.000Z",
  endsAt: "2026-11-30T00:00:00.000Z",
  msLeft: 3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000,
  league: "silver",
  group: 7,
  promoteCount: 1,
  demoteCount: 1,
  prizes: ["10.000000000", "6.000000000", "2.000000000"],
  members: [
    { rank: 1, nickname: "alice", mined: "3.500000000", me: false, zone: "promotion" },
    { rank: 2, nickname: "moi", mined: "1.000000000", me: true, zone: null },
    { rank: 3, nickname: "bob", mined: "0.000000000", me: false, zone: "demotion" },
  ],
};

describe("the week tab", () => {
  it("shows my league, group, time left, prizes, and marks the zones in words", async () => {
    const html = (
      await renderWithQueries(<LeagueWeekPanel />, {
        seed: (client) => {
          client.setQueryData(leaguesKeys.current(), current);
          client.setQueryData(leaguesKeys.history(), {
            weeks: [
              {
                week: "2026-W47",
                league: "bronze",
                rank: 1,
                groupSize: 12,
                mined: "2.000000000",
                reward: "5.000000000",
                outcome: "promoted",
              },
            ],
          });
        },
      })
    ).replaceAll("&#x27;", "'");
    expect(html).toContain("Argent");
    expect(html).toContain("Groupe 7");
    expect(html).toMatch(/Fin dans 3 j [34] h/);
    expect(html).toContain("1er 10,0000 FRE");
    expect(html).toContain("Montée en ligue supérieure jusqu'au rang 1.");
    expect(html).toContain("Descente en ligue inférieure à partir du rang 3.");
    expect(html).toMatch(/data-zone="promotion"[^>]*>[\s\S]*?alice[\s\S]*?Montée/);
    expect(html).toMatch(/data-zone="demotion"[^>]*>[\s\S]*?bob[\s\S]*?Descente/);
    expect(html).toMatch(/data-me="true" aria-current="true"[^>]*>[\s\S]*?moi[\s\S]*?Vous/);
    expect(html).toContain("2026-W47");
    expect(html).toContain("1er sur 12");
    expect(html).toContain("+5,0000 FRE");
    expect(html).toContain("Promu");
  });

  it("counts down in days, hours and minutes", () => {
    expect(timeLeft(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1 });
    expect(timeLeft(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe("the friends tab", () => {
  const board: FriendsBoard = {
    week: "2026-W48",
    members: [
      {
        nickname: "filleul",
        relation: "referral",
        weekMined: "3.000000000",
        totalMined: "3.000000000",
        weekRank: 1,
        allTimeRank: 2,
      },
      {
        nickname: "moi",
        relation: "me",
        weekMined: "1.000000000",
        totalMined: "9.000000000",
        weekRank: 2,
        allTimeRank: 1,
      },
    ],
  };

  it("ranks my circle this week or all time, with who each one is", async () => {
    const week = await renderStatic(<FriendsBoardList data={board} order="week" />);
    expect(week.indexOf("filleul")).toBeLessThan(week.indexOf("moi"));
    expect(week).toContain("Votre filleul");
    expect(week).toContain("3,0000");
    const allTime = await renderStatic(<FriendsBoardList data={board} order="allTime" />);
    expect(allTime.indexOf("moi")).toBeLessThan(allTime.indexOf("filleul"));
    expect(allTime).toContain("9,0000");
  });

  it("invites to bring friends when I am alone", async () => {
    const html = await renderStatic(
      <FriendsBoardList data={{ week: "2026-W48", members: [board.members[1]!] }} order="week" />,
    );
    expect(html).toContain("Invitez des amis");
  });
});
