import { defineContracts } from "./contract.ts";

/** The games module's routes (apps/server/src/modules/games). */
export const gamesContracts = defineContracts([]);
