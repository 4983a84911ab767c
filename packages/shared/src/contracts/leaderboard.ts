import { defineContracts } from "./contract.ts";

/** The leaderboard module's routes (apps/server/src/modules/leaderboard). */
export const leaderboardContracts = defineContracts([]);
