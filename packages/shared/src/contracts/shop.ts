import { defineContracts } from "./contract.ts";

/** The shop module's routes (apps/server/src/modules/shop). */
export const shopContracts = defineContracts([]);
