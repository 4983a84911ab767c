-- Four eyes on the admin role (decision 0049): a console grant waits here for a second admin.
CREATE TABLE "admin_role_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grantee_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "admin_role_grants_not_self" CHECK ("admin_role_grants"."requested_by" <> "admin_role_grants"."grantee_id"),
	CONSTRAINT "admin_role_grants_status_known" CHECK ("admin_role_grants"."status" in ('pending', 'confirmed', 'cancelled', 'lapsed')),
	CONSTRAINT "admin_role_grants_two_admins" CHECK ("admin_role_grants"."status" <> 'confirmed' or ("admin_role_grants"."decided_by" is not null and "admin_role_grants"."decided_by" <> "admin_role_grants"."requested_by" and "admin_role_grants"."decided_by" <> "admin_role_grants"."grantee_id"))
);
--> statement-breakpoint
ALTER TABLE "admin_role_grants" ADD CONSTRAINT "admin_role_grants_grantee_id_users_id_fk" FOREIGN KEY ("grantee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role_grants" ADD CONSTRAINT "admin_role_grants_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role_grants" ADD CONSTRAINT "admin_role_grants_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_role_grants_one_pending_idx" ON "admin_role_grants" USING btree ("grantee_id") WHERE "admin_role_grants"."status" = 'pending';
