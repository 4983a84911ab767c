import { randomUUID } from "node:crypto";
import {
  earningsFor,
  LEVEL_REWARD_NANO,
  miningRate,
  SESSION_DURATION_MS,
  type TaskTitle,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import {
  appSettings,
  bonusCodes,
  informationMessages,
  levelValidations,
  miningSessions,
  squadMemberships,
  squads,
  tasks,
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

/** The demo's squads: named by a miner of level 2 or more, joined by miners at their sign-up. */
const SQUADS: { name: string; telegramUrl: string | null; members: number[] }[] = [
  { name: "Les_Mineurs", telegramUrl: null, members: [1, 2, 9, 11] },
  { name: "TON.Club", telegramUrl: "https://t.me/ton", members: [4, 5, 7] },
  { name: "Paris_Miners", telegramUrl: null, members: [3, 6] },
];

/** The demo's tasks in « Gagner »: one of each family a new user can do at once, or soon. */
const TASKS: {
  kind: "visit_link" | "daily_streak" | "wallet_linked";
  title: TaskTitle;
  params: Record<string, unknown>;
  reward: { nano: bigint } | { percent: number; hours: number };
}[] = [
  {
    kind: "visit_link",
    title: {
      fr: "Découvrir la blockchain TON",
      en: "Discover the TON blockchain",
      es: "Descubre la blockchain TON",
      ru: "Узнайте о блокчейне TON",
      zh: "了解 TON 区块链",
    },
    params: { url: "https://ton.org/", minSeconds: 10 },
    reward: { nano: 500_000_000n },
  },
  {
    kind: "daily_streak",
    title: {
      fr: "Trois jours de suite",
      en: "Three days in a row",
      es: "Tres días seguidos",
      ru: "Три дня подряд",
      zh: "连续三天",
    },
    params: { days: 3 },
    reward: { percent: 10, hours: 24 },
  },
  {
    kind: "wallet_linked",
    title: {
      fr: "Lier un wallet TON",
      en: "Link a TON wallet",
      es: "Vincula una wallet TON",
      ru: "Привяжите кошелёк TON",
      zh: "绑定 TON 钱包",
    },
    params: {},
    reward: { nano: 1_000_000_000n },
  },
];

/** The welcome bonus code of the demo: 1 FRE, for the first 1 000 who redeem it. */
export const DEMO_BONUS_CODE = "BIENVENUE";

/**
 * Fills a new embedded database with demo content, once (an `app_settings` marker makes a second
 * boot, or a second instance, do nothing): demo miners with their sessions and ledger, their
 * squads, three tasks in « Gagner », a welcome information message and a welcome bonus code.
 * Returns whether it seeded.
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

    // Members since they joined: the week's board counts their sessions of this week.
    for (const squad of SQUADS) {
      const id = randomUUID();
      const creator = squad.members[0]!;
      const since = (member: number) =>
        new Date(now.getTime() - (MINERS[member - 1]!.sessions + 3) * DAY_MS);
      await tx.insert(squads).values({
        id,
        name: squad.name,
        telegramUrl: squad.telegramUrl,
        creatorId: `demo-${creator}`,
        createdAt: since(creator),
      });
      for (const member of squad.members) {
        await tx.insert(squadMemberships).values({
          id: randomUUID(),
          squadId: id,
          userId: `demo-${member}`,
          joinedAt: since(member),
        });
      }
    }
    for (const task of TASKS) {
      await tx.insert(tasks).values({
        kind: task.kind,
        title: task.title,
        params: task.params,
        ...("nano" in task.reward
          ? { rewardType: "fre" as const, rewardNano: task.reward.nano }
          : {
              rewardType: "boost" as const,
              boostPercent: task.reward.percent,
              boostHours: task.reward.hours,
            }),
        createdAt: now,
        updatedAt: now,
      });
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
