import { uuidParamsSchema } from "../schemas/common.ts";
import { notificationListSchema } from "../schemas/notifications.ts";
import { defineContracts, route } from "./contract.ts";

/** The notifications module's routes (apps/server/src/modules/notifications). */
export const notificationsContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/notifications",
    access: "user",
    tag: "notifications",
    response: notificationListSchema,
    errors: [401],
  }),
  route({
    method: "POST",
    path: "/api/notifications/:id/read",
    access: "user",
    tag: "notifications",
    params: uuidParamsSchema,
    response: null,
    errors: [401, 404],
  }),
  route({
    method: "POST",
    path: "/api/notifications/read-all",
    access: "user",
    tag: "notifications",
    response: null,
    errors: [401],
  }),
  route({
    method: "GET",
    path: "/api/events",
    access: "user",
    tag: "notifications",
    summary: "Live events (text/event-stream), at most 5 open per user",
    // Server-sent events: the answer is a stream, not a JSON body.
    response: { binary: "text/event-stream" },
    errors: [401, 429],
  }),
]);
