import { defineContracts } from "./contract.ts";

/** The referrals module's routes (apps/server/src/modules/referrals). */
export const referralsContracts = defineContracts([]);
