import {
  contestLevelParamsSchema,
  contestLinksBodySchema,
  contestSchema,
} from "../schemas/contest.ts";
import { defineContracts, route } from "./contract.ts";

/** The contest module's routes (apps/server/src/modules/contest). */
export const contestContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/contest",
    access: "user",
    tag: "contest",
    response: contestSchema,
    errors: [401],
  }),
  route({
    method: "POST",
    path: "/api/contest/levels/:level/open",
    access: "user",
    tag: "contest",
    summary: "The user opened the task's link",
    params: contestLevelParamsSchema,
    response: contestSchema,
    errors: [400, 401, 404, 409],
  }),
  route({
    method: "POST",
    path: "/api/contest/levels/:level/validate",
    access: "user",
    tag: "contest",
    summary: "Validate the next level",
    params: contestLevelParamsSchema,
    response: contestSchema,
    errors: [400, 401, 404, 409],
  }),
  route({
    method: "PUT",
    path: "/api/admin/contest/links",
    access: "admin",
    tag: "admin",
    summary: "The contest's task links, by level",
    body: contestLinksBodySchema,
    response: null,
    errors: [400, 401, 403],
  }),
]);
