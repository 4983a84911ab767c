import { ledgerPageSchema, ledgerQuerySchema, walletSchema } from "../schemas/wallet.ts";
import { defineContracts, route } from "./contract.ts";

/** The wallet module's routes (apps/server/src/modules/wallet). */
export const walletContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/wallet",
    access: "user",
    tag: "wallet",
    response: walletSchema,
    errors: [401],
  }),
  route({
    method: "GET",
    path: "/api/wallet/ledger",
    access: "user",
    tag: "wallet",
    summary: "My FRE movements, newest first (cursor = last id of the previous page)",
    query: ledgerQuerySchema,
    response: ledgerPageSchema,
    errors: [400, 401],
  }),
]);
