import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import type { ChallengeService } from "./challenge.service.ts";

/** Public: registered in the auth scope, under its per-address limit. */
export async function challengeRoutes(app: FastifyInstance, deps: { challenge: ChallengeService }) {
  handle(app, "GET /api/challenge", ({ query }, request, reply) => {
    // A challenge is single-use and short-lived: never cached by a browser or a proxy.
    reply.header("cache-control", "no-store");
    return deps.challenge.issue(query.action, request.ip);
  });
}

/** Admin routes: the difficulty (audited). */
export async function challengeAdminRoutes(
  app: FastifyInstance,
  deps: { challenge: ChallengeService },
) {
  handle(app, "GET /api/admin/challenge/settings", () => deps.challenge.getSettings());
  handle(app, "PUT /api/admin/challenge/settings", ({ body }, request) =>
    deps.challenge.setSettings(actorOf(request), body),
  );
}
