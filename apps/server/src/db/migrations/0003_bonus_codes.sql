CREATE TABLE "bonus_code_usages" (
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" bigint NOT NULL,
	"duration_hours" integer,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_code_usages_user_id_code_pk" PRIMARY KEY("user_id","code")
);
--> statement-breakpoint
CREATE TABLE "bonus_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"reward_value" bigint NOT NULL,
	"duration_hours" integer DEFAULT 24 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_uses" integer NOT NULL,
	"current_uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_codes_uses_within_max" CHECK ("bonus_codes"."current_uses" <= "bonus_codes"."max_uses"),
	CONSTRAINT "bonus_codes_reward_positive" CHECK ("bonus_codes"."reward_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_code_usages" ADD CONSTRAINT "bonus_code_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_code_usages" ADD CONSTRAINT "bonus_code_usages_code_bonus_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."bonus_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_code_usages_user_used_idx" ON "bonus_code_usages" USING btree ("user_id","used_at" DESC NULLS LAST);