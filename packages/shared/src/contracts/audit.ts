import { defineContracts } from "./contract.ts";

/** The audit module's routes (apps/server/src/modules/audit). */
export const auditContracts = defineContracts([]);
