import { defineContracts } from "./contract.ts";

/** The kyc module's routes (apps/server/src/modules/kyc). */
export const kycContracts = defineContracts([]);
