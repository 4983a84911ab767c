CREATE TABLE "circle_members" (
	"user_id" text NOT NULL,
	"member_id" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_members_user_id_member_id_pk" PRIMARY KEY("user_id","member_id"),
	CONSTRAINT "circle_members_not_self" CHECK ("circle_members"."user_id" <> "circle_members"."member_id")
);
--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_members_member_idx" ON "circle_members" USING btree ("member_id");