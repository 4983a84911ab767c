import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import { AppError } from "../../lib/errors.ts";
import { deleteSubscription, saveSubscription } from "./push.service.ts";
import { endpointAllowance, pushEndpointProblem, type ResolveAll } from "./push-endpoint.ts";

/** Public routes: the server's VAPID key. */
export async function pushRoutes(app: FastifyInstance, deps: { publicKey: string }) {
  handle(app, "GET /api/push/vapid-public-key", () => ({ publicKey: deps.publicKey }));
}

/** Signed-in routes (registered inside the signed-in scope): this device's subscription. */
export async function pushUserRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    endpointAllow: string[];
    /** DNS resolution of endpoint hosts (tests may replace it). */
    resolve?: ResolveAll;
  },
) {
  const allowed = endpointAllowance(deps.endpointAllow);
  handle(app, "POST /api/push/subscriptions", async ({ viewer, body }) => {
    // The server will connect to this URL: only push services on public addresses (SSRF).
    const problem = await pushEndpointProblem(body.endpoint, allowed, deps.resolve);
    if (problem) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        {
          issues: [{ path: "endpoint", message: problem }],
        },
      );
    }
    await saveSubscription(deps, viewer.userId, body);
  });
  handle(app, "DELETE /api/push/subscriptions", async ({ viewer, body }) => {
    await deleteSubscription(deps, viewer.userId, body.endpoint);
  });
}
