import { defineContracts } from "./contract.ts";

/** The dev module's routes (apps/server/src/modules/dev). */
export const devContracts = defineContracts([]);
