import {
  dailyAdminSettingsSchema,
  dailyClaimBodySchema,
  dailyClaimResultSchema,
  dailyQuerySchema,
  dailySettingsBodySchema,
  dailyStateSchema,
} from "../schemas/daily.ts";
import { defineContracts, route } from "./contract.ts";

/** The daily check-in streak's routes (apps/server/src/modules/daily, decision 0039). */
export const dailyContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/daily",
    access: "user",
    tag: "daily",
    summary: "The daily streak (timeZone: the browser's zone, used on the first read only)",
    query: dailyQuerySchema,
    response: dailyStateSchema,
    errors: [400, 401, 429],
  }),
  route({
    method: "POST",
    path: "/api/daily/claim",
    access: "user",
    tag: "daily",
    summary: "Claim today's reward (once per local day)",
    body: dailyClaimBodySchema,
    response: dailyClaimResultSchema,
    errors: [400, 401, 403, 409, 429],
  }),
  route({
    method: "PUT",
    path: "/api/daily/settings",
    access: "user",
    tag: "daily",
    summary: "Change the streak's zone (once a week) or the evening reminder",
    body: dailySettingsBodySchema,
    response: dailyStateSchema,
    errors: [400, 401, 409, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/daily/settings",
    access: "admin",
    tag: "admin",
    response: dailyAdminSettingsSchema,
    errors: [401, 403],
  }),
  route({
    method: "PUT",
    path: "/api/admin/daily/settings",
    access: "admin",
    tag: "admin",
    body: dailyAdminSettingsSchema,
    response: dailyAdminSettingsSchema,
    errors: [400, 401, 403],
  }),
]);
