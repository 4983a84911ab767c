-- Deploy note: these indexes are built inside the migration's transaction, so writes to
-- ledger_entries, mining_sessions and withdrawals wait while they build. On a large database,
-- build them first with CREATE INDEX CONCURRENTLY under the same names: the statements below
-- say IF NOT EXISTS and then only check they are there.
CREATE TABLE "ad_daily_counts" (
	"ad_id" uuid NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_counts_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement" text NOT NULL,
	"title" text NOT NULL,
	"link_url" text NOT NULL,
	"image_key" text,
	"image_type" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ads_window" CHECK ("ads"."ends_at" > "ads"."starts_at"),
	CONSTRAINT "ads_weight_range" CHECK ("ads"."weight" between 1 and 100),
	CONSTRAINT "ads_placement_known" CHECK ("ads"."placement" in ('dashboard', 'games'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approvals_required" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_daily_counts" ADD CONSTRAINT "ad_daily_counts_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ads_placement_window_idx" ON "ads" USING btree ("placement","active","starts_at","ends_at");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_kind_created_idx" ON "ledger_entries" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ledger_entries_adjustments_idx" ON "ledger_entries" USING btree ("user_id","created_at") WHERE "ledger_entries"."kind" = 'admin_adjustment';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mining_sessions_end_time_idx" ON "mining_sessions" USING btree ("end_time");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_wallet_address_idx" ON "withdrawals" USING btree ("wallet_address");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_approvals_required_range" CHECK ("withdrawals"."approvals_required" between 1 and 2);