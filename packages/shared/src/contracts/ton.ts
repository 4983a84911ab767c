import { defineContracts } from "./contract.ts";

/** The ton module's routes (apps/server/src/modules/ton). */
export const tonContracts = defineContracts([]);
