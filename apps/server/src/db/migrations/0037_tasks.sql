CREATE TABLE "task_progress" (
	"user_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reward_withheld" boolean DEFAULT false NOT NULL,
	"reward_nano" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "task_progress_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"reward_type" text NOT NULL,
	"reward_nano" bigint DEFAULT 0 NOT NULL,
	"boost_percent" integer,
	"boost_hours" integer,
	"params" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_completions" integer,
	"completions" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tasks_completions_within_max" CHECK ("tasks"."max_completions" is null or "tasks"."completions" <= "tasks"."max_completions"),
	CONSTRAINT "tasks_reward_shape" CHECK (("tasks"."reward_type" = 'fre' and "tasks"."reward_nano" > 0) or ("tasks"."reward_type" = 'boost' and "tasks"."boost_percent" between 1 and 100 and "tasks"."boost_hours" between 1 and 168))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_known";--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_progress" ADD CONSTRAINT "task_progress_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_progress_task_completed_idx" ON "task_progress" USING btree ("task_id","completed_at");--> statement-breakpoint
CREATE INDEX "tasks_active_idx" ON "tasks" USING btree ("active","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_known" CHECK (kind in ('mining', 'bonus', 'level', 'purchase', 'game', 'jackpot', 'withdrawal', 'refund', 'admin_adjustment', 'daily_reward', 'league_reward', 'task_reward')) NOT VALID;