import {
  devChainAccountParamsSchema,
  devChainAccountSchema,
  devChainTransferBodySchema,
  devChainTransferSchema,
  devChainWalletBodySchema,
  devChainWalletSchema,
  errorResponses,
  formatNano,
  parseFre,
} from "@fre/shared";
import { Cell } from "@ton/core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { formatFriendlyAddress, type TonNetwork } from "./address.ts";
import { fromHex } from "./bytes.ts";
import type { SimulatedChain } from "./chain.ts";
import { SimulatedFundsError } from "./chain-errors.ts";
import { walletV4R2 } from "./wallet-v4.ts";

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
  fastify: FastifyInstance,
  deps: { simulatedChain: SimulatedChain; network: TonNetwork },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["dev"];
  app.post(
    "/api/dev/chain/transfer",
    {
      schema: {
        tags,
        summary: "Moves simulated TON with a text comment (DEV_ROUTES, simulated chain only)",
        body: devChainTransferBodySchema,
        response: { 200: devChainTransferSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => {
      const { payload } = request.body;
      const amountNano = parseFre(request.body.amountTon);
      if (amountNano <= 0n) throw new AppError("VALIDATION_ERROR");
      const comment = payload === undefined ? request.body.comment : commentOfPayload(payload);
      if (comment === null || (comment?.length ?? 0) > 120) throw new AppError("VALIDATION_ERROR");
      try {
        return await deps.simulatedChain.transfer({
          from: request.body.from,
          to: request.body.to,
          amountNano,
          comment: comment ?? null,
        });
      } catch (error) {
        if (error instanceof SimulatedFundsError) throw new AppError("INSUFFICIENT_BALANCE");
        throw error;
      }
    },
  );
  app.post(
    "/api/dev/chain/wallet",
    {
      schema: {
        tags,
        summary: "The wallet v4R2 of an ed25519 key: address and state init (the dev wallet)",
        body: devChainWalletBodySchema,
        response: { 200: devChainWalletSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const wallet = walletV4R2({ publicKey: fromHex(request.body.publicKey) });
      return {
        address: wallet.address,
        friendlyAddress: formatFriendlyAddress(wallet.address, { network: deps.network }),
        stateInit: wallet.stateInit,
      };
    },
  );
  app.get(
    "/api/dev/chain/accounts/:address",
    {
      schema: {
        tags,
        summary: "A simulated account's TON and jetton balances (DEV_ROUTES, simulated only)",
        params: devChainAccountParamsSchema,
        response: { 200: devChainAccountSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const account = await deps.simulatedChain.account(request.params.address);
      return {
        address: account.address,
        balanceTon: formatNano(account.balanceNano),
        jettons: Object.fromEntries(
          Object.entries(account.jettons).map(([symbol, nano]) => [symbol, formatNano(nano)]),
        ),
      };
    },
  );
}
