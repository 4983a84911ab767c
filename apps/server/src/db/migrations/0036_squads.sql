CREATE TABLE "squad_memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"squad_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"left_reason" text,
	CONSTRAINT "squad_memberships_left" CHECK (("squad_memberships"."left_at" is null) = ("squad_memberships"."left_reason" is null) and "squad_memberships"."left_reason" in ('left', 'disbanded'))
);
--> statement-breakpoint
CREATE TABLE "squads" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"telegram_url" text,
	"creator_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	"disbanded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "squad_memberships" ADD CONSTRAINT "squad_memberships_squad_id_squads_id_fk" FOREIGN KEY ("squad_id") REFERENCES "public"."squads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squad_memberships" ADD CONSTRAINT "squad_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "squads" ADD CONSTRAINT "squads_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "squad_memberships_open_key" ON "squad_memberships" USING btree ("user_id") WHERE "squad_memberships"."left_at" is null;--> statement-breakpoint
CREATE INDEX "squad_memberships_squad_idx" ON "squad_memberships" USING btree ("squad_id","joined_at");--> statement-breakpoint
CREATE INDEX "squad_memberships_user_idx" ON "squad_memberships" USING btree ("user_id","left_at");--> statement-breakpoint
CREATE UNIQUE INDEX "squads_name_key" ON "squads" USING btree (lower("name")) WHERE "squads"."disbanded_at" is null;--> statement-breakpoint
CREATE INDEX "squads_created_idx" ON "squads" USING btree ("created_at");