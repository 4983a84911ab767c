import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import { SESSION_COOKIE_NAMES } from "../../http/viewer.ts";
import type { Clock } from "../../lib/clock.ts";
import { getMe, updateMe } from "./users.service.ts";
import { type ErasureDeps, eraseAccount } from "./users-erasure.ts";
import { buildUserExport, type UserExportDeps } from "./users-export.ts";

/** Signed-in routes (registered inside the signed-in scope): the caller's own account. */
export async function usersRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock } & UserExportDeps & Omit<ErasureDeps, "log">,
) {
  handle(app, "GET /api/me", ({ viewer }) => getMe(deps, viewer.userId));
  handle(app, "PATCH /api/me", ({ viewer, body }) => updateMe(deps, viewer.userId, body));
  handle(
    app,
    "GET /api/me/export",
    async ({ viewer }, _request, reply) => {
      const data = await buildUserExport(deps, viewer.userId);
      const day = data.generatedAt.slice(0, 10);
      reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="fre-export-${day}.json"`);
      return data;
    },
    // A whole account read at once: a few a day is what a person needs.
    { config: { userRateLimit: { max: 5, timeWindow: "1 hour" } } },
  );
  handle(
    app,
    "DELETE /api/me",
    async ({ viewer, body }, request, reply) => {
      await eraseAccount({ ...deps, log: request.log }, viewer.userId, body.password);
      // The session is gone already; the browser may as well forget its cookie.
      const cleared = SESSION_COOKIE_NAMES.map(
        (name) =>
          `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
      );
      reply.header("set-cookie", cleared);
    },
    // Each call checks a password: as tight as a guess deserves.
    { config: { userRateLimit: { max: 5, timeWindow: "1 hour" } } },
  );
}
