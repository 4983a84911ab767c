CREATE TABLE "challenge_sign_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_sign_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"network" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "challenge_uses" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "challenge_sign_ups_network_idx" ON "challenge_sign_ups" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "challenge_sign_ups_created_idx" ON "challenge_sign_ups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "challenge_uses_expires_idx" ON "challenge_uses" USING btree ("expires_at");