import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import type { Clock } from "../../lib/clock.ts";
import { getLedgerPage, getWallet } from "./wallet.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function walletRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  handle(app, "GET /api/wallet", ({ viewer }) => getWallet(deps, viewer.userId));
  handle(app, "GET /api/wallet/ledger", ({ viewer, query }) =>
    getLedgerPage(deps, viewer.userId, query.cursor, query.limit),
  );
}
