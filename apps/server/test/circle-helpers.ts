import { BASE_RATE_NANO, REFERRAL_BONUS_NANO } from "@fre/shared";
import { startMining, type TestApp, verifiedUser } from "./helpers.ts";

export const HOUR = 3_600_000;

/** The mining rate with `counted` referrals counted. */
export const rateCounting = (counted: bigint) => BASE_RATE_NANO + REFERRAL_BONUS_NANO * counted;

/**
 * An owner with 6 mining referees (named from `refereePrefix`): 5 count without a complete,
 * active circle, 6 with.
 */
export async function ownerWithReferees(test: TestApp, prefix: string, refereePrefix: string) {
  const owner = await verifiedUser(test, prefix);
  for (let i = 0; i < 6; i++) {
    await startMining(
      await verifiedUser(test, refereePrefix, { referralCode: owner.me.referralCode }),
    );
  }
  return owner;
}
