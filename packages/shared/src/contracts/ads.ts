import { defineContracts } from "./contract.ts";

/** The ads module's routes (apps/server/src/modules/ads). */
export const adsContracts = defineContracts([]);
