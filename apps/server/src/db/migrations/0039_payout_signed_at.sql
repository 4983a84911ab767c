ALTER TABLE "withdrawals" ADD COLUMN "payout_signed_at" timestamp with time zone;--> statement-breakpoint
-- Decision 0078: a withdrawal waiting at the upgrade may have been signed before its first signing
-- was recorded: it keeps the look-back to its approval (the rule of before).
UPDATE "withdrawals" SET "payout_signed_at" = coalesce("reviewed_at", "created_at") WHERE "status" = 'processing';
