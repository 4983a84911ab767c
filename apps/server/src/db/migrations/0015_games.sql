CREATE TABLE "game_bets" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "game_bets_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"game" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	"seed_pair_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"options" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"state" jsonb,
	"multiplier" text NOT NULL,
	"payout_nano" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_bets_amount_non_negative" CHECK ("game_bets"."amount_nano" >= 0),
	CONSTRAINT "game_bets_payout_non_negative" CHECK ("game_bets"."payout_nano" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_seed_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "game_seed_pairs_nonce_non_negative" CHECK ("game_seed_pairs"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jackpot_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jackpot_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pool_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	"bet_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jackpot_movements_amount_positive" CHECK ("jackpot_movements"."amount_nano" > 0)
);
--> statement-breakpoint
CREATE TABLE "jackpot_pools" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_nano" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jackpot_pools_amount_non_negative" CHECK ("jackpot_pools"."amount_nano" >= 0)
);
--> statement-breakpoint
CREATE TABLE "slot_free_spins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"bet_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_notices" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "slot_notices_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_seed_pair_id_game_seed_pairs_id_fk" FOREIGN KEY ("seed_pair_id") REFERENCES "public"."game_seed_pairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seed_pairs" ADD CONSTRAINT "game_seed_pairs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_movements" ADD CONSTRAINT "jackpot_movements_pool_id_jackpot_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."jackpot_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_free_spins" ADD CONSTRAINT "slot_free_spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_notices" ADD CONSTRAINT "slot_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_id_key" ON "game_bets" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_one_open_round_key" ON "game_bets" USING btree ("user_id","game") WHERE "game_bets"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "game_bets_seed_nonce_key" ON "game_bets" USING btree ("seed_pair_id","nonce");--> statement-breakpoint
CREATE INDEX "game_bets_user_idx" ON "game_bets" USING btree ("user_id","seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "game_seed_pairs_one_active_key" ON "game_seed_pairs" USING btree ("user_id") WHERE "game_seed_pairs"."revealed_at" is null;--> statement-breakpoint
CREATE INDEX "game_seed_pairs_user_idx" ON "game_seed_pairs" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jackpot_movements_pool_idx" ON "jackpot_movements" USING btree ("pool_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_free_spins_daily_key" ON "slot_free_spins" USING btree ("user_id","day") WHERE "slot_free_spins"."kind" = 'daily';--> statement-breakpoint
CREATE INDEX "slot_free_spins_user_idx" ON "slot_free_spins" USING btree ("user_id","kind");--> statement-breakpoint
INSERT INTO "jackpot_pools" ("id", "amount_nano", "updated_at") VALUES ('fre-machine', 1000000000000, now());--> statement-breakpoint
INSERT INTO "jackpot_movements" ("pool_id", "kind", "amount_nano", "created_at") VALUES ('fre-machine', 'seed', 1000000000000, now());
