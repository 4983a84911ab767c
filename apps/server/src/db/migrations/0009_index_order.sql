-- Descending indexes in the order the queries ask for: `order by x desc` means NULLS FIRST, and an
-- index built DESC NULLS LAST cannot serve it (PostgreSQL then reads and sorts every matching row:
-- a user's whole session history, the whole board for the top 10).
DROP INDEX "users_leaderboard_idx";--> statement-breakpoint
DROP INDEX "bonus_code_usages_user_used_idx";--> statement-breakpoint
DROP INDEX "information_messages_created_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_user_idx";--> statement-breakpoint
DROP INDEX "mining_sessions_user_start_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "support_tickets_user_idx";--> statement-breakpoint
DROP INDEX "support_tickets_status_idx";--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("total_mined" DESC NULLS FIRST,"created_at","id");--> statement-breakpoint
CREATE INDEX "bonus_code_usages_user_used_idx" ON "bonus_code_usages" USING btree ("user_id","used_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "information_messages_created_idx" ON "information_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mining_sessions_user_start_idx" ON "mining_sessions" USING btree ("user_id","start_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "support_tickets" USING btree ("user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","updated_at" DESC NULLS FIRST);