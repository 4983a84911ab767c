CREATE TABLE "global_message" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "global_message_single_row" CHECK ("global_message"."id" = 'current')
);
--> statement-breakpoint
CREATE TABLE "global_message_reads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_reads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"read_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "global_message_reads" ADD CONSTRAINT "global_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_reads" ADD CONSTRAINT "information_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "information_messages_created_idx" ON "information_messages" USING btree ("created_at" DESC NULLS LAST);