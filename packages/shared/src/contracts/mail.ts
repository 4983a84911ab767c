import { defineContracts } from "./contract.ts";

/** The mail module's routes (apps/server/src/modules/mail). */
export const mailContracts = defineContracts([]);
