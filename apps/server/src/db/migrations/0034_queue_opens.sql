CREATE TABLE "queue_opens" (
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"admin_id" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "queue_opens_kind_target_id_admin_id_pk" PRIMARY KEY("kind","target_id","admin_id"),
	CONSTRAINT "queue_opens_kind_known" CHECK ("queue_opens"."kind" in ('kyc', 'withdrawal'))
);
--> statement-breakpoint
ALTER TABLE "queue_opens" ADD CONSTRAINT "queue_opens_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_opens_admin_idx" ON "queue_opens" USING btree ("admin_id","opened_at");