import {
  communityLinksBodySchema,
  communityLinksSchema,
  legalInfoSchema,
} from "../schemas/legal.ts";
import { defineContracts, route } from "./contract.ts";

/** The legal module's routes (apps/server/src/modules/legal). */
export const legalContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/legal",
    access: "public",
    tag: "legal",
    summary: "Who runs the service (mentions légales) and its community links",
    response: legalInfoSchema,
    errors: [],
  }),
  route({
    method: "PUT",
    path: "/api/admin/community-links",
    access: "admin",
    tag: "admin",
    summary: "Sets the community links (https on a public domain; empty hides a link)",
    body: communityLinksBodySchema,
    response: communityLinksSchema,
    errors: [400, 401, 403],
  }),
]);
