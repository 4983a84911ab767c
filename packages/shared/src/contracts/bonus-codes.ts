import { defineContracts } from "./contract.ts";

/** The bonus-codes module's routes (apps/server/src/modules/bonus-codes). */
export const bonusCodesContracts = defineContracts([]);
