import {
  adminOrderQuerySchema,
  adminPaymentParamsSchema,
  adminPaymentResolutionBodySchema,
  adminShopItemBodySchema,
  adminShopItemParamsSchema,
  adminShopOrdersSchema,
  adminShopPaymentQuerySchema,
  adminShopPaymentSchema,
  adminShopPaymentsSchema,
  createOrderBodySchema,
  errorResponses,
  shopItemSchema,
  shopOrderListSchema,
  shopOrderSchema,
  shopSchema,
  uuidParamsSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import { createOrder, getMyOrder, listMyOrders, type ShopDeps, shopView } from "./shop.service.ts";
import {
  adminListItems,
  adminListOrders,
  adminListPayments,
  adminResolvePayment,
  adminUpdateItem,
} from "./shop-admin.service.ts";

export async function shopRoutes(
  fastify: FastifyInstance,
  deps: ShopDeps & { viewer: ViewerResolver },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["shop"];
  const errors = errorResponses(400, 401, 404, 409, 429);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;

  app.get(
    "/api/shop",
    { schema: { tags, response: { 200: shopSchema, ...errors } } },
    async (request) => shopView(deps, await me(request)),
  );
  app.post(
    "/api/shop/orders",
    {
      config: { userRateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        body: createOrderBodySchema,
        response: { 200: shopOrderSchema, 201: shopOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, created } = await createOrder(deps, await me(request), request.body.itemId);
      return reply.status(created ? 201 : 200).send(order);
    },
  );
  app.get(
    "/api/shop/orders",
    { schema: { tags, response: { 200: shopOrderListSchema, ...errors } } },
    async (request) => listMyOrders(deps, await me(request)),
  );
  app.get(
    "/api/shop/orders/:id",
    { schema: { tags, params: uuidParamsSchema, response: { 200: shopOrderSchema, ...errors } } },
    async (request) => getMyOrder(deps, await me(request), request.params.id),
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function shopAdminRoutes(fastify: FastifyInstance, deps: ShopDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403, 404, 409);
  app.get(
    "/api/admin/shop/items",
    { schema: { tags, response: { 200: shopSchema, ...errors } } },
    async () => adminListItems(deps),
  );
  app.patch(
    "/api/admin/shop/items/:id",
    {
      schema: {
        tags,
        params: adminShopItemParamsSchema,
        body: adminShopItemBodySchema,
        response: { 200: shopItemSchema, ...errors },
      },
    },
    async (request) => adminUpdateItem(deps, actorOf(request), request.params.id, request.body),
  );
  app.get(
    "/api/admin/shop/orders",
    {
      schema: {
        tags,
        querystring: adminOrderQuerySchema,
        response: { 200: adminShopOrdersSchema, ...errors },
      },
    },
    async (request) => adminListOrders(deps, request.query),
  );
  app.get(
    "/api/admin/shop/payments",
    {
      schema: {
        tags,
        querystring: adminShopPaymentQuerySchema,
        response: { 200: adminShopPaymentsSchema, ...errors },
      },
    },
    async (request) => adminListPayments(deps, request.query.unresolved ?? false),
  );
  app.post(
    "/api/admin/shop/payments/:txHash/resolution",
    {
      schema: {
        tags,
        params: adminPaymentParamsSchema,
        body: adminPaymentResolutionBodySchema,
        response: { 200: adminShopPaymentSchema, ...errors },
      },
    },
    async (request) =>
      adminResolvePayment(deps, actorOf(request), request.params.txHash, request.body),
  );
}
