import {
  type Circle,
  type CircleSettings,
  circleReferralCap,
  circleSettingsSchema,
  DEFAULT_CIRCLE_SETTINGS,
  MAX_COUNTED_REFERRALS,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isDeadlock } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, auditedSetting } from "../audit/index.ts";
import { lockUser } from "../ledger/ledger.ts";
import { CIRCLE_SETTINGS_KEY } from "../mining/circle-sql.ts";
import { bringSessionUpToDate } from "../mining/mining.service.ts";
import {
  deleteEveryMembership,
  deleteMember,
  findUserByRef,
  insertMember,
  isEmailVerified,
  listMembers,
  lockMemberToName,
  lockOwnersOf,
  membership,
} from "./circle.repo.ts";

/** The security circle (issue 25, decision 0043). */
export interface CircleDeps {
  db: Db;
  clock: Clock;
}

type Executor = Db | Tx;

/** The circle's rules (decision 0043): the stored value, or the defaults. */
const circleSettings = auditedSetting({
  key: CIRCLE_SETTINGS_KEY,
  schema: circleSettingsSchema,
  defaults: () => ({ ...DEFAULT_CIRCLE_SETTINGS }),
  action: "circle.settings",
});
const loadSettings = (db: Executor) => circleSettings.load(db);

/** My circle at `now`: the members, who counts, and the referral cap it gives. */
async function circleOf(db: Executor, userId: string, now: Date): Promise<Circle> {
  const [rows, settings] = await Promise.all([listMembers(db, userId, now), loadSettings(db)]);
  const activeCount = rows.filter((row) => row.active).length;
  const referralCap = circleReferralCap(settings, rows.length, activeCount);
  return {
    members: rows.map((row) => ({
      userId: row.member_id,
      nickname: row.nickname,
      addedAt: new Date(row.added_at).toISOString(),
      active: row.active,
      suspended: row.suspended,
    })),
    activeCount,
    minMembers: settings.minMembers,
    minActive: settings.minActive,
    maxMembers: settings.maxMembers,
    capWithout: settings.capWithout,
    complete: referralCap === MAX_COUNTED_REFERRALS,
    referralCap,
    maxCountedReferrals: MAX_COUNTED_REFERRALS,
  };
}

export const getCircle = (deps: CircleDeps, userId: string) =>
  circleOf(deps.db, userId, deps.clock.now());

/**
 * A membership change: the owner's row locked first, their running session brought up to `now`
 * with the circle as it was (the time already mined keeps its rate), the change, then the
 * session re-rated with the circle as it is: one transaction.
 */
async function changeCircle(
  deps: CircleDeps,
  userId: string,
  change: (tx: Tx, now: Date) => Promise<void>,
) {
  const now = deps.clock.now();
  const run = () =>
    deps.db.transaction(async (tx) => {
      if (!(await lockUser(tx, userId))) throw new AppError("UNAUTHORIZED", 401);
      await change(tx, now);
      return circleOf(tx, userId, now);
    });
  // Two users naming each other at once each hold their own row and wait on the other's (the
  // member's key-share lock): PostgreSQL aborts one, which runs again once the other committed.
  return run().catch((error) => {
    if (isDeadlock(error)) return run();
    throw error;
  });
}

/** Names a member by nickname or referral code. */
export async function addMember(deps: CircleDeps, userId: string, userRef: string) {
  return changeCircle(deps, userId, async (tx, now) => {
    if (!(await isEmailVerified(tx, userId))) {
      throw new AppError("CIRCLE_EMAIL_NOT_VERIFIED", 403);
    }
    const memberId = await findUserByRef(tx, userRef);
    // One answer for "no such account" whatever the reason (erased, never existed).
    if (!memberId) throw new AppError("CIRCLE_USER_NOT_FOUND", 404);
    if (memberId === userId) throw new AppError("CIRCLE_SELF", 400);
    const [settings, current] = await Promise.all([
      loadSettings(tx),
      membership(tx, userId, memberId),
    ]);
    if (current.present) throw new AppError("CIRCLE_MEMBER_EXISTS", 409);
    if (current.members >= settings.maxMembers) {
      throw new AppError("CIRCLE_FULL", 409, { max: settings.maxMembers });
    }
    // After every refusal, so only a new member is waited on: an existing member's erasure locks
    // that member's row, then this owner's, and waiting here for it would deadlock with it.
    if (!(await lockMemberToName(tx, memberId))) throw new AppError("CIRCLE_USER_NOT_FOUND", 404);
    await bringSessionUpToDate(tx, userId, now);
    if (!(await insertMember(tx, userId, memberId, now))) {
      throw new AppError("CIRCLE_MEMBER_EXISTS", 409);
    }
    await bringSessionUpToDate(tx, userId, now);
  });
}

/** Removes one of my members (someone else's circle is never reachable: a 404). */
export async function removeMember(deps: CircleDeps, userId: string, memberId: string) {
  return changeCircle(deps, userId, async (tx, now) => {
    await bringSessionUpToDate(tx, userId, now);
    if (!(await deleteMember(tx, userId, memberId))) {
      throw new AppError("CIRCLE_MEMBER_NOT_FOUND", 404);
    }
    await bringSessionUpToDate(tx, userId, now);
  });
}

/**
 * A change to whether `memberId` counts in the circles that name them (their erasure, their
 * suspension or its lifting), in the change's transaction with the member's row locked first: the
 * owners who named them are locked next (id order, so two such changes sharing owners queue
 * instead of deadlocking) and each running session is treated as an owner's own removal treats it
 * — brought up to `now` with the circle as it was, then re-rated with the circle as it is, so an
 * owner whose rule no longer holds earns the lower rate from that instant and the time already
 * mined keeps its own.
 */
export async function reRateOwnersAround(
  tx: Tx,
  memberId: string,
  now: Date,
  change: () => Promise<unknown>,
) {
  const owners = await lockOwnersOf(tx, memberId);
  for (const owner of owners) await bringSessionUpToDate(tx, owner, now);
  await change();
  for (const owner of owners) await bringSessionUpToDate(tx, owner, now);
}

/** An account's erasure (decision 0028): the account leaves every circle, both directions. */
export const leaveEveryCircle = (tx: Tx, userId: string, now: Date) =>
  reRateOwnersAround(tx, userId, now, () => deleteEveryMembership(tx, userId));

export const getCircleSettings = (deps: CircleDeps) => loadSettings(deps.db);

/** Saves the rules; the change and its audit line commit together. */
export const setCircleSettings = (deps: CircleDeps, actor: AuditActor, settings: CircleSettings) =>
  circleSettings.save(deps.db, actor, settings, deps.clock.now());
