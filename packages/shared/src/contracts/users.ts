import { meResponseSchema, updateMeBodySchema } from "../schemas/me.ts";
import { eraseAccountBodySchema, userExportSchema } from "../schemas/privacy.ts";
import { defineContracts, route } from "./contract.ts";

/** The users module's routes (apps/server/src/modules/users): the caller's own account. */
export const usersContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/me",
    access: "user",
    tag: "profile",
    summary: "The signed-in user's profile",
    response: meResponseSchema,
    errors: [401],
  }),
  route({
    method: "PATCH",
    path: "/api/me",
    access: "user",
    tag: "profile",
    summary: "Change the language or the cookie choices",
    body: updateMeBodySchema,
    response: meResponseSchema,
    errors: [400, 401],
  }),
  route({
    method: "GET",
    path: "/api/me/export",
    access: "user",
    tag: "profile",
    summary: "Everything FRE holds about the caller, as one JSON file (GDPR art. 15/20)",
    response: userExportSchema,
    errors: [401, 429],
  }),
  route({
    method: "DELETE",
    path: "/api/me",
    access: "user",
    tag: "profile",
    summary: "Erase the account (GDPR art. 17): personal data gone, the books kept anonymised",
    body: eraseAccountBodySchema,
    response: null,
    errors: [400, 401, 409, 429],
  }),
]);
