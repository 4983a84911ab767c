import {
  circleAddBodySchema,
  circleMemberParamsSchema,
  circleSchema,
  circleSettingsSchema,
} from "../schemas/circle.ts";
import { defineContracts, route } from "./contract.ts";

/** The security circle's routes (apps/server/src/modules/circle; decision 0043). */
export const circleContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/circle",
    access: "user",
    tag: "circle",
    summary: "My security circle: members, who counts, the referral cap it gives",
    response: circleSchema,
    errors: [401, 429],
  }),
  route({
    method: "POST",
    path: "/api/circle",
    access: "user",
    tag: "circle",
    summary: "Names a member of my circle by nickname or referral code",
    body: circleAddBodySchema,
    response: circleSchema,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  route({
    method: "DELETE",
    path: "/api/circle/:userId",
    access: "user",
    tag: "circle",
    summary: "Removes a member from my circle",
    params: circleMemberParamsSchema,
    response: circleSchema,
    errors: [400, 401, 404, 429],
  }),
  route({
    method: "GET",
    path: "/api/admin/circle/settings",
    access: "admin",
    tag: "admin",
    summary: "The security circle's rules (members, active members, cap without a circle)",
    response: circleSettingsSchema,
    errors: [401, 403],
  }),
  route({
    method: "PUT",
    path: "/api/admin/circle/settings",
    access: "admin",
    tag: "admin",
    summary: "Sets the security circle's rules (audited)",
    body: circleSettingsSchema,
    response: circleSettingsSchema,
    errors: [400, 401, 403],
  }),
]);
