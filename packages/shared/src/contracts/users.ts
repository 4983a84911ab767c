import { defineContracts } from "./contract.ts";

/** The users module's routes (apps/server/src/modules/users). */
export const usersContracts = defineContracts([]);
