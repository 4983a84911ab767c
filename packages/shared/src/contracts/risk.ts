import { adminUserParamsSchema } from "../schemas/admin.ts";
import {
  adminRiskActionBodySchema,
  adminRiskRunSchema,
  adminUserRiskSchema,
  riskSettingsSchema,
} from "../schemas/risk.ts";
import { defineContracts, route } from "./contract.ts";

/** Bot-farm signals and the review queue (apps/server/src/modules/risk; decision 0045). */
export const riskContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/admin/users/:id/risk",
    access: "admin",
    tag: "admin",
    summary: "The account's risk score, its reasons and the accounts sharing a signal with it",
    params: adminUserParamsSchema,
    response: adminUserRiskSchema,
    errors: [400, 401, 403, 404],
  }),
  route({
    method: "POST",
    path: "/api/admin/users/:id/risk/actions",
    access: "admin",
    tag: "admin",
    summary:
      "Withholds or releases referral bonuses, requires or waives a new KYC before the next withdrawal, marks the account reviewed (audited)",
    params: adminUserParamsSchema,
    body: adminRiskActionBodySchema,
    response: adminUserRiskSchema,
    errors: [400, 401, 403, 404],
  }),
  route({
    method: "POST",
    path: "/api/admin/risk/run",
    access: "admin",
    tag: "admin",
    summary: "Runs the nightly risk scoring now (audited)",
    response: adminRiskRunSchema,
    errors: [401, 403, 409],
  }),
  route({
    method: "GET",
    path: "/api/admin/risk/settings",
    access: "admin",
    tag: "admin",
    summary: "The risk score's weights and thresholds",
    response: riskSettingsSchema,
    errors: [401, 403],
  }),
  route({
    method: "PUT",
    path: "/api/admin/risk/settings",
    access: "admin",
    tag: "admin",
    summary: "Sets the risk score's weights and thresholds (audited)",
    body: riskSettingsSchema,
    response: riskSettingsSchema,
    errors: [400, 401, 403],
  }),
]);
