CREATE TABLE "telegram_reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"session_ended" boolean DEFAULT true NOT NULL,
	"streak" boolean DEFAULT true NOT NULL,
	"withdrawal_paid" boolean DEFAULT true NOT NULL,
	"support_answered" boolean DEFAULT true NOT NULL,
	"league_result" boolean DEFAULT true NOT NULL,
	"bot_blocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"source_key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"stale_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_reminders_status" CHECK ("telegram_reminders"."status" in ('pending', 'sent', 'dropped'))
);
--> statement-breakpoint
ALTER TABLE "telegram_reminder_settings" ADD CONSTRAINT "telegram_reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_reminders" ADD CONSTRAINT "telegram_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_reminders_source_idx" ON "telegram_reminders" USING btree ("user_id","type","source_key");--> statement-breakpoint
CREATE INDEX "telegram_reminders_due_idx" ON "telegram_reminders" USING btree ("due_at") WHERE "telegram_reminders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_reminders_sent_idx" ON "telegram_reminders" USING btree ("user_id","sent_at") WHERE "telegram_reminders"."status" = 'sent';