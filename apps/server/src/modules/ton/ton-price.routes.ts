import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import type { TonPriceService } from "./ton-price.service.ts";

/**
 * `GET /api/ton/price` (public: a market figure, the same for everyone): the last good price or
 * `available: false`. Browsers and proxies may keep it a minute; the price moves every 5.
 */
export async function tonPriceRoutes(app: FastifyInstance, deps: { tonPrice: TonPriceService }) {
  handle(app, "GET /api/ton/price", async (_input, _request, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return deps.tonPrice.current();
  });
}
