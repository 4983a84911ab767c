import { defineContracts } from "./contract.ts";

/** The push module's routes (apps/server/src/modules/push). */
export const pushContracts = defineContracts([]);
