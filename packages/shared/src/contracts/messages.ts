import { defineContracts } from "./contract.ts";

/** The messages module's routes (apps/server/src/modules/messages). */
export const messagesContracts = defineContracts([]);
