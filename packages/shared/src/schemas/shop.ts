import { z } from "zod";
import { normalizeTypedFre } from "../money.ts";

export const SHOP_ITEM_KINDS = ["pack", "box"] as const;
export const SHOP_ORDER_STATUSES = ["pending", "underpaid", "paid", "expired"] as const;
/** How long an order waits for its payment. */
export const SHOP_ORDER_TTL_MINUTES = 30;
/** The `validUntil` of the transaction handed to the wallet. */
export const SHOP_TRANSACTION_TTL_SECONDS = 10 * 60;
/**
 * How long a payment the app handed to the wallet counts as on its way (decision 0059): no
 * second one is offered meanwhile, and the transaction handed over is valid no longer.
 */
export const SHOP_PAYMENT_IN_FLIGHT_SECONDS = 5 * 60;

const tonAmount = z.string().describe("TON, 9 fraction digits");
const freAmount = z.string().describe("FRE per hour, 9 fraction digits");

export const shopItemIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{2,16}$/, "unknown item");

export const shopItemSchema = z.object({
  id: z.string(),
  kind: z.enum(SHOP_ITEM_KINDS),
  rateBonus: freAmount,
  durationDays: z.number().int().nullable(),
  priceTon: tonAmount,
  enabled: z.boolean(),
  /** Packs: owned for good. Boxes: this box runs now. */
  owned: z.boolean(),
});

export const activeBoxSchema = z.object({
  itemId: z.string(),
  rateBonus: freAmount,
  startsAt: z.string(),
  expiresAt: z.string(),
});

export const shopSchema = z.object({
  items: z.array(shopItemSchema),
  /** The box running now (or waiting to start after the running one), if any. */
  activeBox: activeBoxSchema.nullable(),
  payTo: z.string(),
});

export const createOrderBodySchema = z.object({ itemId: shopItemIdSchema });

/** A TON Connect `sendTransaction` request, ready to hand to the wallet. */
export const orderTransactionSchema = z.object({
  validUntil: z.number().int(),
  messages: z.array(
    z.object({
      address: z.string(),
      /** nanoTON, decimal. */
      amount: z.string(),
      /** Base64 BoC of the text-comment cell. */
      payload: z.string(),
    }),
  ),
});

export const shopOrderSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  priceTon: tonAmount,
  receivedTon: tonAmount,
  payTo: z.string(),
  comment: z.string(),
  status: z.enum(SHOP_ORDER_STATUSES),
  txHash: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** Until when a payment sent from the app is on its way (no second one offered), or null. */
  paymentInFlightUntil: z.string().nullable(),
  transaction: orderTransactionSchema,
});
export const shopOrderListSchema = z.object({ items: z.array(shopOrderSchema) });

// Admin

export const adminShopItemBodySchema = z
  .object({
    /** As typed (« 1,5 » or "1.5", normalizeTypedFre). */
    priceTon: z
      .string()
      .max(64)
      .overwrite(normalizeTypedFre)
      .regex(/^\d{1,6}(?:\.\d{1,9})?$/, "must be a TON amount")
      .refine((value) => Number(value) > 0, "must be more than 0")
      .optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => body.priceTon !== undefined || body.enabled !== undefined, "nothing to change");
export const adminShopItemParamsSchema = z.object({ id: shopItemIdSchema });

export const adminOrderQuerySchema = z.object({
  status: z.enum(SHOP_ORDER_STATUSES).optional(),
  itemId: shopItemIdSchema.optional(),
});
export const adminShopOrderSchema = shopOrderSchema
  .omit({ transaction: true })
  .extend({ nickname: z.string() });
export const adminShopOrdersSchema = z.object({
  items: z.array(adminShopOrderSchema),
  /** TON received by paid orders, over the filtered orders. */
  totalPaidTon: tonAmount,
  count: z.number().int(),
});

export const SHOP_PAYMENT_OUTCOMES = ["paid", "partial", "late", "duplicate", "unmatched"] as const;
export const adminShopPaymentSchema = z.object({
  txHash: z.string(),
  source: z.string(),
  amountTon: tonAmount,
  comment: z.string().nullable(),
  receivedAt: z.string(),
  orderId: z.string().nullable(),
  nickname: z.string().nullable(),
  outcome: z.enum(SHOP_PAYMENT_OUTCOMES),
  resolution: z.enum(["granted", "refunded"]).nullable(),
  resolvedAt: z.string().nullable(),
  resolutionReason: z.string().nullable(),
});
export const adminShopPaymentsSchema = z.object({ items: z.array(adminShopPaymentSchema) });
export const adminShopPaymentQuerySchema = z.object({
  /** Only payments that granted nothing and wait for a decision. */
  unresolved: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export const adminPaymentParamsSchema = z.object({
  txHash: z.string().regex(/^[A-Za-z0-9+/_=-]{16,100}$/, "unknown payment"),
});
export const adminPaymentResolutionBodySchema = z.object({
  /** granted: the order's item is granted (an order must be named); refunded: TON sent back. */
  resolution: z.enum(["granted", "refunded"]),
  /** For a payment matched to no order: the order to grant. */
  orderId: z.uuid().optional(),
  reason: z.string().trim().min(3).max(500),
});

export type ShopItem = z.infer<typeof shopItemSchema>;
export type Shop = z.infer<typeof shopSchema>;
export type ShopOrder = z.infer<typeof shopOrderSchema>;
export type ShopOrderList = z.infer<typeof shopOrderListSchema>;
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
export type AdminShopItemBody = z.infer<typeof adminShopItemBodySchema>;
export type AdminShopOrders = z.infer<typeof adminShopOrdersSchema>;
export type AdminShopPayment = z.infer<typeof adminShopPaymentSchema>;
export type AdminPaymentResolutionBody = z.infer<typeof adminPaymentResolutionBodySchema>;
