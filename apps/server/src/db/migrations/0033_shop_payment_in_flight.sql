ALTER TABLE "shop_orders" ADD COLUMN "payment_sent_at" timestamp with time zone;
