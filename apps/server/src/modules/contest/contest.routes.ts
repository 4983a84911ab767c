import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  type ContestDeps,
  confirmLevel,
  getContest,
  openTask,
  setContestLinks,
} from "./contest.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function contestRoutes(app: FastifyInstance, deps: ContestDeps) {
  handle(app, "GET /api/contest", ({ viewer }) => getContest(deps, viewer.userId));
  handle(app, "POST /api/contest/levels/:level/open", ({ viewer, params }) =>
    openTask(deps, viewer.userId, params.level),
  );
  handle(app, "POST /api/contest/levels/:level/validate", ({ viewer, params }) =>
    confirmLevel(deps, viewer.userId, params.level),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (admin role + live elevation). */
export async function contestAdminRoutes(app: FastifyInstance, deps: ContestDeps) {
  handle(app, "PUT /api/admin/contest/links", ({ body }, request) =>
    setContestLinks(deps, actorOf(request), body.links),
  );
}
