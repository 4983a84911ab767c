CREATE TABLE "boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text DEFAULT 'mining_rate' NOT NULL,
	"value_nano" bigint NOT NULL,
	"source" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mining_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"base_rate_nano" bigint NOT NULL,
	"rate_nano" bigint NOT NULL,
	"segment_start" timestamp with time zone NOT NULL,
	"accrued_nano" bigint DEFAULT 0 NOT NULL,
	"rate_checked_at" timestamp with time zone NOT NULL,
	"time_reduction_ms" bigint DEFAULT 0 NOT NULL,
	"credited_nano" bigint,
	"claimed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"notification_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_mined" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mining_sessions" ADD CONSTRAINT "mining_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boosts_user_expires_idx" ON "boosts" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_reference_key" ON "ledger_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "mining_sessions_one_active_key" ON "mining_sessions" USING btree ("user_id") WHERE "mining_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "mining_sessions_user_start_idx" ON "mining_sessions" USING btree ("user_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mining_sessions_end_notice_idx" ON "mining_sessions" USING btree ("end_time") WHERE "mining_sessions"."status" = 'active' and "mining_sessions"."notification_sent" = false;--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("total_mined" DESC NULLS LAST,"created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_balance_non_negative" CHECK ("users"."balance" >= 0);