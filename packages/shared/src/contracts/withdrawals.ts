import { z } from "zod";
import { queueOpenSchema } from "../schemas/admin-queues.ts";
import { idempotencyKeySchema, uuidParamsSchema } from "../schemas/common.ts";
import {
  adminWithdrawalApproveBodySchema,
  adminWithdrawalListSchema,
  adminWithdrawalQuerySchema,
  adminWithdrawalRejectBodySchema,
  adminWithdrawalSchema,
  createWithdrawalBodySchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawalSettingsBodySchema,
  withdrawalSettingsSchema,
} from "../schemas/withdrawals.ts";
import { defineContracts, route } from "./contract.ts";

const ADMIN_ERRORS = [400, 401, 403, 404, 409] as const;

/** The withdrawals module's routes (apps/server/src/modules/withdrawals). */
export const withdrawalsContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/withdrawals",
    access: "user",
    tag: "withdrawals",
    response: withdrawalListSchema,
    errors: [401, 429],
  }),
  route({
    method: "POST",
    path: "/api/withdrawals",
    access: "user",
    tag: "withdrawals",
    summary: "Asks for a withdrawal; needs an Idempotency-Key header (8–100 of A-Z a-z 0-9 _ -)",
    /** The same key again answers the first request's result (200) instead of a second hold. */
    headers: z.object({ "idempotency-key": idempotencyKeySchema }),
    body: createWithdrawalBodySchema,
    status: 201,
    response: withdrawalSchema,
    errors: [400, 401, 403, 409, 422, 429],
  }),
  route({
    method: "POST",
    path: "/api/withdrawals/:id/cancel",
    access: "user",
    tag: "withdrawals",
    params: uuidParamsSchema,
    response: withdrawalSchema,
    errors: [400, 401, 404, 409, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/withdrawals",
    access: "admin",
    tag: "admin",
    query: adminWithdrawalQuerySchema,
    response: adminWithdrawalListSchema,
    errors: ADMIN_ERRORS,
  }),
  route({
    method: "POST",
    path: "/api/admin/withdrawals/:id/open",
    access: "admin",
    tag: "admin",
    summary:
      "Records that this admin opened the request (shown to the other admins for a few minutes); answers whether another admin has it open",
    params: uuidParamsSchema,
    response: queueOpenSchema,
    errors: [400, 401, 403, 404, 429],
  }),
  route({
    method: "POST",
    path: "/api/admin/withdrawals/:id/approve",
    access: "admin",
    tag: "admin",
    summary:
      "Approves a pending withdrawal; `expect` says what the admin was shown (first of two, or final: it pays)",
    params: uuidParamsSchema,
    body: adminWithdrawalApproveBodySchema,
    response: adminWithdrawalSchema,
    errors: ADMIN_ERRORS,
  }),
  route({
    method: "POST",
    path: "/api/admin/withdrawals/:id/reject",
    access: "admin",
    tag: "admin",
    params: uuidParamsSchema,
    body: adminWithdrawalRejectBodySchema,
    response: adminWithdrawalSchema,
    errors: ADMIN_ERRORS,
  }),
  route({
    method: "GET",
    path: "/api/admin/withdrawals/settings",
    access: "admin",
    tag: "admin",
    response: withdrawalSettingsSchema,
    errors: ADMIN_ERRORS,
  }),
  route({
    method: "PUT",
    path: "/api/admin/withdrawals/settings",
    access: "admin",
    tag: "admin",
    body: withdrawalSettingsBodySchema,
    response: withdrawalSettingsSchema,
    errors: ADMIN_ERRORS,
  }),
]);
