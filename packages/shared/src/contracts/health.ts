import { defineContracts } from "./contract.ts";

/** The health module's routes (apps/server/src/modules/health). */
export const healthContracts = defineContracts([]);
