import { defineContracts } from "./contract.ts";

/** The legal module's routes (apps/server/src/modules/legal). */
export const legalContracts = defineContracts([]);
