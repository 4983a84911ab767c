import { defineContracts } from "./contract.ts";

/** The features module's routes (apps/server/src/modules/features). */
export const featuresContracts = defineContracts([]);
