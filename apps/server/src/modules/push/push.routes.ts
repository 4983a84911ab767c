import {
  errorResponseSchema,
  pushSubscriptionBodySchema,
  pushUnsubscribeBodySchema,
  vapidPublicKeySchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import { deleteSubscription, saveSubscription } from "./push.service.ts";
import { endpointAllowance, pushEndpointProblem, type ResolveAll } from "./push-endpoint.ts";

export async function pushRoutes(
  fastify: FastifyInstance,
  deps: {
    db: Db;
    viewer: ViewerResolver;
    publicKey: string;
    endpointAllow: string[];
    /** DNS resolution of endpoint hosts (tests may replace it). */
    resolve?: ResolveAll;
  },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const allowed = endpointAllowance(deps.endpointAllow);
  const tags = ["push"];
  app.get(
    "/api/push/vapid-public-key",
    { schema: { tags, response: { 200: vapidPublicKeySchema } } },
    async () => ({ publicKey: deps.publicKey }),
  );
  app.post(
    "/api/push/subscriptions",
    {
      schema: {
        tags,
        summary: "Register this device for push notifications",
        body: pushSubscriptionBodySchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await deps.viewer.required(request);
      // The server will connect to this URL: only push services on public addresses (SSRF).
      const problem = await pushEndpointProblem(request.body.endpoint, allowed, deps.resolve);
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
      await saveSubscription(deps, userId, request.body);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    "/api/push/subscriptions",
    {
      schema: {
        tags,
        body: pushUnsubscribeBodySchema,
        response: { 204: z.null(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await deps.viewer.required(request);
      await deleteSubscription(deps, userId, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
