import {
  type AdminRiskAction,
  type AdminRiskRun,
  type AdminUserRisk,
  type AuditAction,
  DEFAULT_RISK_SETTINGS,
  RISK_REASON_CODES,
  type RiskLevel,
  type RiskReason,
  type RiskReasonCode,
  type RiskSettings,
  riskSettingsSchema,
} from "@fre/shared";
import type { Database, Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, auditedSetting, recordAudit } from "../audit/index.ts";
import { lockUser } from "../ledger/ledger.ts";
import { reRateAfterRiskChange } from "../mining/index.ts";
import {
  decide,
  ensureRiskRow,
  findRiskRow,
  RISK_SETTINGS_KEY,
  type RiskDecision,
  type RiskRow,
  readLastRun,
  resetUnflagged,
  type ScoredAccount,
  upsertScores,
  userExists,
  writeLastRun,
} from "./risk.repo.ts";
import { countAccounts, findCluster, findSignals } from "./risk-score.repo.ts";

/** Bot-farm signals, the nightly risk score and the admin's review (issue 25, decision 0045). */
export interface RiskDeps {
  db: Db;
  clock: Clock;
  runs: RiskRunLock;
  /**
   * What was held from the user and is no longer (their task rewards), paid in the admin
   * action's transaction once the decision is made; how many were paid.
   */
  releaseHeld?: (tx: Tx, userId: string, at: Date) => Promise<number>;
}

/** One scoring run at a time: in this process (a flag), and across processes (advisory lock). */
export interface RiskRunLock {
  /** Runs `run`, or resolves undefined at once when a run is already under way. */
  tryRun<T>(run: () => Promise<T>): Promise<T | undefined>;
}

export function riskRunLock(database: Pick<Database, "exclusively">): RiskRunLock {
  let running = false;
  return {
    async tryRun(run) {
      // The advisory lock is a session's, and every call of this process shares that session:
      // the flag is what keeps two calls of one process apart (and the embedded database has none).
      if (running) return undefined;
      running = true;
      try {
        return await database.exclusively("risk-run", run);
      } finally {
        running = false;
      }
    },
  };
}

type Executor = Db | Tx;

/** The weights and thresholds: the stored value, or the defaults. */
const riskSettings = auditedSetting({
  key: RISK_SETTINGS_KEY,
  schema: riskSettingsSchema,
  defaults: () => ({ ...DEFAULT_RISK_SETTINGS, weights: { ...DEFAULT_RISK_SETTINGS.weights } }),
  action: "risk.settings",
});
const loadSettings = (db: Executor) => riskSettings.load(db);

export const getRiskSettings = (deps: Pick<RiskDeps, "db">) => loadSettings(deps.db);

/** Saves the weights and thresholds; the change and its audit line commit together. */
export const setRiskSettings = (deps: RiskDeps, actor: AuditActor, settings: RiskSettings) =>
  riskSettings.save(deps.db, actor, settings, deps.clock.now());

/** The score is the sum of the reasons' weights (at most 100); the level follows the thresholds. */
export function scoreOf(
  reasons: readonly RiskReason[],
  settings: Pick<RiskSettings, "mediumAt" | "highAt">,
): { score: number; level: RiskLevel } {
  const score = Math.min(
    100,
    reasons.reduce((sum, reason) => sum + reason.weight, 0),
  );
  const level = score >= settings.highAt ? "high" : score >= settings.mediumAt ? "medium" : "low";
  return { score, level };
}

/** Rows written per statement. */
const BATCH_SIZE = 1000;

/**
 * One scoring run at `now`: every signal's statement, the reasons gathered per account (in the
 * codes' order), then one transaction that writes the scores in batches, resets the accounts that
 * no longer have a reason, and records the run (and, for an admin's run, its audit line).
 */
