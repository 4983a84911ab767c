import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import { type FeaturesDeps, getFeatures, updateFeatures } from "./features.service.ts";

/** Public: what is on right now (the web app shows or closes screens from it). */
export async function featuresRoutes(app: FastifyInstance, deps: Pick<FeaturesDeps, "features">) {
  // Not cacheable (the API's `no-store`): the server answers from memory, and an admin who
  // reloads the panel must see the switch as it is now, not as a browser kept it.
  handle(app, "GET /api/features", () => getFeatures(deps));
}

/** Admin routes: registered in the admin scope, behind its gate (elevated admins only). */
export async function featuresAdminRoutes(app: FastifyInstance, deps: FeaturesDeps) {
  handle(app, "PUT /api/admin/features", ({ body }, request) =>
    updateFeatures(deps, actorOf(request), body),
  );
}
