import { defineContracts } from "./contract.ts";

/** The admin module's routes (apps/server/src/modules/admin). */
export const adminContracts = defineContracts([]);
