import {
  communityLinksBodySchema,
  communityLinksSchema,
  errorResponses,
  legalInfoSchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf } from "../admin/admin-gate.ts";
import { getLegalInfo, type LegalDeps, setCommunityLinks } from "./legal.service.ts";

/** Public: the operator's details and community links the legal pages and footers show. */
export async function legalRoutes(fastify: FastifyInstance, deps: LegalDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (deps.details.demo && deps.publicSite) {
    fastify.log.warn(
      "LEGAL_*: the legal pages still show demonstration details on a public address — set " +
        "every LEGAL_* variable (operator, publication director, host, contacts) before going live",
    );
  }
  app.get(
    "/api/legal",
    {
      schema: {
        tags: ["legal"],
        summary: "Who runs the service (mentions légales) and its community links",
        response: { 200: legalInfoSchema },
      },
    },
    async () => getLegalInfo(deps),
  );
}

/** Admin routes: registered in the admin scope, behind its gate (elevated admins only). */
export async function legalAdminRoutes(
  fastify: FastifyInstance,
  deps: Pick<LegalDeps, "db" | "clock">,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/api/admin/community-links",
    {
      schema: {
        tags: ["admin"],
        summary: "Sets the community links (https on a public domain; empty hides a link)",
        body: communityLinksBodySchema,
        response: { 200: communityLinksSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => setCommunityLinks(deps, actorOf(request), request.body),
  );
}
