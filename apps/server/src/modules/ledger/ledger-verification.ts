import type { Db } from "../../db/client.ts";
import { readSetting, writeSetting } from "../../lib/app-settings.repo.ts";
import type { Clock } from "../../lib/clock.ts";
import type { GaugeSpec } from "../../lib/metrics.ts";
import { findLedgerMismatches } from "./ledger.verify.ts";

/**
 * The nightly ledger verification: the check `npm run ledger:verify` runs (every balance equals
 * the sum of its entries, the jackpot pools their movements), once a night after 04:00 UTC (the
 * risk score runs at 03:00), in one process at a time (the composition root's advisory lock). Its
 * verdict is stored, so every worker reports the same `fre_ledger_verified` 1/0 and its time.
 */
export const LEDGER_VERIFICATION_HOUR_UTC = 4;
const RESULT_KEY = "ledger_verification";

interface Verdict {
  ok: boolean;
  /** When the check ran (ISO instant). */
  at: string;
  mismatches: number;
}

async function readVerdict(db: Db): Promise<Verdict | null> {
  const value = (await readSetting(db, RESULT_KEY)) as Partial<Verdict> | null;
  if (typeof value?.ok !== "boolean" || typeof value.at !== "string") return null;
  return Number.isNaN(Date.parse(value.at)) ? null : (value as Verdict);
}

/** The last 04:00 UTC at or before `now`. */
function lastNightlyStart(now: Date) {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    LEDGER_VERIFICATION_HOUR_UTC,
  );
  return new Date(today <= now.getTime() ? today : today - 86_400_000);
}

/** Due when no check ran since the last 04:00 UTC (so at the first tick of a new install too). */
export function verificationDue(now: Date, lastAt: Date | null) {
  return lastAt === null || lastAt < lastNightlyStart(now);
}

/** The job's tick: verifies when due; resolves to the verdict written, or null when not due. */
export async function runNightlyLedgerVerification(deps: {
  db: Db;
  clock: Clock;
  onMismatch?: (count: number) => void;
}): Promise<Verdict | null> {
  const now = deps.clock.now();
  const last = await readVerdict(deps.db);
  if (!verificationDue(now, last ? new Date(last.at) : null)) return null;
  const mismatches = await findLedgerMismatches(deps.db);
  const verdict = {
    ok: mismatches.length === 0,
    at: now.toISOString(),
    mismatches: mismatches.length,
  };
  await writeSetting(deps.db, RESULT_KEY, verdict);
  if (!verdict.ok) deps.onMismatch?.(mismatches.length);
  return verdict;
}

/** No sample until the first check ran: a fresh install is not a failed verification. */
export function ledgerGauges(db: Db): GaugeSpec[] {
  return [
    {
      name: "fre_ledger_verified",
      help: "1 when the last nightly ledger verification found every balance equal to its entries, else 0",
      aggregate: "max",
      read: async () => {
        const verdict = await readVerdict(db);
        return verdict === null ? null : verdict.ok ? 1 : 0;
      },
    },
    {
      name: "fre_ledger_verified_timestamp_seconds",
      help: "Unix time of the last nightly ledger verification",
      aggregate: "max",
      read: async () => {
        const verdict = await readVerdict(db);
        return verdict === null ? null : Date.parse(verdict.at) / 1000;
      },
    },
  ];
}
