import type { FastifyInstance } from "fastify";
import { handle } from "../../lib/contract-route.ts";
import { getMining, type MiningDeps, settleMining, startMining } from "./mining.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function miningRoutes(app: FastifyInstance, deps: MiningDeps) {
  handle(app, "GET /api/mining", ({ viewer }) => getMining(deps, viewer.userId));
  handle(app, "POST /api/mining/start", ({ viewer }) => startMining(deps, viewer.userId));
  handle(app, "POST /api/mining/claim", ({ viewer }) => settleMining(deps, viewer.userId, "claim"));
  handle(app, "POST /api/mining/stop", ({ viewer }) => settleMining(deps, viewer.userId, "stop"));
}
