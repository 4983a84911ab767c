import { defineContracts } from "./contract.ts";

/** The notifications module's routes (apps/server/src/modules/notifications). */
export const notificationsContracts = defineContracts([]);
