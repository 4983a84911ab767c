import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import {
  issueProofPayload,
  linkWallet,
  type TonWalletDeps,
  unlinkWallet,
} from "./ton-wallet.service.ts";

/**
 * The user's TON wallet: a ton_proof challenge, the proven link, and unlinking (registered
 * inside the signed-in scope).
 */
export async function tonRoutes(app: FastifyInstance, deps: TonWalletDeps) {
  handle(
    app,
    "GET /api/ton/proof-payload",
    ({ viewer }, _request, reply) => {
      reply.header("cache-control", "no-store");
      return issueProofPayload(deps, viewer.userId);
    },
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
  handle(app, "POST /api/ton/wallet", ({ viewer, body }) => linkWallet(deps, viewer.userId, body), {
    config: { userRateLimit: { max: 10, timeWindow: "1 minute" } },
  });
  handle(
    app,
    "DELETE /api/ton/wallet",
    async ({ viewer }) => {
      await unlinkWallet(deps, viewer.userId);
    },
    { config: { userRateLimit: { max: 10, timeWindow: "1 minute" } } },
  );
}