async function scoreAccounts(
  deps: Pick<RiskDeps, "db">,
  now: Date,
  audit?: (tx: Tx, summary: AdminRiskRun) => Promise<void>,
): Promise<AdminRiskRun> {
  const settings = await loadSettings(deps.db);
  const hits = await findSignals(deps.db, settings, now);
  const reasonsOf = new Map<string, RiskReason[]>();
  for (const code of RISK_REASON_CODES) {
    for (const hit of hits[code]) {
      const reason = { code, weight: settings.weights[code], count: Number(hit.n) };
      const reasons = reasonsOf.get(hit.user_id);
      if (reasons) reasons.push(reason);
      else reasonsOf.set(hit.user_id, [reason]);
    }
  }
  // In one order, so two writers of the same rows never lock them crosswise.
  const accounts: ScoredAccount[] = [...reasonsOf]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([userId, reasons]) => ({ userId, reasons, ...scoreOf(reasons, settings) }));
  const summary: AdminRiskRun = {
    scored: await countAccounts(deps.db),
    high: accounts.filter((a) => a.level === "high").length,
    medium: accounts.filter((a) => a.level === "medium").length,
  };
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < accounts.length; i += BATCH_SIZE) {
      await upsertScores(tx, accounts.slice(i, i + BATCH_SIZE), now);
    }
    await resetUnflagged(
      tx,
      accounts.map((a) => a.userId),
      now,
    );
    await writeLastRun(tx, now);
    await audit?.(tx, summary);
  });
  return summary;
}

/** The nightly run: due once `now` is past today's 03:00 UTC and no run completed since. */
export const NIGHTLY_HOUR_UTC = 3;

export function nightlyDue(now: Date, lastRun: Date | null) {
  const due = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), NIGHTLY_HOUR_UTC),
  );
  return now >= due && (lastRun === null || lastRun < due);
}

/** The job's tick (every 15 min): scores when due; true when it ran. */
export async function runNightlyScoring(deps: RiskDeps): Promise<boolean> {
  const now = deps.clock.now();
  if (!nightlyDue(now, await readLastRun(deps.db))) return false;
  // An admin's run under way does this night's work: nothing to add.
  return (await deps.runs.tryRun(() => scoreAccounts(deps, now))) !== undefined;
}

/** `POST /api/admin/risk/run`: scores now (audited); 409 while a run is under way. */
export async function runScoringNow(deps: RiskDeps, actor: AuditActor): Promise<AdminRiskRun> {
  const now = deps.clock.now();
  const summary = await deps.runs.tryRun(() =>
    scoreAccounts(deps, now, (tx, done) =>
      recordAudit(tx, {
        actorId: actor.userId,
        action: "risk.run",
        targetType: "risk",
        targetId: "all",
        after: done,
        ip: actor.ip,
        at: now,
      }),
    ),
  );
  if (!summary) throw new AppError("RISK_RUN_BUSY");
  return summary;
}

/** At most this many accounts in a cluster. */
const CLUSTER_SIZE = 50;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
const codeOrder = (code: string) => RISK_REASON_CODES.indexOf(code as RiskReasonCode);

async function riskViewOf(db: Db, userId: string): Promise<AdminUserRisk> {
  const settings = await loadSettings(db);
  const [row, cluster] = await Promise.all([
    findRiskRow(db, userId),
    findCluster(db, userId, settings.networkWindowHours, CLUSTER_SIZE),
  ]);
  return {
    score: row?.score ?? 0,
    level: row?.level ?? "low",
    reasons: row?.reasons ?? [],
    computedAt: iso(row?.computed_at ?? null),
    reviewedAt: iso(row?.reviewed_at ?? null),
    referralBonusWithheld: Boolean(row?.referral_bonus_withheld_at),
    kycRecheckRequired: Boolean(row?.kyc_recheck_required_at),
    cluster: cluster.map((member) => ({
      id: member.id,
      nickname: member.nickname,
      level: member.level,
      suspended: member.suspended,
      shared: member.codes
        .filter((code) => codeOrder(code) >= 0)
        .sort((a, b) => codeOrder(a) - codeOrder(b)) as RiskReasonCode[],
    })),
  };
}

/** `GET /api/admin/users/:id/risk`: an account never scored answers score 0, low, no reason. */
export async function userRiskView(deps: Pick<RiskDeps, "db">, userId: string) {
  if (!(await userExists(deps.db, userId))) throw new AppError("NOT_FOUND", 404);
  return riskViewOf(deps.db, userId);
}

