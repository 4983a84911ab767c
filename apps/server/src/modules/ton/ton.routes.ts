import {
  errorResponses,
  linkTonWalletBodySchema,
  tonProofPayloadSchema,
  tonWalletSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  issueProofPayload,
  linkWallet,
  type TonWalletDeps,
  unlinkWallet,
} from "./ton-wallet.service.ts";

/** The user's TON wallet: a ton_proof challenge, the proven link, and unlinking. */
export async function tonRoutes(
  fastify: FastifyInstance,
  deps: TonWalletDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["ton"];
  const errors = errorResponses(400, 401, 404, 409, 429);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.get(
    "/api/ton/proof-payload",
    {
      config: { userRateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags, response: { 200: tonProofPayloadSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return issueProofPayload(deps, await me(request));
    },
  );
  app.post(
    "/api/ton/wallet",
    {
      config: { userRateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        body: linkTonWalletBodySchema,
        response: { 200: tonWalletSchema, ...errors },
      },
    },
    async (request) => linkWallet(deps, await me(request), request.body),
  );
  app.delete(
    "/api/ton/wallet",
    {
      config: { userRateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { tags, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await unlinkWallet(deps, await me(request));
      return reply.status(204).send(null);
    },
  );
}
