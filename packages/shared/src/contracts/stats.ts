import { defineContracts } from "./contract.ts";

/** The stats module's routes (apps/server/src/modules/stats). */
export const statsContracts = defineContracts([]);
