import { friendsBoardSchema } from "../schemas/leagues.ts";
import { leaderboardSchema } from "../schemas/referrals.ts";
import { defineContracts, route } from "./contract.ts";

/** The leaderboard module's routes (apps/server/src/modules/leaderboard). */
export const leaderboardContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/leaderboard",
    access: "user",
    tag: "leaderboard",
    summary: "Top 10 by total mined, and my rank",
    response: leaderboardSchema,
    errors: [401],
  }),
  route({
    method: "GET",
    path: "/api/leaderboard/friends",
    access: "user",
    tag: "leaderboard",
    summary: "Me, my referrals and my referrer: FRE mined this week and all time, ranked",
    response: friendsBoardSchema,
    errors: [401, 429],
  }),
]);
