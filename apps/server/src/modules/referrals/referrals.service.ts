import {
  countedReferrals,
  formatNano,
  MAX_COUNTED_REFERRALS,
  REFERRAL_BONUS_NANO,
  REFERRAL_REMIND_INTERVAL_MS,
  type ReferralReminder,
  type Referrals,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { referralTerms } from "../mining/index.ts";
import {
  countReferrals,
  findOwnReferral,
  findReferralFacts,
  findUserByCode,
  isInReferrerChain,
  listReferrals,
  lockReferralGraph,
  setReferrerIfNone,
  stampReminder,
} from "./referrals.repo.ts";

export interface ReferralDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  events: Pick<DomainEvents, "rateChanged" | "notify">;
}

/** When a referral reminded at `remindedAt` may be reminded again; null when it already may. */
function nextReminder(remindedAt: string | Date | null, now: Date): string | null {
  if (remindedAt === null) return null;
  const next = new Date(remindedAt).getTime() + REFERRAL_REMIND_INTERVAL_MS;
  return next > now.getTime() ? new Date(next).toISOString() : null;
}

export async function getReferrals(deps: ReferralDeps, userId: string): Promise<Referrals> {
  const facts = await findReferralFacts(deps.db, userId);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  const now = deps.clock.now();
  const rows = await listReferrals(deps.db, userId, now, 200);
  const total = await countReferrals(deps.db, userId);
  const activeCount = rows.filter((r) => r.active).length;
  // The security circle's cap (decision 0043), or none counting while an admin withholds the
  // bonus (decision 0045): the mining rate's own terms.
  const { cap, withheld } = await referralTerms(deps.db, userId, now);
  const counted = countedReferrals(activeCount, cap);
  const link = new URL("/register", deps.publicUrl);
  link.searchParams.set("ref", facts.code);
  return {
    code: facts.code,
    link: link.toString(),
    referrals: rows.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      joinedAt: r.joinedAt.toISOString(),
      active: Boolean(r.active),
      remindableAt: nextReminder(r.remindedAt, now),
    })),
    total,
    activeCount,
    countedCount: counted,
    bonusPerHour: formatNano(REFERRAL_BONUS_NANO * BigInt(counted)),
    hasReferrer: facts.referredBy !== null,
    ...(cap < MAX_COUNTED_REFERRALS && !withheld ? { circleCap: cap } : {}),
  };
}

/** Sets a referrer after sign-up, with the checks of spec §5 and no loops. */
export async function setReferrer(deps: ReferralDeps, userId: string, rawCode: string) {
  const code = rawCode.trim().toUpperCase();
  if (code.length === 0) throw new AppError("REFERRAL_CODE_REQUIRED", 400);
  await deps.db
    .transaction(async (tx) => {
      await lockReferralGraph(tx);
      const me = await findReferralFacts(tx, userId);
      if (!me) throw new AppError("UNAUTHORIZED", 401);
      if (me.code === code) throw new AppError("REFERRAL_CODE_OWN", 400);
      if (me.referredBy) throw new AppError("REFERRER_ALREADY_SET", 409);
      const referrerId = await findUserByCode(tx, code);
      if (!referrerId) throw new AppError("REFERRAL_CODE_INVALID", 404);
      if (await isInReferrerChain(tx, referrerId, userId)) throw new AppError("REFERRAL_LOOP", 400);
      if (!(await setReferrerIfNone(tx, userId, referrerId))) {
        throw new AppError("REFERRER_ALREADY_SET", 409);
      }
      return referrerId;
    })
    .then((referrerId) => deps.events.rateChanged(referrerId));
  return getReferrals(deps, userId);
}

/**
 * Nudges one of my referrals who is not mining right now: an in-app notification (pushed to
 * their devices when they subscribed), at most once per REFERRAL_REMIND_INTERVAL_MS.
 */
export async function remindReferral(
  deps: ReferralDeps,
  referrerId: string,
  referralId: string,
): Promise<ReferralReminder> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - REFERRAL_REMIND_INTERVAL_MS);
  const reminder = await deps.db.transaction(async (tx) => {
    const referral = await findOwnReferral(tx, referrerId, referralId, now);
    // Someone else's referral (or no user at all) looks the same: not found.
    if (!referral) throw new AppError("NOT_FOUND", 404);
    if (referral.active) throw new AppError("REFERRAL_ALREADY_MINING", 409);
    const stamp = await stampReminder(tx, referral.id, now, since);
    if (!stamp.written) {
      const waitMs = stamp.remindedAt.getTime() + REFERRAL_REMIND_INTERVAL_MS - now.getTime();
      // Rounded up: the wait announced is never shorter than the real one.
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new AppError(
        "REFERRAL_REMIND_TOO_SOON",
        429,
        { unit: minutes >= 60 ? "hour" : "minute", hours: Math.ceil(minutes / 60), minutes },
        { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) },
      );
    }
    // With the stamp: one reminder, one notice, delivered after the commit (decision 0032).
    await deps.events.notify(
      referralId,
      "referral_reminder",
      { nickname: referral.referrerNickname },
      { tx },
    );
    return { nickname: referral.nickname, remindedAt: stamp.remindedAt };
  });
  return {
    nickname: reminder.nickname,
    remindedAt: reminder.remindedAt.toISOString(),
    remindableAt: new Date(
      reminder.remindedAt.getTime() + REFERRAL_REMIND_INTERVAL_MS,
    ).toISOString(),
  };
}
