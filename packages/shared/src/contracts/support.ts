import { defineContracts } from "./contract.ts";

/** The support module's routes (apps/server/src/modules/support). */
export const supportContracts = defineContracts([]);
