import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminCreateTask,
  adminListTasks,
  adminUpdateTask,
  listTasks,
  startTask,
  type TasksDeps,
  verifyTask,
} from "./tasks.service.ts";

/** Signed-in routes (the tasks hub « Gagner »). */
export async function tasksRoutes(app: FastifyInstance, deps: TasksDeps) {
  handle(app, "GET /api/tasks", ({ viewer }) => listTasks(deps, viewer.userId));
  handle(
    app,
    "POST /api/tasks/:id/start",
    ({ viewer, params }) => startTask(deps, viewer.userId, params.id),
    {
      config: { userRateLimit: { max: 60, timeWindow: "1 minute" } },
    },
  );
  handle(
    app,
    "POST /api/tasks/:id/verify",
    ({ viewer, params }) => verifyTask(deps, viewer.userId, params.id),
    // Each verify of a channel task is a Bot API call: kept slow per user.
    { config: { userRateLimit: { max: 30, timeWindow: "1 minute" } } },
  );
}

/** Admin routes: in the admin scope, behind its gate (admin role + live elevation). */
export async function tasksAdminRoutes(app: FastifyInstance, deps: TasksDeps) {
  handle(app, "GET /api/admin/tasks", () => adminListTasks(deps));
  handle(app, "POST /api/admin/tasks", ({ body }, request) =>
    adminCreateTask(deps, actorOf(request), body),
  );
  handle(app, "PATCH /api/admin/tasks/:id", ({ params, body }, request) =>
    adminUpdateTask(deps, actorOf(request), params.id, body),
  );
}
