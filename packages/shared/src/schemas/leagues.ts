import { z } from "zod";
import { isFreAmount, parseFre } from "../money.ts";
import { freAmountSchema } from "./common.ts";

/** The weekly leagues, lowest first (issue 24; decision 0040). */
export const LEAGUE_NAMES = ["bronze", "silver", "gold", "platinum", "diamond"] as const;
export type LeagueName = (typeof LEAGUE_NAMES)[number];
export const leagueNameSchema = z.enum(LEAGUE_NAMES);

/** At most this many users share a group: every group is winnable. */
export const LEAGUE_GROUP_SIZE = 50;
/** The share of a group promoted (top) and demoted (bottom) at the week's end. */
export const LEAGUE_ZONE_PERCENT = 10;
/** A reward, before its league's multiplier, is at most this many FRE (× 100 still fits bigint). */
export const LEAGUE_REWARD_MAX_FRE = "1000000";
export const LEAGUE_MULTIPLIER_MAX = 100;

export const leagueOutcomeSchema = z.enum(["promoted", "stayed", "demoted"]);
export type LeagueOutcome = z.infer<typeof leagueOutcomeSchema>;

/** A league zone a line sits in: top 10 % go up, bottom 10 % go down. */
export const leagueZoneSchema = z.enum(["promotion", "demotion"]).nullable();

/** `GET /api/leagues/current`: my group's live board. */
export const leagueCurrentSchema = z.object({
  week: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Milliseconds until the week ends, by the server's clock. */
  msLeft: z.number().int(),
  league: leagueNameSchema,
  group: z.number().int(),
  /** How many of the top go up / of the bottom go down at the end (0 in Diamond / Bronze). */
  promoteCount: z.number().int(),
  demoteCount: z.number().int(),
  /** The rewards of ranks 1, 2 and 3 in this league (multiplier applied), FRE. */
  prizes: z.array(z.string()),
  members: z.array(
    z.object({
      rank: z.number().int(),
      nickname: z.string(),
      mined: z.string(),
      me: z.boolean(),
      zone: leagueZoneSchema,
    }),
  ),
});
export type LeagueCurrent = z.infer<typeof leagueCurrentSchema>;

/** `GET /api/leagues/history`: my past weeks, newest first. */
export const leagueHistorySchema = z.object({
  weeks: z.array(
    z.object({
      week: z.string(),
      league: leagueNameSchema,
      /** Null while the week is not settled yet. */
      rank: z.number().int().nullable(),
      groupSize: z.number().int(),
      mined: z.string().nullable(),
      reward: z.string().nullable(),
      outcome: leagueOutcomeSchema.nullable(),
    }),
  ),
});
export type LeagueHistory = z.infer<typeof leagueHistorySchema>;

/** `GET /api/leaderboard/friends`: me, my referrals and my referrer; nobody else. */
export const friendsBoardSchema = z.object({
  week: z.string(),
  members: z.array(
    z.object({
      nickname: z.string(),
      relation: z.enum(["me", "referrer", "referral"]),
      weekMined: z.string(),
      totalMined: z.string(),
      weekRank: z.number().int(),
      allTimeRank: z.number().int(),
    }),
  ),
});
export type FriendsBoard = z.infer<typeof friendsBoardSchema>;

/** A FRE amount's nano, or null when it is not one (refinements run on any string). */
const nanoOf = (text: string) => (isFreAmount(text) ? parseFre(text) : null);

const rewardSchema = freAmountSchema.refine(
  (text) => (nanoOf(text) ?? 0n) <= parseFre(LEAGUE_REWARD_MAX_FRE),
  `must be at most ${LEAGUE_REWARD_MAX_FRE} FRE`,
);

/** The admin-editable rules: entry thresholds (FRE mined last week), rewards, multipliers. */
export const leagueSettingsSchema = z
  .object({
    /** FRE mined the previous week to enter each league above Bronze (increasing). */
    thresholds: z.object({
      silver: rewardSchema,
      gold: rewardSchema,
      platinum: rewardSchema,
      diamond: rewardSchema,
    }),
    /** Rewards of ranks 1, 2, 3 before the league's multiplier. */
    rewards: z.tuple([rewardSchema, rewardSchema, rewardSchema]),
    multipliers: z.object({
      bronze: z.number().int().min(1).max(LEAGUE_MULTIPLIER_MAX),
      silver: z.number().int().min(1).max(LEAGUE_MULTIPLIER_MAX),
      gold: z.number().int().min(1).max(LEAGUE_MULTIPLIER_MAX),
      platinum: z.number().int().min(1).max(LEAGUE_MULTIPLIER_MAX),
      diamond: z.number().int().min(1).max(LEAGUE_MULTIPLIER_MAX),
    }),
  })
  .refine(
    ({ thresholds: t }) => {
      const [silver, gold, platinum, diamond] = [t.silver, t.gold, t.platinum, t.diamond].map(
        nanoOf,
      );
      if (silver == null || gold == null || platinum == null || diamond == null) return false;
      return silver < gold && gold < platinum && platinum < diamond;
    },
    { message: "thresholds must increase from silver to diamond", path: ["thresholds"] },
  );
export type LeagueSettings = z.infer<typeof leagueSettingsSchema>;

/** `GET /api/admin/leagues`: this week's leagues for the console. */
export const adminLeaguesSchema = z.object({
  week: z.string(),
  endsAt: z.string(),
  leagues: z.array(
    z.object({
      league: leagueNameSchema,
      groups: z.number().int(),
      members: z.number().int(),
      /** The best miners of the league this week. */
      top: z.array(z.object({ nickname: z.string(), group: z.number().int(), mined: z.string() })),
    }),
  ),
  /** Past weeks still waiting for the week-end job. */
  unsettledWeeks: z.array(z.string()),
});
export type AdminLeagues = z.infer<typeof adminLeaguesSchema>;
