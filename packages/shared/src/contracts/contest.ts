import { defineContracts } from "./contract.ts";

/** The contest module's routes (apps/server/src/modules/contest). */
export const contestContracts = defineContracts([]);
