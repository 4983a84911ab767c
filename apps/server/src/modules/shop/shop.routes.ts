import type { FastifyInstance } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { handle } from "../../http/contract-route.ts";
import {
  cancelPayment,
  createOrder,
  getMyOrder,
  listMyOrders,
  type ShopDeps,
  shopView,
  startPayment,
} from "./shop.service.ts";
import {
  adminListItems,
  adminListOrders,
  adminListPayments,
  adminResolvePayment,
  adminUpdateItem,
} from "./shop-admin.service.ts";

/** Signed-in routes (registered inside the signed-in scope). */
export async function shopRoutes(app: FastifyInstance, deps: ShopDeps) {
  handle(app, "GET /api/shop", ({ viewer }) => shopView(deps, viewer.userId));
  handle(
    app,
    "POST /api/shop/orders",
    async ({ viewer, body }, _request, reply) => {
      const { order, created } = await createOrder(deps, viewer.userId, body.itemId);
      if (!created) reply.status(200);
      return order;
    },
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
  handle(app, "GET /api/shop/orders", ({ viewer }) => listMyOrders(deps, viewer.userId));
  handle(app, "GET /api/shop/orders/:id", ({ viewer, params }) =>
    getMyOrder(deps, viewer.userId, params.id),
  );
  handle(
    app,
    "POST /api/shop/orders/:id/payment",
    ({ viewer, params }) => startPayment(deps, viewer.userId, params.id),
    { config: { userRateLimit: { max: 20, timeWindow: "1 minute" } } },
  );
  handle(app, "DELETE /api/shop/orders/:id/payment", ({ viewer, params }) =>
    cancelPayment(deps, viewer.userId, params.id),
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function shopAdminRoutes(app: FastifyInstance, deps: ShopDeps) {
  handle(app, "GET /api/admin/shop/items", () => adminListItems(deps));
  handle(app, "PATCH /api/admin/shop/items/:id", ({ params, body }, request) =>
    adminUpdateItem(deps, actorOf(request), params.id, body),
  );
  handle(app, "GET /api/admin/shop/orders", ({ query }) => adminListOrders(deps, query));
  handle(app, "GET /api/admin/shop/payments", ({ query }) =>
    adminListPayments(deps, query.unresolved ?? false),
  );
  handle(app, "POST /api/admin/shop/payments/:txHash/resolution", ({ params, body }, request) =>
    adminResolvePayment(deps, actorOf(request), params.txHash, body),
  );
}
