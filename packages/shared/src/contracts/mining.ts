import { z } from "zod";
import { altchaPayloadSchema } from "../schemas/challenge.ts";
import { miningStateSchema, settleResultSchema } from "../schemas/mining.ts";
import { defineContracts, route } from "./contract.ts";

const errors = [401, 403, 409] as const;

/** The mining module's routes (apps/server/src/modules/mining). */
export const miningContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/mining",
    access: "user",
    tag: "mining",
    summary: "Current session, rate breakdown, server time",
    response: miningStateSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/mining/start",
    access: "user",
    tag: "mining",
    summary:
      "Start a 24-hour session (verified e-mail; the first-ever start carries a solved mining-start challenge in X-Altcha)",
    headers: z.object({ "x-altcha": altchaPayloadSchema.optional() }),
    response: miningStateSchema,
    errors: [400, ...errors],
  }),
  route({
    method: "POST",
    path: "/api/mining/claim",
    access: "user",
    tag: "mining",
    summary: "Claim the session's earnings",
    response: settleResultSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/mining/stop",
    access: "user",
    tag: "mining",
    summary: "Stop now and credit the earnings so far",
    response: settleResultSchema,
    errors,
  }),
]);
