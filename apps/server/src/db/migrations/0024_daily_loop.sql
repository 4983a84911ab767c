CREATE TABLE "daily_claims" (
	"user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"day" integer NOT NULL,
	"reward_nano" bigint NOT NULL,
	"freezes_used" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_claims_user_id_local_date_pk" PRIMARY KEY("user_id","local_date"),
	CONSTRAINT "daily_claims_day" CHECK ("daily_claims"."day" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "daily_streaks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"zone_changed_at" timestamp with time zone,
	"last_claim_date" date,
	"cycle_day" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"freezes" integer DEFAULT 0 NOT NULL,
	"freeze_progress" integer DEFAULT 0 NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"last_reminded_date" date,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_streaks_cycle_day" CHECK ("daily_streaks"."cycle_day" between 0 and 7),
	CONSTRAINT "daily_streaks_freezes" CHECK ("daily_streaks"."freezes" between 0 and 2),
	CONSTRAINT "daily_streaks_counts" CHECK ("daily_streaks"."streak" >= 0 and "daily_streaks"."freeze_progress" >= 0)
);
--> statement-breakpoint
CREATE TABLE "league_members" (
	"week" text NOT NULL,
	"user_id" text NOT NULL,
	"league" text NOT NULL,
	"group_no" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"mined_nano" bigint,
	"final_rank" integer,
	"reward_nano" bigint,
	"outcome" text,
	CONSTRAINT "league_members_week_user_id_pk" PRIMARY KEY("week","user_id"),
	CONSTRAINT "league_members_group_no" CHECK ("league_members"."group_no" >= 1)
);
--> statement-breakpoint
CREATE TABLE "league_weeks" (
	"week" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_known";--> statement-breakpoint
ALTER TABLE "daily_claims" ADD CONSTRAINT "daily_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_streaks" ADD CONSTRAINT "daily_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_week_league_weeks_week_fk" FOREIGN KEY ("week") REFERENCES "public"."league_weeks"("week") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_streaks_reminder_idx" ON "daily_streaks" USING btree ("last_claim_date") WHERE "daily_streaks"."reminders";--> statement-breakpoint
CREATE INDEX "league_members_group_idx" ON "league_members" USING btree ("week","league","group_no");--> statement-breakpoint
CREATE INDEX "league_members_user_idx" ON "league_members" USING btree ("user_id","week");--> statement-breakpoint
CREATE INDEX "ledger_entries_mined_idx" ON "ledger_entries" USING btree ("user_id","created_at") WHERE "ledger_entries"."kind" = 'mining';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_known" CHECK (kind in ('mining', 'bonus', 'level', 'purchase', 'game', 'jackpot', 'withdrawal', 'refund', 'admin_adjustment', 'daily_reward', 'league_reward'));