import { defineContracts } from "./contract.ts";

/** The auth module's routes (apps/server/src/modules/auth). */
export const authContracts = defineContracts([]);
