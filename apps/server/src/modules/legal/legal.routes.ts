import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import { getLegalInfo, type LegalDeps, setCommunityLinks } from "./legal.service.ts";

/** Public: the operator's details and community links the legal pages and footers show. */
export async function legalRoutes(app: FastifyInstance, deps: LegalDeps) {
  if (deps.details.demo && deps.publicSite) {
    app.log.warn(
      "LEGAL_*: the legal pages still show demonstration details on a public address — set " +
        "every LEGAL_* variable (operator, publication director, host, contacts) before going live",
    );
  }
  handle(app, "GET /api/legal", () => getLegalInfo(deps));
}

/** Admin routes: registered in the admin scope, behind its gate (elevated admins only). */
export async function legalAdminRoutes(
  app: FastifyInstance,
  deps: Pick<LegalDeps, "db" | "clock">,
) {
  handle(app, "PUT /api/admin/community-links", ({ body }, request) =>
    setCommunityLinks(deps, actorOf(request), body),
  );
}
