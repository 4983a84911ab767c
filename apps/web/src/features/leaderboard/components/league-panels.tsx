import type { FriendsBoard, LeagueCurrent, LeagueHistory, LeagueName } from "@fre/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/ui/query-state";
import { formatNumber } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useLanguage } from "../../../lib/use-language";
import {
  friendsBoardQueryOptions,
  LEAGUE_REFRESH_MS,
  leagueCurrentQueryOptions,
  leagueHistoryQueryOptions,
} from "../api/leagues-api";

/** Each league's colours (badge and accents); the name is always written next to them. */
export const LEAGUE_STYLES: Record<LeagueName, string> = {
  bronze: "from-orange-200 to-orange-600 text-night-950",
  silver: "from-slate-50 to-slate-400 text-night-950",
  gold: "from-amber-100 to-amber-500 text-night-950",
  platinum: "from-cyan-100 to-teal-400 text-night-950",
  diamond: "from-sky-200 to-indigo-400 text-night-950",
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** "3 j 4 h" style parts of what is left of the week. */
export function timeLeft(ms: number) {
  const safe = Math.max(0, ms);
  return {
    days: Math.floor(safe / DAY_MS),
    hours: Math.floor((safe % DAY_MS) / HOUR_MS),
    minutes: Math.floor((safe % HOUR_MS) / 60_000),
  };
}

function LeagueBadge({ league }: { league: LeagueName }) {
  const { t } = useTranslation("app");
  return (
    <span
      className={`inline-flex items-center rounded-full bg-gradient-to-br px-3 py-1 text-sm font-extrabold ${LEAGUE_STYLES[league]}`}
    >
      {t(`leaderboard.leagues.${league}`)}
    </span>
  );
}

const zoneRow = {
  promotion: "border-emerald-400/50 bg-emerald-400/10",
  demotion: "border-rose-400/50 bg-rose-500/10",
} as const;

/** My group's board: rank, nickname, FRE mined this week, the zones marked in words too. */
export function LeagueWeekBoard({ data, updatedAt }: { data: LeagueCurrent; updatedAt: number }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const amount = (value: string) => formatFreSafe(value, language, "balance");
  // What is left when the answer came, less the time since (updatedAt 0: as answered).
  const left = timeLeft(data.msLeft - (updatedAt > 0 ? Math.max(0, Date.now() - updatedAt) : 0));
  const nextUp = data.league === "diamond" ? null : data.promoteCount;
  return (
    <div className="grid gap-4" data-testid="league-week">
      <section
        aria-labelledby="league-title"
        className="grid gap-3 rounded-2xl border border-night-700 bg-night-850 p-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="league-title" className="flex items-center gap-2 text-lg font-bold text-white">
            <LeagueBadge league={data.league} />
            <span>
              {t("leaderboard.week.group", { group: formatNumber(data.group, language) })}
            </span>
          </h2>
          <p className="text-sm text-muted" data-testid="league-time-left">
            {t("leaderboard.week.endsIn", {
              days: formatNumber(left.days, language),
              hours: formatNumber(left.hours, language),
              minutes: formatNumber(left.minutes, language),
            })}
          </p>
        </div>
        <p className="text-sm text-slate-300">
          {t("leaderboard.week.prizes", {
            first: amount(data.prizes[0] ?? "0"),
            second: amount(data.prizes[1] ?? "0"),
            third: amount(data.prizes[2] ?? "0"),
          })}
        </p>
        <ul className="grid gap-1 text-sm">
          {nextUp ? (
            <li className="flex items-center gap-2 text-emerald-200">
              <span aria-hidden="true">▲</span>
              {t("leaderboard.week.promotionRule", { to: formatNumber(nextUp, language) })}
            </li>
          ) : null}
          {data.demoteCount > 0 ? (
            <li className="flex items-center gap-2 text-rose-200">
              <span aria-hidden="true">▼</span>
              {t("leaderboard.week.demotionRule", {
                from: formatNumber(data.members.length - data.demoteCount + 1, language),
              })}
            </li>
          ) : null}
          <li className="text-xs text-muted">{t("leaderboard.week.live")}</li>
        </ul>
      </section>
      <ol className="grid gap-2" data-testid="league-members" aria-labelledby="league-title">
        {data.members.map((member) => (
          <li
            key={member.rank}
            data-zone={member.zone ?? undefined}
            data-me={member.me || undefined}
            aria-current={member.me ? "true" : undefined}
            className={`flex items-center gap-3 rounded-2xl border px-3 py-2.5 ${
              member.zone ? zoneRow[member.zone] : "border-night-700 bg-night-850"
            } ${member.me ? "ring-2 ring-amber-300" : ""}`}
          >
            <span className="w-8 shrink-0 text-center font-extrabold tabular-nums text-slate-200">
              <span className="sr-only">{t("leaderboard.rankPrefix")} </span>
              {member.rank}
            </span>
            <span className="flex min-w-0 flex-1 items-center gap-2">
              <span className="truncate font-semibold text-slate-100">{member.nickname}</span>
              {member.me ? (
                <span className="shrink-0 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-night-950">
                  {t("leaderboard.you")}
                </span>
              ) : null}
            </span>
            {member.zone ? (
              <span
                className={`shrink-0 text-xs font-semibold ${
                  member.zone === "promotion" ? "text-emerald-200" : "text-rose-200"
                }`}
              >
                <span aria-hidden="true">{member.zone === "promotion" ? "▲ " : "▼ "}</span>
                {t(`leaderboard.week.zone.${member.zone}`)}
              </span>
            ) : null}
            <span className="shrink-0 text-right font-semibold tabular-nums text-amber-100">
              {amount(member.mined)} <span className="text-xs font-medium text-muted">FRE</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** My past weeks: league, rank, reward and where it led. */
export function LeagueHistoryList({ data }: { data: LeagueHistory }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  if (data.weeks.length === 0) {
    return <p className="text-sm text-muted">{t("leaderboard.history.empty")}</p>;
  }
  return (
    <ul className="grid gap-2" data-testid="league-history">
      {data.weeks.map((week) => (
        <li
          key={week.week}
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-night-700 bg-night-850 px-3 py-2 text-sm"
        >
          <span className="font-semibold text-slate-200">{week.week}</span>
          <LeagueBadge league={week.league} />
          <span className="text-slate-300">
            {week.rank === null
              ? t("leaderboard.history.pending")
              : t("leaderboard.history.rank", {
                  count: week.rank,
                  ordinal: true,
                  rank: formatNumber(week.rank, language),
                  size: formatNumber(week.groupSize, language),
                })}
          </span>
          {week.reward && week.reward !== "0.000000000" ? (
            <span className="font-semibold text-amber-100">
              +{formatFreSafe(week.reward, language, "balance")} FRE
            </span>
          ) : null}
          {week.outcome ? (
            <span className="ml-auto text-muted">
              {t(`leaderboard.history.outcome.${week.outcome}`)}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The "Semaine" tab: my group, asked again every 30 s while on screen, then my past weeks. */
export function LeagueWeekPanel() {
  const { t } = useTranslation("app");
  const current = useQuery({
    ...leagueCurrentQueryOptions(),
    refetchInterval: LEAGUE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const history = useQuery(leagueHistoryQueryOptions());
  return (
    <div className="grid gap-5">
      <QueryState query={current} error={t("leaderboard.week.loadFailed")} retry="inline">
        {(data) => <LeagueWeekBoard data={data} updatedAt={current.dataUpdatedAt} />}
      </QueryState>
      <section aria-labelledby="league-history-title" className="grid gap-2">
        <h2 id="league-history-title" className="text-base font-bold text-white">
          {t("leaderboard.history.title")}
        </h2>
        <QueryState query={history} retry="inline" loading={null}>
          {(data) => <LeagueHistoryList data={data} />}
        </QueryState>
      </section>
    </div>
  );
}

type FriendsOrder = "week" | "allTime";

/** The friends' board, ranked this week or all time. */
export function FriendsBoardList({ data, order }: { data: FriendsBoard; order: FriendsOrder }) {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const rankOf = (m: FriendsBoard["members"][number]) =>
    order === "week" ? m.weekRank : m.allTimeRank;
  const members = [...data.members].sort((a, b) => rankOf(a) - rankOf(b));
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" data-testid="friends-board" data-order={order}>
        {members.map((member) => {
          const isMe = member.relation === "me";
          return (
            <li
              key={`${member.relation}-${member.nickname}`}
              data-me={isMe || undefined}
              aria-current={isMe ? "true" : undefined}
              className={`flex items-center gap-3 rounded-2xl border border-night-700 bg-night-850 px-3 py-2.5 ${
                isMe ? "ring-2 ring-amber-300" : ""
              }`}
            >
              <span className="w-8 shrink-0 text-center font-extrabold tabular-nums text-slate-200">
                <span className="sr-only">{t("leaderboard.rankPrefix")} </span>
                {rankOf(member)}
              </span>
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-semibold text-slate-100">{member.nickname}</span>
                <span className="text-xs text-muted">
                  {t(`leaderboard.friends.relation.${member.relation}`)}
                </span>
              </span>
              <span className="shrink-0 text-right font-semibold tabular-nums text-amber-100">
                {formatFreSafe(
                  order === "week" ? member.weekMined : member.totalMined,
                  language,
                  "balance",
                )}{" "}
                <span className="text-xs font-medium text-muted">FRE</span>
              </span>
            </li>
          );
        })}
      </ol>
      {data.members.length <= 1 ? (
        <p className="rounded-2xl border border-dashed border-night-600 px-4 py-5 text-center text-sm text-muted">
          {t("leaderboard.friends.empty")}
        </p>
      ) : null}
    </div>
  );
}

/** The "Amis" tab: me, my referrer and my referrals, this week or all time. */
export function FriendsPanel() {
  const { t } = useTranslation("app");
  const board = useQuery(friendsBoardQueryOptions());
  const [order, setOrder] = useState<FriendsOrder>("week");
  return (
    <div className="grid gap-4">
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t("leaderboard.friends.orderLabel")}</legend>
        {(["week", "allTime"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={order === value}
            onClick={() => setOrder(value)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold motion-safe:transition-colors ${
              order === value
                ? "border-amber-300 bg-amber-300 text-night-950"
                : "border-night-600 bg-night-850 text-slate-200 hover:border-amber-300/60"
            }`}
          >
            {t(`leaderboard.friends.order.${value}`)}
          </button>
        ))}
      </fieldset>
      <QueryState query={board} error={t("leaderboard.friends.loadFailed")} retry="inline">
        {(data) => <FriendsBoardList data={data} order={order} />}
      </QueryState>
    </div>
  );
}