interface ActionStep {
  audit: AuditAction;
  /** The mining rate depends on it: the running session is brought up to date around it. */
  rerates: boolean;
  /** What to change given the row as it is; null when there is nothing to change. */
  apply(
    row: RiskRow,
    now: Date,
    actor: AuditActor,
  ): { decision: RiskDecision; before: object; after: object } | null;
}

/** Every admin action on a risk: one registry, so a new action cannot miss its audit name. */
const ACTIONS: Record<AdminRiskAction, ActionStep> = {
  "withhold-referral-bonus": {
    audit: "risk.withhold_referral_bonus",
    rerates: true,
    apply: (row, now) =>
      row.referral_bonus_withheld_at
        ? null
        : {
            decision: { referralBonusWithheldAt: now },
            before: { referralBonusWithheld: false },
            after: { referralBonusWithheld: true },
          },
  },
  "release-referral-bonus": {
    audit: "risk.release_referral_bonus",
    rerates: true,
    apply: (row) =>
      row.referral_bonus_withheld_at
        ? {
            decision: { referralBonusWithheldAt: null },
            before: { referralBonusWithheldAt: iso(row.referral_bonus_withheld_at) },
            after: { referralBonusWithheld: false },
          }
        : null,
  },
  // Asked again, it moves to now: the next withdrawal needs a KYC approved after this instant.
  "require-kyc": {
    audit: "risk.require_kyc",
    rerates: false,
    apply: (row, now) => ({
      decision: { kycRecheckRequiredAt: now },
      before: { kycRecheckRequiredAt: iso(row.kyc_recheck_required_at) },
      after: { kycRecheckRequiredAt: now.toISOString() },
    }),
  },
  "waive-kyc": {
    audit: "risk.waive_kyc",
    rerates: false,
    apply: (row) =>
      row.kyc_recheck_required_at
        ? {
            decision: { kycRecheckRequiredAt: null },
            before: { kycRecheckRequiredAt: iso(row.kyc_recheck_required_at) },
            after: { kycRecheckRequiredAt: null },
          }
        : null,
  },
  "mark-reviewed": {
    audit: "risk.mark_reviewed",
    rerates: false,
    apply: (row, now, actor) => ({
      decision: { reviewed: { at: now, by: actor.userId } },
      before: { reviewedAt: iso(row.reviewed_at) },
      after: { reviewedAt: now.toISOString(), score: row.score, level: row.level },
    }),
  },
};

/**
 * An admin's action on an account's risk: one transaction with its audit line; an action that
 * changes nothing (already withheld, nothing to waive) writes nothing. Never on oneself.
 */
export async function actOnRisk(
  deps: Pick<RiskDeps, "db" | "clock" | "releaseHeld">,
  actor: AuditActor,
  userId: string,
  action: AdminRiskAction,
): Promise<AdminUserRisk> {
  if (actor.userId === userId) throw new AppError("SELF_ACTION_FORBIDDEN", 403);
  if (!(await userExists(deps.db, userId))) throw new AppError("NOT_FOUND", 404);
  const step = ACTIONS[action];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // The row first, then the user's: a scoring run inserting this row waits on neither lock
    // the other way round (its insert checks the user's key).
    await ensureRiskRow(tx, userId, now);
    if (!(await lockUser(tx, userId))) throw new AppError("NOT_FOUND", 404);
    const row = await findRiskRow(tx, userId);
    const change = row && step.apply(row, now, actor);
    if (!change) return;
    // The time already mined keeps its rate; the change applies from now on (a release erases
    // the instant the rate would re-rate at, hence the call before the update too).
    if (step.rerates) await reRateAfterRiskChange(tx, userId, now);
    await decide(tx, userId, change.decision, now);
    // A boost released with the task rewards changes the rate from now on, too.
    const released = (await deps.releaseHeld?.(tx, userId, now)) ?? 0;
    if (step.rerates || released > 0) await reRateAfterRiskChange(tx, userId, now);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: step.audit,
      targetType: "user",
      targetId: userId,
      before: change.before as Record<string, unknown>,
      after: {
        ...(change.after as Record<string, unknown>),
        ...(released > 0 ? { taskRewardsReleased: released } : {}),
      },
      ip: actor.ip,
      at: now,
    });
  });
  return riskViewOf(deps.db, userId);
}
