import { formatNano, parseFre } from "@fre/shared";
import { Cell } from "@ton/core";
import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import { AppError } from "../../lib/errors.ts";
import { formatFriendlyAddress, type TonNetwork } from "./address.ts";
import { fromHex } from "./bytes.ts";
import type { SimulatedChain } from "./chain.ts";
import { SimulatedFundsError } from "./chain-errors.ts";

/**
 * The text comment a TON Connect message payload carries (a cell: 32 zero bits, then the
 * text); null for a payload that is no text comment.
 */
export function commentOfPayload(payload: string): string | null {
  try {
    const slice = Cell.fromBase64(payload).beginParse();
    if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
    return slice.loadStringTail();
  } catch {
    return null;
  }
}

/**
 * The simulated chain's controls (DEV_ROUTES and TON_API_URL=simulated only): anyone may move
 * simulated TON between any accounts — the point is to pay the shop without a real wallet.
 */
export async function devChainRoutes(
  app: FastifyInstance,
  deps: { simulatedChain: SimulatedChain; network: TonNetwork },
) {
  handle(app, "POST /api/dev/chain/transfer", async ({ body }) => {
    const { payload } = body;
    const amountNano = parseFre(body.amountTon);
    if (amountNano <= 0n) throw new AppError("VALIDATION_ERROR");
    const comment = payload === undefined ? body.comment : commentOfPayload(payload);
    if (comment === null || (comment?.length ?? 0) > 120) throw new AppError("VALIDATION_ERROR");
    try {
      return await deps.simulatedChain.transfer({
        from: body.from,
        to: body.to,
        amountNano,
        comment: comment ?? null,
      });
    } catch (error) {
      if (error instanceof SimulatedFundsError) throw new AppError("INSUFFICIENT_BALANCE");
      throw error;
    }
  });
  handle(app, "POST /api/dev/chain/wallet", async ({ body }) => {
    // @ton/ton's wallet contract at the first use, not at boot (decision 0055).
    const { walletV4R2 } = await import("./wallet-v4.ts");
    const wallet = walletV4R2({ publicKey: fromHex(body.publicKey) });
    return {
      address: wallet.address,
      friendlyAddress: formatFriendlyAddress(wallet.address, { network: deps.network }),
      stateInit: wallet.stateInit,
    };
  });
  handle(app, "GET /api/dev/chain/accounts/:address", async ({ params }) => {
    const account = await deps.simulatedChain.account(params.address);
    return {
      address: account.address,
      balanceTon: formatNano(account.balanceNano),
      jettons: Object.fromEntries(
        Object.entries(account.jettons).map(([symbol, nano]) => [symbol, formatNano(nano)]),
      ),
    };
  });
}
