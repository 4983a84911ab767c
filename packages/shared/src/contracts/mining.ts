import { defineContracts } from "./contract.ts";

/** The mining module's routes (apps/server/src/modules/mining). */
export const miningContracts = defineContracts([]);
