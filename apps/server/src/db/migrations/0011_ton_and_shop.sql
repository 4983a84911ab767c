CREATE TABLE "shop_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"rate_bonus_nano" bigint NOT NULL,
	"duration_days" integer,
	"price_nano" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_items_price_positive" CHECK ("shop_items"."price_nano" > 0),
	CONSTRAINT "shop_items_duration_by_kind" CHECK (("shop_items"."kind" = 'box') = ("shop_items"."duration_days" is not null and "shop_items"."duration_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"price_nano" bigint NOT NULL,
	"pay_to" text NOT NULL,
	"comment" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"received_nano" bigint DEFAULT 0 NOT NULL,
	"tx_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_payments" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"lt" text NOT NULL,
	"source" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	"comment" text,
	"received_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"resolution" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution_reason" text
);
--> statement-breakpoint
CREATE TABLE "user_packs" (
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"rate_bonus_nano" bigint NOT NULL,
	"order_id" uuid,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_packs_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_chain_accounts" (
	"address" text PRIMARY KEY NOT NULL,
	"balance_nano" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sim_chain_accounts_balance_non_negative" CHECK ("sim_chain_accounts"."balance_nano" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sim_chain_jettons" (
	"address" text NOT NULL,
	"symbol" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	CONSTRAINT "sim_chain_jettons_address_symbol_pk" PRIMARY KEY("address","symbol"),
	CONSTRAINT "sim_chain_jettons_amount_non_negative" CHECK ("sim_chain_jettons"."amount_nano" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sim_chain_transactions" (
	"lt" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sim_chain_transactions_lt_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"asset" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ton_proof_payloads" (
	"payload" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ton_wallets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"network" text NOT NULL,
	"public_key" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_packs" ADD CONSTRAINT "user_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_packs" ADD CONSTRAINT "user_packs_item_id_shop_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_packs" ADD CONSTRAINT "user_packs_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ton_proof_payloads" ADD CONSTRAINT "ton_proof_payloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ton_wallets" ADD CONSTRAINT "ton_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_comment_key" ON "shop_orders" USING btree ("comment");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_tx_hash_key" ON "shop_orders" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "shop_orders_user_idx" ON "shop_orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_orders_status_idx" ON "shop_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shop_payments_received_idx" ON "shop_payments" USING btree ("received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_payments_order_idx" ON "shop_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_chain_transactions_hash_key" ON "sim_chain_transactions" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "sim_chain_transactions_destination_idx" ON "sim_chain_transactions" USING btree ("destination","lt");--> statement-breakpoint
CREATE INDEX "ton_proof_payloads_expires_idx" ON "ton_proof_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ton_wallets_address_key" ON "ton_wallets" USING btree ("address");--> statement-breakpoint
INSERT INTO "shop_items" ("id", "kind", "rate_bonus_nano", "duration_days", "price_nano", "enabled", "position", "updated_at") VALUES
	('FRE1', 'pack', 25000000, NULL, 1000000000, true, 1, now()),
	('FRE3', 'pack', 50000000, NULL, 3000000000, true, 2, now()),
	('FRE5', 'pack', 100000000, NULL, 5000000000, true, 3, now()),
	('BOX7', 'box', 400000000, 7, 2000000000, true, 4, now()),
	('BOX15', 'box', 600000000, 15, 4000000000, true, 5, now()),
	('BOX22', 'box', 800000000, 22, 6000000000, true, 6, now()),
	('BOX30', 'box', 1000000000, 30, 8000000000, true, 7, now());
