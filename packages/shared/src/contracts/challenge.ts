import {
  challengeQuerySchema,
  challengeSchema,
  challengeSettingsSchema,
} from "../schemas/challenge.ts";
import { defineContracts, route } from "./contract.ts";

/** Proof of work (ALTCHA) before a sign-up and a first mining start (decision 0044). */
export const challengeContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/challenge",
    access: "public",
    tag: "challenge",
    summary: "A single-use proof-of-work challenge bound to its action (the ALTCHA widget's JSON)",
    query: challengeQuerySchema,
    response: challengeSchema,
    errors: [400, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/challenge/settings",
    access: "admin",
    tag: "admin",
    response: challengeSettingsSchema,
    errors: [401, 403],
  }),
  route({
    method: "PUT",
    path: "/api/admin/challenge/settings",
    access: "admin",
    tag: "admin",
    body: challengeSettingsSchema,
    response: challengeSettingsSchema,
    errors: [400, 401, 403],
  }),
]);
