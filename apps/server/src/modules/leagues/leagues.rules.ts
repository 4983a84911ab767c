import {
  LEAGUE_NAMES,
  LEAGUE_ZONE_PERCENT,
  type LeagueName,
  type LeagueOutcome,
  type LeagueSettings,
  parseFre,
} from "@fre/shared";

/**
 * The rules of the weekly leagues as pure functions (decision 0040): the defaults, where a user
 * enters, a group's standings (ranks, zones, rewards, outcomes), and where an outcome leads.
 */
export const DEFAULT_LEAGUE_SETTINGS: LeagueSettings = {
  thresholds: { silver: "0.1", gold: "0.3", platinum: "1", diamond: "5" },
  rewards: ["5", "3", "1"],
  multipliers: { bronze: 1, silver: 2, gold: 3, platinum: 4, diamond: 5 },
};

/** The league a user with no league last week enters, by the FRE they mined last week. */
export function leagueForMined(minedNano: bigint, settings: LeagueSettings): LeagueName {
  const t = settings.thresholds;
  if (minedNano >= parseFre(t.diamond)) return "diamond";
  if (minedNano >= parseFre(t.platinum)) return "platinum";
  if (minedNano >= parseFre(t.gold)) return "gold";
  if (minedNano >= parseFre(t.silver)) return "silver";
  return "bronze";
}

/** Where an outcome leads from a league (Diamond cannot go up, Bronze cannot go down). */
export function leagueAfter(league: LeagueName, outcome: LeagueOutcome | null): LeagueName {
  const index = LEAGUE_NAMES.indexOf(league);
  if (outcome === "promoted") return LEAGUE_NAMES[Math.min(index + 1, LEAGUE_NAMES.length - 1)]!;
  if (outcome === "demoted") return LEAGUE_NAMES[Math.max(index - 1, 0)]!;
  return league;
}

/** How many of a group of `size` go up and down at the end. */
export function zoneCounts(league: LeagueName, size: number) {
  return {
    // At least one goes up from any group with a member: a group of 3 is winnable too.
    promote: league === "diamond" ? 0 : Math.ceil((size * LEAGUE_ZONE_PERCENT) / 100),
    demote: league === "bronze" ? 0 : Math.floor((size * LEAGUE_ZONE_PERCENT) / 100),
  };
}

/** The reward of a rank in a league, nano-FRE (0 past the third). */
export function rewardFor(league: LeagueName, rank: number, settings: LeagueSettings): bigint {
  const base = settings.rewards[rank - 1];
  if (base === undefined) return 0n;
  return parseFre(base) * BigInt(settings.multipliers[league]);
}

export interface GroupLine {
  userId: string;
  nickname: string;
  minedNano: bigint;
  joinedMs: number;
}

export interface Standing extends GroupLine {
  rank: number;
  zone: "promotion" | "demotion" | null;
  outcome: LeagueOutcome;
  rewardNano: bigint;
}

/**
 * A group's standings: most FRE mined first, then who joined first, then the id (a total order,
 * so every process computes the same). Only a member who mined something is promoted or
 * rewarded: a group of idle readers pays nothing.
 */
export function standings(
  lines: GroupLine[],
  league: LeagueName,
  settings: LeagueSettings,
): Standing[] {
  const ordered = [...lines].sort((a, b) =>
    a.minedNano !== b.minedNano
      ? a.minedNano > b.minedNano
        ? -1
        : 1
      : a.joinedMs !== b.joinedMs
        ? a.joinedMs - b.joinedMs
        : a.userId < b.userId
          ? -1
          : a.userId > b.userId
            ? 1
            : 0,
  );
  const { promote, demote } = zoneCounts(league, ordered.length);
  return ordered.map((line, index) => {
    const rank = index + 1;
    const zone =
      rank <= promote && line.minedNano > 0n
        ? "promotion"
        : rank > ordered.length - demote
          ? "demotion"
          : null;
    return {
      ...line,
      rank,
      zone,
      outcome: zone === "promotion" ? "promoted" : zone === "demotion" ? "demoted" : "stayed",
      rewardNano: line.minedNano > 0n ? rewardFor(league, rank, settings) : 0n,
    };
  });
}

/** The largest reward the settings can pay (bounded: it must fit the ledger's column). */
export function largestReward(settings: LeagueSettings): bigint {
  const biggest = settings.rewards.reduce((a, b) => (parseFre(a) > parseFre(b) ? a : b));
  return parseFre(biggest) * BigInt(Math.max(...Object.values(settings.multipliers)));
}
