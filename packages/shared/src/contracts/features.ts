import { featuresBodySchema, featuresSchema } from "../schemas/features.ts";
import { defineContracts, route } from "./contract.ts";

/** The features module's routes (apps/server/src/modules/features): switches and maintenance. */
export const featuresContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/features",
    access: "public",
    tag: "features",
    summary: "Which features are on (games, shop, referrals) and whether FRE is in maintenance",
    response: featuresSchema,
    errors: [],
  }),
  route({
    method: "PUT",
    path: "/api/admin/features",
    access: "admin",
    tag: "admin",
    summary: "Switches features and the maintenance mode on or off (audited, at once)",
    body: featuresBodySchema,
    response: featuresSchema,
    errors: [400, 401, 403],
  }),
]);
