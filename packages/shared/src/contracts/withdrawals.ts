import { defineContracts } from "./contract.ts";

/** The withdrawals module's routes (apps/server/src/modules/withdrawals). */
export const withdrawalsContracts = defineContracts([]);
