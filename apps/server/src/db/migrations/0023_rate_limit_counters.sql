-- Shared rate-limit counters (decision 0037). Edited by hand from drizzle-kit's output: UNLOGGED
-- (counters need no WAL and no replica; a crash empties the table, which only restarts the
-- windows) and fillfactor 70 (each check updates its row in place: HOT updates, no index churn).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
) WITH (fillfactor = 70);
