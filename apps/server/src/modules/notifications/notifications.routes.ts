import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import { languageFromHeader } from "../../i18n/index.ts";
import { endStream, onDrain } from "../../lib/drain.ts";
import { AppError } from "../../lib/errors.ts";
import { rateLimitedError } from "../../lib/user-rate-limit.ts";
import type { LiveStreams } from "./live-streams.ts";
import {
  getNotifications,
  type NotificationDeps,
  readAll,
  readOne,
} from "./notifications.service.ts";

/** Tabs and devices one user may keep live at once (per server process). */
export const MAX_STREAMS_PER_USER = 5;

/** Signed-in routes (registered inside the signed-in scope). */
export async function notificationsRoutes(
  app: FastifyInstance,
  deps: NotificationDeps & { streams: LiveStreams },
) {
  handle(app, "GET /api/notifications", ({ viewer }, request) =>
    getNotifications(deps, viewer.userId, languageFromHeader(request.headers["accept-language"])),
  );
  handle(app, "POST /api/notifications/:id/read", async ({ viewer, params }) => {
    await readOne(deps, viewer.userId, params.id);
  });
  handle(app, "POST /api/notifications/read-all", async ({ viewer }) => {
    await readAll(deps, viewer.userId);
  });
  // Server-sent events: new notifications (and later other live events) for the signed-in user,
  // for as long as the session they were opened with lives.
  handle(
    app,
    "GET /api/events",
    async ({ viewer: { userId, sessionId } }, request, reply) => {
      // Open streams per user in this process: a few tabs and devices, not a connection flood.
      if (deps.streams.countOf(userId) >= MAX_STREAMS_PER_USER) throw rateLimitedError(60_000);
      const res = reply.raw;
      const unregister = await deps.streams.open({
        userId,
        sessionId,
        ping: () => res.write(": ping\n\n"),
        // A revoked session: the browser's reconnection answers 401, and its EventSource stops.
        end: () => endStream(res),
      });
      if (!unregister) throw new AppError("UNAUTHORIZED", 401);
      reply.hijack();
      // The caller left while its session was checked: nothing to serve, nothing to count.
      if (!res.socket || res.socket.destroyed) {
        unregister();
        return reply;
      }
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
      // A draining process (reload, SIGTERM) ends the stream with a `retry:` hint: the browser
      // reconnects, to another worker or to the restarted server (decision 0036).
      const stopDraining = onDrain(app.server, () => endStream(res));
      request.raw.on("close", () => {
        unregister();
        unsubscribe();
        stopDraining();
      });
      return reply;
    },
    { config: { userRateLimit: { max: 60, timeWindow: "1 minute" } } },
  );
}
