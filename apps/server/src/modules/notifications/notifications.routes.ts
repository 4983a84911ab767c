import type { FastifyInstance } from "fastify";
import { languageFromHeader } from "../../i18n/index.ts";
import { handle } from "../../lib/contract-route.ts";
import { endStream, onDrain } from "../../lib/drain.ts";
import { rateLimitedError } from "../../lib/user-rate-limit.ts";
import {
  getNotifications,
  type NotificationDeps,
  readAll,
  readOne,
} from "./notifications.service.ts";

/** Tabs and devices one user may keep live at once (per server process). */
export const MAX_STREAMS_PER_USER = 5;

/** Signed-in routes (registered inside the signed-in scope). */
export async function notificationsRoutes(app: FastifyInstance, deps: NotificationDeps) {
  handle(app, "GET /api/notifications", ({ viewer }, request) =>
    getNotifications(deps, viewer.userId, languageFromHeader(request.headers["accept-language"])),
  );
  handle(app, "POST /api/notifications/:id/read", async ({ viewer, params }) => {
    await readOne(deps, viewer.userId, params.id);
  });
  handle(app, "POST /api/notifications/read-all", async ({ viewer }) => {
    await readAll(deps, viewer.userId);
  });
  // Open streams per user in this process: a few tabs and devices, not a connection flood.
  const openStreams = new Map<string, number>();
  // Server-sent events: new notifications (and later other live events) for the signed-in user.
  handle(
    app,
    "GET /api/events",
    async ({ viewer: { userId } }, request, reply) => {
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
      // A draining process (reload, SIGTERM) ends the stream with a `retry:` hint: the browser
      // reconnects, to another worker or to the restarted server (decision 0036).
      const stopDraining = onDrain(app.server, () => endStream(res));
      request.raw.on("close", () => {
        clearInterval(ping);
        unsubscribe();
        stopDraining();
        const left = (openStreams.get(userId) ?? 1) - 1;
        if (left > 0) openStreams.set(userId, left);
        else openStreams.delete(userId);
      });
      return reply;
    },
    { config: { userRateLimit: { max: 60, timeWindow: "1 minute" } } },
  );
}
