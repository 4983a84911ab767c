import {
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  vapidPublicKeySchema,
} from "../schemas/push.ts";
import { defineContracts, route } from "./contract.ts";

/** The push module's routes (apps/server/src/modules/push). */
export const pushContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/push/vapid-public-key",
    access: "public",
    tag: "push",
    response: vapidPublicKeySchema,
    errors: [],
  }),
  route({
    method: "POST",
    path: "/api/push/subscriptions",
    access: "user",
    tag: "push",
    summary: "Register this device for push notifications",
    body: pushSubscriptionBodySchema,
    response: null,
    errors: [400, 401],
  }),
  route({
    method: "DELETE",
    path: "/api/push/subscriptions",
    access: "user",
    tag: "push",
    body: pushUnsubscribeBodySchema,
    response: null,
    errors: [401],
  }),
]);
