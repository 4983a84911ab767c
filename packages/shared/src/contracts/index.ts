export * from "./contract.ts";

import { adminContracts } from "./admin.ts";
import { adsContracts } from "./ads.ts";
import { auditContracts } from "./audit.ts";
import { authContracts } from "./auth.ts";
import { bonusCodesContracts } from "./bonus-codes.ts";
import { challengeContracts } from "./challenge.ts";
import { circleContracts } from "./circle.ts";
import { contestContracts } from "./contest.ts";
import { dailyContracts } from "./daily.ts";
import { devContracts } from "./dev.ts";
import { featuresContracts } from "./features.ts";
import { gamesContracts } from "./games.ts";
import { healthContracts } from "./health.ts";
import { kycContracts } from "./kyc.ts";
import { leaderboardContracts } from "./leaderboard.ts";
import { leaguesContracts } from "./leagues.ts";
import { legalContracts } from "./legal.ts";
import { mailContracts } from "./mail.ts";
import { messagesContracts } from "./messages.ts";
import { miningContracts } from "./mining.ts";
import { notificationsContracts } from "./notifications.ts";
import { pushContracts } from "./push.ts";
import { referralsContracts } from "./referrals.ts";
import { riskContracts } from "./risk.ts";
import { shopContracts } from "./shop.ts";
import { squadsContracts } from "./squads.ts";
import { statsContracts } from "./stats.ts";
import { supportContracts } from "./support.ts";
import { tasksContracts } from "./tasks.ts";
import { telegramContracts } from "./telegram.ts";
import { tonContracts } from "./ton.ts";
import { usersContracts } from "./users.ts";
import { vitalsContracts } from "./vitals.ts";
import { walletContracts } from "./wallet.ts";
import { withdrawalsContracts } from "./withdrawals.ts";

/** Every API route, keyed by `"METHOD /path"`. */
export const contracts = {
  ...adminContracts,
  ...adsContracts,
  ...auditContracts,
  ...authContracts,
  ...bonusCodesContracts,
  ...challengeContracts,
  ...circleContracts,
  ...contestContracts,
  ...dailyContracts,
  ...devContracts,
  ...featuresContracts,
  ...gamesContracts,
  ...healthContracts,
  ...kycContracts,
  ...leaderboardContracts,
  ...leaguesContracts,
  ...legalContracts,
  ...mailContracts,
  ...messagesContracts,
  ...miningContracts,
  ...notificationsContracts,
  ...pushContracts,
  ...referralsContracts,
  ...riskContracts,
  ...shopContracts,
  ...squadsContracts,
  ...statsContracts,
  ...supportContracts,
  ...tasksContracts,
  ...telegramContracts,
  ...tonContracts,
  ...usersContracts,
  ...vitalsContracts,
  ...walletContracts,
  ...withdrawalsContracts,
};

export type Contracts = typeof contracts;
export type ContractKey = keyof Contracts;
