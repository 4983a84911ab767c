import type { RiskLevel, RiskReason } from "@fre/shared";
import { type Db, driverQuery, type Tx } from "../../db/client.ts";
import { readSetting, writeSetting } from "../../lib/app-settings.repo.ts";

/** The risk score's rows and settings (decision 0045); the signals' statements are in risk-score.repo.ts. */

type Executor = Db | Tx;

export const RISK_SETTINGS_KEY = "risk_settings";
/** When the last scoring run completed (ISO instant): the nightly job's bookmark. */
const LAST_RUN_KEY = "risk_last_run";

export async function readLastRun(db: Executor): Promise<Date | null> {
  const value = await readSetting(db, LAST_RUN_KEY);
  const at = typeof value === "string" ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
}

export const writeLastRun = (db: Executor, at: Date) =>
  writeSetting(db, LAST_RUN_KEY, at.toISOString());

export interface ScoredAccount {
  userId: string;
  score: number;
  level: RiskLevel;
  reasons: RiskReason[];
}

/**
 * One batch of scores. `computed_at` moves only when the verdict rises (a higher score, or a
 * reason the row did not have): an account an admin marked reviewed stays out of the queue while
 * the nightly run finds the same or less, and comes back when it finds more.
 */
const UPSERT_SQL = `insert into user_risk (user_id, score, level, reasons, computed_at, updated_at)
  select f.user_id, f.score, f.level, f.reasons::jsonb, $5::timestamptz, $5::timestamptz
  from unnest($1::text[], $2::int[], $3::text[], $4::text[]) as f(user_id, score, level, reasons)
  join users u on u.id = f.user_id
  on conflict (user_id) do update set
    score = excluded.score,
    level = excluded.level,
    reasons = excluded.reasons,
    computed_at = case
      when user_risk.computed_at is null or excluded.score > user_risk.score
        or exists (select 1 from jsonb_array_elements(excluded.reasons) e
          where not user_risk.reasons @> jsonb_build_array(jsonb_build_object('code', e->'code')))
      then excluded.computed_at else user_risk.computed_at end,
    updated_at = excluded.updated_at`;

export async function upsertScores(tx: Tx, accounts: ScoredAccount[], at: Date) {
  if (accounts.length === 0) return;
  await driverQuery(tx, UPSERT_SQL, [
    accounts.map((a) => a.userId),
    accounts.map((a) => a.score),
    accounts.map((a) => a.level),
    accounts.map((a) => JSON.stringify(a.reasons)),
    at.toISOString(),
  ]);
}

/** Rows that had a score and now have no reason: back to 0, low, none (admin columns kept). */
const RESET_SQL = `update user_risk set score = 0, level = 'low', reasons = '[]'::jsonb,
    computed_at = $2::timestamptz, updated_at = $2::timestamptz
  where (score <> 0 or level <> 'low' or reasons <> '[]'::jsonb)
    and not exists (select 1 from unnest($1::text[]) as kept(user_id)
      where kept.user_id = user_risk.user_id)
  returning user_id`;

export async function resetUnflagged(tx: Tx, flagged: string[], at: Date) {
  return (await driverQuery(tx, RESET_SQL, [flagged, at.toISOString()])).length;
}

export interface RiskRow {
  score: number;
  level: RiskLevel;
  reasons: RiskReason[];
  computed_at: Date | string | null;
  reviewed_at: Date | string | null;
  referral_bonus_withheld_at: Date | string | null;
  kyc_recheck_required_at: Date | string | null;
}

const RISK_ROW_SQL = `select score, level, reasons, computed_at, reviewed_at,
    referral_bonus_withheld_at, kyc_recheck_required_at
  from user_risk where user_id = $1`;

export async function findRiskRow(db: Executor, userId: string) {
  const [row] = await driverQuery<RiskRow>(db, RISK_ROW_SQL, [userId]);
  if (!row) return null;
  // postgres.js hands a jsonb over parsed; kept as text by a driver that does not.
  const reasons = typeof row.reasons === "string" ? JSON.parse(row.reasons) : row.reasons;
  return { ...row, reasons: reasons as RiskReason[] };
}

const USER_EXISTS_SQL = "select id from users where id = $1";

export async function userExists(db: Executor, userId: string) {
  return (await driverQuery(db, USER_EXISTS_SQL, [userId])).length > 0;
}

/** The account's row, created empty (score 0, low, never computed) when it has none yet. */
const ENSURE_ROW_SQL = `insert into user_risk (user_id, updated_at) values ($1, $2::timestamptz)
  on conflict (user_id) do nothing`;

export async function ensureRiskRow(tx: Tx, userId: string, at: Date) {
  await driverQuery(tx, ENSURE_ROW_SQL, [userId, at.toISOString()]);
}

/** The columns an admin's action sets or clears. */
export interface RiskDecision {
  referralBonusWithheldAt?: Date | null;
  kycRecheckRequiredAt?: Date | null;
  reviewed?: { at: Date; by: string };
}

const DECIDE_SQL = `update user_risk set
    referral_bonus_withheld_at = case when $2::boolean then $3::timestamptz
      else referral_bonus_withheld_at end,
    kyc_recheck_required_at = case when $4::boolean then $5::timestamptz
      else kyc_recheck_required_at end,
    reviewed_at = case when $6::boolean then $7::timestamptz else reviewed_at end,
    reviewed_by = case when $6::boolean then $8::text else reviewed_by end,
    updated_at = $9::timestamptz
  where user_id = $1`;

export async function decide(tx: Tx, userId: string, decision: RiskDecision, at: Date) {
  const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
  await driverQuery(tx, DECIDE_SQL, [
    userId,
    decision.referralBonusWithheldAt !== undefined,
    iso(decision.referralBonusWithheldAt),
    decision.kycRecheckRequiredAt !== undefined,
    iso(decision.kycRecheckRequiredAt),
    decision.reviewed !== undefined,
    iso(decision.reviewed?.at),
    decision.reviewed?.by ?? null,
    at.toISOString(),
  ]);
}
