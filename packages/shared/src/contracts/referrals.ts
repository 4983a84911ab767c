import {
  referralReminderSchema,
  referralRemindParamsSchema,
  referralsSchema,
  setReferrerBodySchema,
} from "../schemas/referrals.ts";
import { defineContracts, route } from "./contract.ts";

const errors = [400, 401, 404, 409] as const;

/** The referrals module's routes (apps/server/src/modules/referrals). */
export const referralsContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/referrals",
    access: "user",
    tag: "referrals",
    response: referralsSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/referrals/referrer",
    access: "user",
    tag: "referrals",
    summary: "Set my referrer later (once)",
    body: setReferrerBodySchema,
    response: referralsSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/referrals/:referralId/remind",
    access: "user",
    tag: "referrals",
    summary: "Nudge one of my referrals who is not mining (once a day each)",
    params: referralRemindParamsSchema,
    response: referralReminderSchema,
    errors: [...errors, 429],
  }),
]);
