import { countedReferrals, formatNano, REFERRAL_BONUS_NANO, type Referrals } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import {
  countReferrals,
  findReferralFacts,
  findUserByCode,
  isInReferrerChain,
  listReferrals,
  lockReferralGraph,
  setReferrerIfNone,
} from "./referrals.repo.ts";

export interface ReferralDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  events: Pick<DomainEvents, "rateChanged">;
}

export async function getReferrals(deps: ReferralDeps, userId: string): Promise<Referrals> {
  const facts = await findReferralFacts(deps.db, userId);
  if (!facts) throw new AppError("UNAUTHORIZED", 401);
  const rows = await listReferrals(deps.db, userId, deps.clock.now(), 200);
  const total = await countReferrals(deps.db, userId);
  const activeCount = rows.filter((r) => r.active).length;
  const counted = countedReferrals(activeCount);
  const link = new URL("/register", deps.publicUrl);
  link.searchParams.set("ref", facts.code);
  return {
    code: facts.code,
    link: link.toString(),
    referrals: rows.map((r) => ({
      nickname: r.nickname,
      joinedAt: r.joinedAt.toISOString(),
      active: Boolean(r.active),
    })),
    total,
    activeCount,
    countedCount: counted,
    bonusPerHour: formatNano(REFERRAL_BONUS_NANO * BigInt(counted)),
    hasReferrer: facts.referredBy !== null,
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
