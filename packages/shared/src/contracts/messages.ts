import { uuidParamsSchema } from "../schemas/common.ts";
import {
  adminGlobalMessageAnswerSchema,
  adminGlobalMessageBodySchema,
  adminGlobalMessageSavedSchema,
  adminInformationMessageSchema,
  globalMessageAnswerSchema,
  globalMessageReadBodySchema,
  informationBodySchema,
  informationListSchema,
  informationUnreadSchema,
} from "../schemas/messages.ts";
import { defineContracts, route } from "./contract.ts";

const errors = [401, 403, 404] as const;
const adminErrors = [400, 401, 403, 404, 409] as const;

/** The messages module's routes (apps/server/src/modules/messages). */
export const messagesContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/messages/global",
    access: "user",
    tag: "messages",
    response: globalMessageAnswerSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/messages/global/read",
    access: "user",
    tag: "messages",
    body: globalMessageReadBodySchema,
    response: null,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/messages/information",
    access: "user",
    tag: "messages",
    response: informationListSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/messages/information/unread",
    access: "user",
    tag: "messages",
    response: informationUnreadSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/messages/information/read",
    access: "user",
    tag: "messages",
    response: null,
    errors,
  }),
  // Admin: the admin scope's gate (admin role + live elevation).
  route({
    method: "GET",
    path: "/api/admin/messages/global",
    access: "admin",
    tag: "admin",
    response: adminGlobalMessageAnswerSchema,
    errors: adminErrors,
  }),
  route({
    method: "PUT",
    path: "/api/admin/messages/global",
    access: "admin",
    tag: "admin",
    body: adminGlobalMessageBodySchema,
    response: adminGlobalMessageSavedSchema,
    errors: adminErrors,
  }),
  route({
    method: "POST",
    path: "/api/admin/messages/information",
    access: "admin",
    tag: "admin",
    body: informationBodySchema,
    status: 201,
    response: adminInformationMessageSchema,
    errors: adminErrors,
  }),
  route({
    method: "PUT",
    path: "/api/admin/messages/information/:id",
    access: "admin",
    tag: "admin",
    params: uuidParamsSchema,
    body: informationBodySchema,
    response: adminInformationMessageSchema,
    errors: adminErrors,
  }),
  route({
    method: "DELETE",
    path: "/api/admin/messages/information/:id",
    access: "admin",
    tag: "admin",
    params: uuidParamsSchema,
    response: null,
    errors: adminErrors,
  }),
]);
