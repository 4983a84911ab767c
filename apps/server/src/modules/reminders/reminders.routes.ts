import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import {
  getReminderSettings,
  type RemindersDeps,
  updateReminderSettings,
} from "./reminders.service.ts";

/** Signed-in routes (registered inside the signed-in scope): the profile's switches. */
export async function remindersRoutes(
  app: FastifyInstance,
  deps: Pick<RemindersDeps, "db" | "clock">,
) {
  handle(app, "GET /api/telegram/reminders", ({ viewer }) =>
    getReminderSettings(deps, viewer.userId),
  );
  handle(
    app,
    "PUT /api/telegram/reminders",
    ({ viewer, body }) => updateReminderSettings(deps, viewer.userId, body),
    { config: { userRateLimit: { max: 30, timeWindow: "1 minute" } } },
  );
}
