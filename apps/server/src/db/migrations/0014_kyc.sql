CREATE TABLE "kyc_file_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text NOT NULL,
	"user_id" text NOT NULL,
	"slot" text NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_files" (
	"user_id" text NOT NULL,
	"slot" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_files_user_id_slot_pk" PRIMARY KEY("user_id","slot"),
	CONSTRAINT "kyc_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "kyc_files_size_positive" CHECK ("kyc_files"."size" > 0)
);
--> statement-breakpoint
CREATE TABLE "kyc_requests" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"identity_sealed" text,
	"address_sealed" text,
	"document_sealed" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kyc_files" ADD CONSTRAINT "kyc_files_user_id_kyc_requests_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."kyc_requests"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_requests" ADD CONSTRAINT "kyc_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_file_views_user_idx" ON "kyc_file_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "kyc_requests_queue_idx" ON "kyc_requests" USING btree ("status","submitted_at");