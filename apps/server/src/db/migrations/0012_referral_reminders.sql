CREATE TABLE "referral_reminders" (
	"referral_id" text PRIMARY KEY NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_reminders" ADD CONSTRAINT "referral_reminders_referral_id_users_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;