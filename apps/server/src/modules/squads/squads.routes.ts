import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  adminSquads,
  createSquad,
  disband,
  getSquad,
  joinSquad,
  leaveSquad,
  patchSquad,
  previewSquad,
  type SquadsDeps,
  squadBoard,
} from "./squads.service.ts";

/** Per verified user, on top of the per-IP limit: joining and leaving by the hundred stays slow. */
const CHANGE_LIMIT = { userRateLimit: { max: 20, timeWindow: "1 minute" } };

/**
 * Public: a share link's preview, before any sign-in (decision 0076). Anonymous callers are
 * counted per address, on top of the global per-address limit; no answer is cached (no-store).
 */
export async function squadsPublicRoutes(app: FastifyInstance, deps: SquadsDeps) {
  handle(app, "GET /api/squads/:id/preview", ({ params }) => previewSquad(deps, params.id), {
    config: { userRateLimit: { max: 60, timeWindow: "1 minute" } },
  });
}

/** Signed-in routes (registered inside the signed-in scope). */
export async function squadsRoutes(app: FastifyInstance, deps: SquadsDeps) {
  handle(app, "POST /api/squads", ({ viewer, body }) => createSquad(deps, viewer.userId, body), {
    config: CHANGE_LIMIT,
  });
  handle(app, "GET /api/squads/leaderboard", ({ viewer, query }) =>
    squadBoard(deps, viewer.userId, query.week),
  );
  handle(app, "POST /api/squads/leave", ({ viewer }) => leaveSquad(deps, viewer.userId), {
    config: CHANGE_LIMIT,
  });
  handle(app, "GET /api/squads/:id", ({ viewer, params }) =>
    getSquad(deps, viewer.userId, params.id),
  );
  handle(
    app,
    "POST /api/squads/:id/join",
    ({ viewer, params }) => joinSquad(deps, viewer.userId, params.id),
    { config: CHANGE_LIMIT },
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function squadsAdminRoutes(app: FastifyInstance, deps: SquadsDeps) {
  handle(app, "GET /api/admin/squads", ({ query }) => adminSquads(deps, query.q));
  handle(app, "PATCH /api/admin/squads/:id", ({ params, body }, request) =>
    patchSquad(deps, actorOf(request), params.id, body),
  );
  handle(app, "POST /api/admin/squads/:id/disband", ({ params }, request) =>
    disband(deps, actorOf(request), params.id),
  );
}
