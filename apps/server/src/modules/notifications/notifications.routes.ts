import { errorResponseSchema, notificationListSchema, uuidParamsSchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { languageFromHeader } from "../../i18n/index.ts";
import { rateLimitedError } from "../../lib/user-rate-limit.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  getNotifications,
  type NotificationDeps,
  readAll,
  readOne,
} from "./notifications.service.ts";

/** Tabs and devices one user may keep live at once (per server process). */
export const MAX_STREAMS_PER_USER = 5;

export async function notificationsRoutes(
  fastify: FastifyInstance,
  deps: NotificationDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["notifications"];
  app.get(
    "/api/notifications",
    { schema: { tags, response: { 200: notificationListSchema, 401: errorResponseSchema } } },
    async (request) => {
      const { userId } = await deps.viewer.required(request);
      return getNotifications(deps, userId, languageFromHeader(request.headers["accept-language"]));
    },
  );
  app.post(
    "/api/notifications/:id/read",
    {
      schema: {
        tags,
        params: uuidParamsSchema,
        response: { 204: z.null(), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await readOne(deps, (await deps.viewer.required(request)).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    "/api/notifications/read-all",
    { schema: { tags, response: { 204: z.null(), 401: errorResponseSchema } } },
    async (request, reply) => {
      await readAll(deps, (await deps.viewer.required(request)).userId);
      return reply.status(204).send(null);
    },
  );
  // Open streams per user in this process: a few tabs and devices, not a connection flood.
  const openStreams = new Map<string, number>();
  // Server-sent events: new notifications (and later other live events) for the signed-in user.
  app.get(
    "/api/events",
    {
      schema: { tags, summary: "Live events (text/event-stream), at most 5 open per user" },
      config: { userRateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { userId } = await deps.viewer.required(request);
      const open = openStreams.get(userId) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) throw rateLimitedError(60_000);
      openStreams.set(userId, open + 1);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write("retry: 5000\n\n");
      const unsubscribe = deps.bus.subscribe(userId, (event) => {
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const ping = setInterval(() => res.write(": ping\n\n"), 25_000);
      request.raw.on("close", () => {
        clearInterval(ping);
        unsubscribe();
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left > 0) openStreams.set(userId, left);
        else openStreams.delete(userId);
      });
    },
  );
}
