import {
  adminBonusCodeBodySchema,
  adminBonusCodeListSchema,
  adminBonusCodeSchema,
  adminBonusCodeUpdateSchema,
  bonusCodeParamsSchema,
  redeemBodySchema,
  redeemResultSchema,
} from "../schemas/bonus-codes.ts";
import { defineContracts, route } from "./contract.ts";

/** The bonus-codes module's routes (apps/server/src/modules/bonus-codes). */
export const bonusCodesContracts = defineContracts([
  route({
    method: "POST",
    path: "/api/bonus-codes/redeem",
    access: "user",
    tag: "bonus-codes",
    summary: "Redeem a bonus code",
    body: redeemBodySchema,
    response: redeemResultSchema,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/bonus-codes",
    access: "admin",
    tag: "admin",
    response: adminBonusCodeListSchema,
    errors: [401, 403],
  }),
  route({
    method: "POST",
    path: "/api/admin/bonus-codes",
    access: "admin",
    tag: "admin",
    body: adminBonusCodeBodySchema,
    status: 201,
    response: adminBonusCodeSchema,
    errors: [400, 401, 403, 409],
  }),
  route({
    method: "PATCH",
    path: "/api/admin/bonus-codes/:code",
    access: "admin",
    tag: "admin",
    params: bonusCodeParamsSchema,
    body: adminBonusCodeUpdateSchema,
    response: adminBonusCodeSchema,
    errors: [400, 401, 403, 404],
  }),
]);
