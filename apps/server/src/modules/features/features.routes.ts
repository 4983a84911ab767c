import { errorResponses, featuresBodySchema, featuresSchema } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf } from "../admin/admin-gate.ts";
import { type FeaturesDeps, getFeatures, updateFeatures } from "./features.service.ts";

/** Public: what is on right now (the web app shows or closes screens from it). */
export async function featuresRoutes(
  fastify: FastifyInstance,
  deps: Pick<FeaturesDeps, "features">,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/features",
    {
      schema: {
        tags: ["features"],
        summary: "Which features are on (games, shop, referrals) and whether FRE is in maintenance",
        response: { 200: featuresSchema },
      },
    },
    // Not cacheable (the API's `no-store`): the server answers from memory, and an admin who
    // reloads the panel must see the switch as it is now, not as a browser kept it.
    async () => getFeatures(deps),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (elevated admins only). */
export async function featuresAdminRoutes(fastify: FastifyInstance, deps: FeaturesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/api/admin/features",
    {
      schema: {
        tags: ["admin"],
        summary: "Switches features and the maintenance mode on or off (audited, at once)",
        body: featuresBodySchema,
        response: { 200: featuresSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateFeatures(deps, actorOf(request), request.body),
  );
}
