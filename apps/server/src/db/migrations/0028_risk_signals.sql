CREATE TABLE "account_signals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"network" text NOT NULL,
	"device" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_risk" (
	"user_id" text PRIMARY KEY NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"level" text DEFAULT 'low' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"referral_bonus_withheld_at" timestamp with time zone,
	"kyc_recheck_required_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_risk_score_range" CHECK ("user_risk"."score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD COLUMN "document_number_hash" text;--> statement-breakpoint
ALTER TABLE "account_signals" ADD CONSTRAINT "account_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_risk" ADD CONSTRAINT "user_risk_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_risk" ADD CONSTRAINT "user_risk_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_signals_network_idx" ON "account_signals" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "account_signals_device_idx" ON "account_signals" USING btree ("device");--> statement-breakpoint
CREATE INDEX "account_signals_user_idx" ON "account_signals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "account_signals_created_idx" ON "account_signals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_risk_level_idx" ON "user_risk" USING btree ("level","score" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "kyc_requests_document_number_idx" ON "kyc_requests" USING btree ("document_number_hash");