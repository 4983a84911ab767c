import {
  errorResponseSchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  walletSchema,
} from "@fre/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import { getLedgerPage, getWallet } from "./wallet.service.ts";

export async function walletRoutes(
  fastify: FastifyInstance,
  deps: { db: Db; clock: Clock; viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["wallet"];
  app.get(
    "/api/wallet",
    { schema: { tags, response: { 200: walletSchema, 401: errorResponseSchema } } },
    async (request) => getWallet(deps, (await deps.viewer.required(request)).userId),
  );
  app.get(
    "/api/wallet/ledger",
    {
      schema: {
        tags,
        summary: "My FRE movements, newest first (cursor = last id of the previous page)",
        querystring: ledgerQuerySchema,
        response: { 200: ledgerPageSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = await deps.viewer.required(request);
      return getLedgerPage(deps, userId, request.query.cursor, request.query.limit);
    },
  );
}
