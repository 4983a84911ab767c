import { earningsFor, LEVEL_REWARD_NANO, miningRate, SESSION_DURATION_MS } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import {
  appSettings,
  bonusCodes,
  informationMessages,
  levelValidations,
  miningSessions,
  users,
} from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { credit } from "../ledger/ledger.ts";

const SEEDED_KEY = "demo_content_seeded";
const DAY_MS = 86_400_000;

/**
 * The demo miners: their history is real data of the engine — claimed 24 h sessions at the rate
 * their level gives, each credited through the ledger — so the leaderboard, the statistics and
 * `ledger:verify` all agree. They have no password: nobody can sign in as them.
 */
const MINERS: { nickname: string; level: number; sessions: number; mining: boolean }[] = [
  { nickname: "Camille_M", level: 6, sessions: 41, mining: true },
  { nickname: "LucasMine", level: 4, sessions: 37, mining: true },
  { nickname: "Ines.fr", level: 5, sessions: 29, mining: false },
  { nickname: "Hugo_TON", level: 3, sessions: 33, mining: true },
  { nickname: "Lea_Crypto", level: 2, sessions: 26, mining: true },
  { nickname: "Nathan77", level: 2, sessions: 21, mining: false },
  { nickname: "ChloeB", level: 1, sessions: 18, mining: true },
  { nickname: "Theo_Minage", level: 1, sessions: 14, mining: false },
  { nickname: "Manon.L", level: 0, sessions: 11, mining: true },
  { nickname: "Jules_42", level: 0, sessions: 7, mining: false },
  { nickname: "Sarah_D", level: 0, sessions: 4, mining: true },
  { nickname: "Noah.P", level: 0, sessions: 2, mining: false },
];

/** The welcome bonus code of the demo: 1 FRE, for the first 1 000 who redeem it. */
export const DEMO_BONUS_CODE = "BIENVENUE";

/**
 * Fills a new embedded database with demo content, once (an `app_settings` marker makes a second
 * boot, or a second instance, do nothing): demo miners with their sessions and ledger, a welcome
 * information message and a welcome bonus code. Returns whether it seeded.
 */
export async function seedDemoContent(db: Db, clock: Clock): Promise<boolean> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appSettings)
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;

    for (const [index, miner] of MINERS.entries()) {
      const id = `demo-${index + 1}`;
      const joined = new Date(now.getTime() - (miner.sessions + 3) * DAY_MS);
      await tx.insert(users).values({
        id,
        name: miner.nickname,
        email: `${id}@demo.fre.invalid`,
        emailVerified: true,
        nickname: miner.nickname,
        referralCode: `DEMO${String(index + 1).padStart(2, "0")}`,
        level: miner.level,
        createdAt: joined,
        updatedAt: joined,
      });
      for (let level = 1; level <= miner.level; level++) {
        await tx.insert(levelValidations).values({
          userId: id,
          level,
          rewardNano: LEVEL_REWARD_NANO,
          validatedAt: new Date(joined.getTime() + level * DAY_MS),
        });
      }
      const rate = miningRate({ levels: miner.level, activeReferrals: 0, boostsNano: 0n }).total;
      const earned = earningsFor(rate, SESSION_DURATION_MS);
      // One session a day, the newest ending a day ago; a miner who is mining now has one more.
      for (let day = miner.sessions; day >= 1; day--) {
        const start = new Date(now.getTime() - (day + 1) * DAY_MS);
        const end = new Date(start.getTime() + SESSION_DURATION_MS);
        const [session] = await tx
          .insert(miningSessions)
          .values({
            userId: id,
            status: "claimed",
            startTime: start,
            endTime: end,
            baseRateNano: rate,
            rateNano: rate,
            segmentStart: start,
            rateCheckedAt: start,
            creditedNano: earned,
            claimedAt: end,
            endedAt: end,
            notificationSent: true,
          })
          .returning({ id: miningSessions.id });
        await credit(tx, {
          userId: id,
          kind: "mining",
          amountNano: earned,
          reference: session!.id,
          at: end,
          countsAsMined: true,
        });
      }
      if (miner.mining) {
        const start = new Date(now.getTime() - (index + 1) * 3_600_000);
        await tx.insert(miningSessions).values({
          userId: id,
          startTime: start,
          endTime: new Date(start.getTime() + SESSION_DURATION_MS),
          baseRateNano: rate,
          rateNano: rate,
          segmentStart: start,
          rateCheckedAt: start,
        });
      }
    }

    await tx.insert(informationMessages).values({
      title: "Bienvenue sur FRE",
      content:
        "Lancez une session de minage de 24 h depuis l'écran Minage, revenez réclamer vos FRE, puis invitez vos amis : chaque filleul actif augmente votre vitesse. Le code bonus BIENVENUE vous offre 1 FRE.",
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(bonusCodes)
      .values({
        code: DEMO_BONUS_CODE,
        type: "fre",
        rewardValue: 1_000_000_000n,
        maxUses: 1000,
      })
      .onConflictDoNothing();
    return true;
  });
}
