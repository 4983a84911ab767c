import {
  BASE_RATE_NANO,
  type CircleRule,
  circleReferralCap,
  circleSettingsSchema,
  countedReferrals,
  DEFAULT_CIRCLE_SETTINGS,
  earningsFor,
  formatNano,
  type MiningState,
  miningRate,
  RATE_REFRESH_MS,
  SESSION_DURATION_MS,
  SESSION_END_NOTICE_MS,
  sessionEarnings,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { TransactionGroups } from "../../db/transaction-group.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { credit, lockUser } from "../ledger/ledger.ts";
import {
  findActiveSession,
  insertSession,
  type MiningState as MiningFacts,
  type RateStep,
  readMiningState,
  readRateFacts,
  readRateStep,
  readStartFacts,
  type SessionRow,
  saveSessionAccrual,
  settleSession,
  updateSession,
} from "./mining.repo.ts";

export interface MiningDeps {
  db: Db;
  clock: Clock;
  /** Notices recorded with the change (decision 0032); `silentEvents` runs the engine alone. */
  events: Pick<DomainEvents, "notify">;
  /** Told by the routes each settled session's length in hours (the metrics, decision 0038). */
  onSessionSettled?: (hours: number, outcome: "claimed" | "stopped") => void;
  /**
   * Starts and claims of one event-loop turn share one transaction (decision 0047); without it,
   * each runs in its own.
   */
  groups?: TransactionGroups;
}

/** A start's or a claim's transaction: in this turn's group, or on its own. */
const userTransaction = <T>(deps: MiningDeps, userId: string, work: (tx: Tx) => Promise<T>) =>
  deps.groups ? deps.groups.run(userId, work) : deps.db.transaction(work);

type Executor = Db | Tx;

/** The security circle's facts as the rate's statement reads them (decision 0043). */
interface CircleFacts {
  circleMembers: number;
  circleActive: number;
  /** The admin's rules as stored (JSON text), or null. */
  circleSettings: string | null;
}

let lastRule: { text: string | null; rule: CircleRule } = {
  text: null,
  rule: DEFAULT_CIRCLE_SETTINGS,
};

/** The stored rules, or the defaults (nothing stored, or a value that no longer parses). */
export function circleRuleOf(text: string | null): CircleRule {
  if (text === lastRule.text) return lastRule.rule;
  let rule: CircleRule = DEFAULT_CIRCLE_SETTINGS;
  try {
    const parsed = circleSettingsSchema.safeParse(text === null ? null : JSON.parse(text));
    if (parsed.success) rule = parsed.data;
  } catch {
    // A value that is not JSON: the defaults.
  }
  lastRule = { text, rule };
  return rule;
}

/**
 * How many referrals may count at the facts' instant: 20 with a complete, active circle; none
 * while an admin withholds the account's referral bonus (decision 0045).
 */
export const referralCapOf = (facts: CircleFacts & { referralsWithheld: boolean }) =>
  facts.referralsWithheld
    ? 0
    : circleReferralCap(
        circleRuleOf(facts.circleSettings),
        facts.circleMembers,
        facts.circleActive,
      );

/**
 * How the rate counts the user's referrals at `at`, for the referrals screen: the cap the rate
 * applies (`referralCapOf`: the circle's, or 0 while withheld) and whether it is withheld — read
 * from the rate's own facts, so the screen and the rate cannot differ.
 */
export async function referralTerms(db: Executor, userId: string, at: Date) {
  const facts = await readRateFacts(db, userId, at);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  return { cap: referralCapOf(facts), withheld: facts.referralsWithheld };
}

/** The rate (spec §9) that the facts read by the repository give. */
const rateOf = (
  facts: {
    level: number;
    activeReferrals: number;
    boostsNano: string;
    packsNano: string;
    referralsWithheld: boolean;
  } & CircleFacts,
) =>
  miningRate({
    levels: facts.level,
    activeReferrals: facts.activeReferrals,
    boostsNano: BigInt(facts.boostsNano),
    packsNano: BigInt(facts.packsNano),
    referralCap: referralCapOf(facts),
  });

async function rateAt(db: Executor, userId: string, at: Date) {
  const facts = await readRateFacts(db, userId, at);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  return { facts, rate: rateOf(facts) };
}

/** The user's mining rate now, in nFRE per hour. */
export async function currentRateNano(db: Db, userId: string, now: Date): Promise<bigint> {
  return (await rateAt(db, userId, now)).rate.total;
}

/**
 * The user's rate at `at` without their boosts, in nFRE per hour: what a percentage boost (the
 * daily streak's day 7) is taken of, so boosts never compound on boosts.
 */
export async function rateWithoutBoostsNano(db: Executor, userId: string, at: Date) {
  const { rate } = await rateAt(db, userId, at);
  return rate.total - rate.boosts;
}

const accrualOf = (s: SessionRow) => ({
  accruedNano: s.accruedNano,
  segmentStartMs: s.segmentStart.getTime(),
  rateNano: s.rateNano,
  endMs: s.endTime.getTime(),
});

/** Closes the current segment at `at` (earnings so far become accrued) and opens one at `rate`. */
function rolled(s: SessionRow, at: Date, rateNano: bigint): SessionRow {
  const until = new Date(Math.min(at.getTime(), s.endTime.getTime()));
  if (until <= s.segmentStart) return { ...s, rateNano };
  return {
    ...s,
    accruedNano: sessionEarnings(accrualOf(s), until.getTime()),
    segmentStart: until,
    rateNano,
  };
}

/**
 * Brings a locked active session up to `now`: a segment per instant the rate changed by itself
 * (boost expiries, referees' session ends: exact instants), then the rate as of now. The past is
 * never rewritten: earned amounts only move into `accrued`. Each step is one statement (the next
 * change and the facts at now); `first`, when the caller already read it, is the first step.
 * Answers the session and the user's rate facts at now.
 */
async function bringUpToDate(tx: Tx, session: SessionRow, now: Date, first?: RateStep | null) {
  let s = session;
  const horizon = new Date(Math.min(now.getTime(), s.endTime.getTime()));
  let step = first ?? (await readRateStep(tx, s.userId, now, s.segmentStart));
  // Each step moves segmentStart strictly forward; the guard only bounds a pathological history.
  for (let guard = 0; guard < 1000; guard++) {
    if (!step) throw new AppError("UNAUTHORIZED", 401);
    const change = step.nextChange;
    if (!change || change > horizon) break;
    s = rolled(s, change, (await rateAt(tx, s.userId, change)).rate.total);
    step = await readRateStep(tx, s.userId, now, s.segmentStart);
  }
  if (!step) throw new AppError("UNAUTHORIZED", 401);
  if (now < s.endTime) {
    const rate = rateOf(step.facts);
    if (rate.total !== s.rateNano) s = rolled(s, now, rate.total);
  }
  return { session: { ...s, rateCheckedAt: now }, facts: step.facts };
}

/**
 * The user's row locked, then their active session locked, then the first step of bringing it
 * up to date: three statements sent together (one round trip), run one after the other by
 * PostgreSQL, each seeing what the previous one locked.
 */
async function lockUserAndSession(tx: Tx, userId: string, now: Date) {
  const [userLocked, session, step] = await Promise.all([
    lockUser(tx, userId),
    findActiveSession(tx, userId, true),
    readRateStep(tx, userId, now, "active"),
  ]);
  if (!userLocked) throw new AppError("UNAUTHORIZED", 401);
  const first = session && step?.after?.getTime() === session.segmentStart.getTime() ? step : null;
  return { session, first };
}

const saveAccrual = saveSessionAccrual;

/** Re-reads the rate of a user's running session (an event changed it, or it is stale). */
export async function refreshSessionRate(deps: { db: Db; clock: Clock }, userId: string) {
  const now = deps.clock.now();
  await deps.db.transaction((tx) => bringSessionUpToDate(tx, userId, now));
}

/**
 * Inside the caller's transaction (the user's row locked first): brings the user's running
 * session up to `now` with the facts as they are, so a change the caller makes next (a circle
 * member named or removed) applies from `now` on, never to the time already mined.
 */
export async function bringSessionUpToDate(tx: Tx, userId: string, now: Date) {
  const session = await findActiveSession(tx, userId, true);
  if (!session || now >= session.endTime) return;
  await saveAccrual(tx, (await bringUpToDate(tx, session, now)).session);
}

/**
 * After an admin withholds or releases the account's referral bonus (decision 0045), inside the
 * admin's transaction with the user's row locked (`lockUser`): the running session, if any, is
 * re-rated at `at`, the instant written in `user_risk`. A withhold is exact when this runs after
 * the update (its instant is one of the rate's change instants). A release erases that instant,
 * so call this also *before* clearing the column: the time mined until `at` then keeps the
 * withheld rate, and the call after the update raises the rate from `at` on.
 */
export async function reRateAfterRiskChange(tx: Tx, userId: string, at: Date) {
  await bringSessionUpToDate(tx, userId, at);
}

function sessionView(s: SessionRow, now: Date) {
  const claimed = s.status !== "active";
  const nowMs = claimed ? (s.claimedAt ?? s.endedAt ?? now).getTime() : now.getTime();
  const earnings = claimed ? (s.creditedNano ?? 0n) : sessionEarnings(accrualOf(s), nowMs);
  const ended = claimed || now >= s.endTime;
  return {
    id: s.id,
    startTime: s.startTime.toISOString(),
    endTime: s.endTime.toISOString(),
    active: s.status === "active" && !ended,
    ended,
    claimed,
    earnings: formatNano(earnings),
    remainingMs: claimed ? 0 : Math.max(0, s.endTime.getTime() - now.getTime()),
    accrual: {
      accrued: formatNano(s.accruedNano),
      segmentStart: s.segmentStart.toISOString(),
      rate: formatNano(s.rateNano),
    },
  };
}

export async function getMining(deps: MiningDeps, userId: string): Promise<MiningState> {
  const now = deps.clock.now();
  let state = await readMiningState(deps.db, userId, now);
  if (!state) throw new AppError("UNAUTHORIZED", 401);
  const stale = state.session;
  if (
    stale?.status === "active" &&
    now < stale.endTime &&
    now.getTime() - stale.rateCheckedAt.getTime() >= RATE_REFRESH_MS
  ) {
    await refreshSessionRate(deps, userId);
    state = (await readMiningState(deps.db, userId, now)) ?? state;
  }
  return miningView(state, now);
}

/** The dashboard's answer from the rate's facts and the newest session, at `now`. */
function miningView(state: MiningFacts, now: Date): MiningState {
  const rate = rateOf(state);
  return {
    session: state.session ? sessionView(state.session, now) : null,
    rate: {
      total: formatNano(rate.total),
      base: formatNano(rate.base),
      levels: formatNano(rate.levels),
      referrals: formatNano(rate.referrals),
      packs: formatNano(rate.packs),
      boosts: formatNano(rate.boosts),
      activeReferrals: state.activeReferrals,
      countedReferrals: countedReferrals(state.activeReferrals, referralCapOf(state)),
    },
    serverTime: now.toISOString(),
  };
}

/** Referral events change the referrer's rate at once. Best effort: reads refresh it anyway. */
async function rerateReferrer(deps: MiningDeps, referrerId: string | null) {
  if (referrerId) await refreshSessionRate(deps, referrerId);
}

/**
 * A member's start may complete the circles that named them (decision 0043): those owners who
 * mine now are re-rated, at most 100 (the start's statement bounds the list). Best effort, one
 * after the other: a failure leaves that owner to the next read's refresh.
 */
async function rerateCircleOwners(deps: MiningDeps, owners: readonly string[]) {
  for (const owner of owners) {
    try {
      await refreshSessionRate(deps, owner);
    } catch {
      // The owner's next read or step brings the rate up to date (the start is one of its instants).
    }
  }
}

/**
 * Starts a session. The user's row is locked first, as a claim does: an account erased meanwhile
 * (decision 0028) is refused with 401 instead of starting a session nobody can claim. The lock
 * and the rate's facts are sent together (read after the lock), then the session and the
 * referrer's notice together.
 */
export async function startMining(deps: MiningDeps, userId: string) {
  const now = deps.clock.now();
  let started: MiningFacts & { circleOwners: string[] };
  try {
    started = await userTransaction(deps, userId, async (tx) => {
      const [userLocked, facts] = await Promise.all([
        lockUser(tx, userId),
        readStartFacts(tx, userId, now),
      ]);
      if (!userLocked || !facts) throw new AppError("UNAUTHORIZED", 401);
      if (!facts.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED", 403);
      const rate = rateOf(facts);
      const [session] = await Promise.all([
        insertSession(tx, {
          userId,
          startTime: now,
          endTime: new Date(now.getTime() + SESSION_DURATION_MS),
          baseRateNano: BASE_RATE_NANO,
          rateNano: rate.total,
          segmentStart: now,
          rateCheckedAt: now,
        }),
        // The referrer hears of it with the session, after the commit (decision 0032).
        facts.referrer
          ? deps.events.notify(
              facts.referrer,
              "referral_active",
              { nickname: facts.nickname },
              { tx },
            )
          : null,
      ]);
      return { ...facts, session };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("MINING_SESSION_ACTIVE", 409);
    throw error;
  }
  await rerateReferrer(deps, started.referrer);
  await rerateCircleOwners(deps, started.circleOwners);
  // The answer is made of what the transaction read and wrote (the facts after the lock, the new
  // session as inserted): no second read of the same rows.
  return miningView(started, deps.clock.now());
}

/**
 * Claim (or stop) credits the session's earnings exactly once, whatever the concurrency. The
 * user's row is locked before the session's, the order of a time-reduction code's redemption.
 * The session's close, the credit and the notice are independent writes: sent together.
 */
export async function settleMining(deps: MiningDeps, userId: string, mode: "claim" | "stop") {
  const now = deps.clock.now();
  const { credited, state } = await userTransaction(deps, userId, async (tx) => {
    const { session: locked, first } = await lockUserAndSession(tx, userId, now);
    if (!locked) throw new AppError("NO_MINING_SESSION", 409);
    const { session: s, facts } = await bringUpToDate(tx, locked, now, first);
    const earnings = sessionEarnings(accrualOf(s), now.getTime());
    const settled: SessionRow = {
      ...s,
      status: mode === "claim" ? "claimed" : "stopped",
      creditedNano: earnings,
      claimedAt: now,
      endedAt: new Date(Math.min(now.getTime(), s.endTime.getTime())),
    };
    await Promise.all([
      settleSession(tx, settled),
      credit(tx, {
        userId,
        kind: "mining",
        amountNano: earnings,
        reference: s.id,
        at: now,
        countsAsMined: true,
      }),
      mode === "claim"
        ? deps.events.notify(
            userId,
            "mining_session_claim",
            { amount: formatNano(earnings) },
            { tx },
          )
        : null,
    ]);
    return { credited: earnings, state: { ...facts, session: settled } };
  });
  await rerateReferrer(deps, state.referrer);
  // The answer from what the transaction read and wrote, as for a start.
  return { ...miningView(state, deps.clock.now()), credited: formatNano(credited) };
}

/**
 * Time reduction (bonus codes): the end moves `ms` earlier and the removed time is credited at
 * the current rate, so the session pays the same, sooner.
 */
export async function reduceSessionTime(tx: Tx, clock: Clock, userId: string, ms: number) {
  const now = clock.now();
  const locked = await findActiveSession(tx, userId, true);
  if (!locked || now >= locked.endTime) throw new AppError("NO_MINING_SESSION", 409);
  const { session: upToDate } = await bringUpToDate(tx, locked, now);
  const current = rolled(upToDate, now, upToDate.rateNano);
  const cut = Math.min(ms, current.endTime.getTime() - now.getTime());
  const reduced: SessionRow = {
    ...current,
    accruedNano: current.accruedNano + earningsFor(current.rateNano, cut),
    endTime: new Date(current.endTime.getTime() - cut),
    timeReductionMs: current.timeReductionMs + cut,
  };
  await saveAccrual(tx, reduced);
  // A cut that brings the end within the notice window ends the session now: the sweep would
  // send its notice only at its next pass (or never, if the user claims first), so the notice is
  // claimed here, in the same transaction, and sent by the caller after commit.
  const endsNow = reduced.endTime.getTime() - now.getTime() <= SESSION_END_NOTICE_MS;
  const sendEndNotice = endsNow && !current.notificationSent;
  if (sendEndNotice) await updateSession(tx, current.id, { notificationSent: true });
  return { reducedMs: cut, sendEndNotice };
}
