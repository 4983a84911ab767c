CREATE TABLE "contest_links" (
	"level" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_task_opens" (
	"user_id" text NOT NULL,
	"level" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contest_task_opens_user_id_level_pk" PRIMARY KEY("user_id","level")
);
--> statement-breakpoint
CREATE TABLE "level_validations" (
	"user_id" text NOT NULL,
	"level" integer NOT NULL,
	"reward_nano" bigint NOT NULL,
	"validated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "level_validations_user_id_level_pk" PRIMARY KEY("user_id","level")
);
--> statement-breakpoint
ALTER TABLE "contest_task_opens" ADD CONSTRAINT "contest_task_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_validations" ADD CONSTRAINT "level_validations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;