import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { PageLoader } from "../../../components/ui/spinner";
import { formatNumber } from "../../../lib/format";
import { formatFreSafe } from "../../../lib/fre-amount";
import { useMe } from "../../../lib/session";
import { useLanguage } from "../../../lib/use-language";
import { leaderboardQueryOptions } from "../api/leaderboard-api";

/** Gold, silver and bronze medals for the podium. */
const MEDALS: Record<number, string> = {
  1: "bg-gradient-to-br from-amber-100 to-amber-500 shadow-[0_0_14px_rgba(251,191,36,0.55)]",
  2: "bg-gradient-to-br from-slate-50 to-slate-400",
  3: "bg-gradient-to-br from-orange-200 to-orange-600",
};

const podium: Record<number, string> = {
  1: "border-amber-300/60 bg-gradient-to-r from-amber-400/20 to-night-850",
  2: "border-slate-300/40 bg-gradient-to-r from-slate-300/12 to-night-850",
  3: "border-orange-400/40 bg-gradient-to-r from-orange-400/12 to-night-850",
};

function RankBadge({ rank }: { rank: number }) {
  const { t } = useTranslation("app");
  const medal = MEDALS[rank];
  return (
    <span className="grid w-10 shrink-0 place-items-center">
      <span
        className={`grid size-9 place-items-center rounded-full font-extrabold tabular-nums ${
          medal ? `${medal} text-night-950 ring-2 ring-white/25` : "text-slate-300"
        }`}
      >
        <span className="sr-only">{t("leaderboard.rankPrefix")} </span>
        {rank}
      </span>
    </span>
  );
}

// The week's and the friends' boards load with their tab: the server draws "Tous" only.
const LeagueWeekPanel = lazy(() =>
  import("../components/league-panels").then((m) => ({ default: m.LeagueWeekPanel })),
);
const FriendsPanel = lazy(() =>
  import("../components/league-panels").then((m) => ({ default: m.FriendsPanel })),
);

/** The tabs, in reading order; "all" (today's top 10 and my rank) opens first. */
export const LEADERBOARD_TABS = ["week", "friends", "all"] as const;
export type LeaderboardTab = (typeof LEADERBOARD_TABS)[number];

/** "Tous": the top 10 by total mined and my rank (drawn by the server, decision 0022). */
function AllPanel() {
  const { t } = useTranslation("app");
  const { language } = useLanguage();
  const { data: me } = useMe();
  const board = useQuery({
    ...leaderboardQueryOptions(),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
  const amount = (value: string) => formatFreSafe(value, language, "leaderboard");

  return (
    <div className="grid grid-cols-1 gap-5">
      <p className="text-muted">{t("leaderboard.subtitle")}</p>
      <QueryState query={board} error={t("leaderboard.loadFailed")}>
        {(data) => (
          <>
            {data.top.length === 0 ? (
              <p
                data-testid="leaderboard-top"
                className="rounded-2xl border border-dashed border-night-600 px-5 py-8 text-center text-muted"
              >
                {t("leaderboard.empty")}
              </p>
            ) : (
              <ol data-testid="leaderboard-top" className="grid gap-2">
                {data.top.map((entry) => {
                  const isMe = entry.rank === data.me.rank && entry.nickname === me?.nickname;
                  return (
                    <li
                      key={entry.rank}
                      data-me={isMe || undefined}
                      aria-current={isMe ? "true" : undefined}
                      className={`flex items-center gap-3 rounded-2xl border px-3 py-3 ${
                        podium[entry.rank] ?? "border-night-700 bg-night-850"
                      } ${isMe ? "ring-2 ring-amber-300" : ""}`}
                    >
                      <RankBadge rank={entry.rank} />
                      <span className="flex min-w-0 flex-1 items-center gap-2">
                        <span className="truncate font-semibold text-slate-100">
                          {entry.nickname}
                        </span>
                        {isMe ? (
                          <span className="shrink-0 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-night-950">
                            {t("leaderboard.you")}
                          </span>
                        ) : null}
                      </span>
                      <span className="text-right font-semibold tabular-nums text-amber-100">
                        {amount(entry.totalMined)}{" "}
                        <span className="text-xs font-medium text-muted">FRE</span>
                      </span>
                    </li>
                  );
                })}
              </ol>
            )}
            <section
              data-testid="leaderboard-me"
              data-rank={data.me.rank}
              aria-labelledby="my-rank-title"
              className="flex items-center gap-4 rounded-2xl border border-amber-300/50 bg-amber-400/10 p-4"
            >
              <div className="grid size-14 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-amber-300 to-amber-500 text-night-950">
                <span className="text-xs font-semibold">#</span>
                <span className="-mt-1 text-lg font-extrabold tabular-nums leading-none">
                  {formatNumber(data.me.rank, language)}
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <h2 id="my-rank-title" className="text-sm font-semibold text-amber-100">
                  {t("leaderboard.myRank", { rank: formatNumber(data.me.rank, language) })}
                </h2>
                <p className="truncate text-sm text-slate-300">{me?.nickname}</p>
              </div>
              <p className="text-right font-bold tabular-nums text-white">
                {amount(data.me.totalMined)}{" "}
                <span className="text-xs font-medium text-muted">FRE</span>
              </p>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

/** /leaderboard: the week's group, the friends' board and everyone's, as tabs. */
export function LeaderboardPage({ initialTab = "all" }: { initialTab?: LeaderboardTab }) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const [tab, setTab] = useState<LeaderboardTab>(initialTab);
  const tabs = useRef<Partial<Record<LeaderboardTab, HTMLButtonElement | null>>>({});
  const title = tc("pages.leaderboard");
  // Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = LEADERBOARD_TABS.indexOf(tab);
    const last = LEADERBOARD_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const target = LEADERBOARD_TABS[next] ?? "all";
    setTab(target);
    tabs.current[target]?.focus();
  };

  return (
    <div className="grid grid-cols-1 gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <div
        role="tablist"
        aria-label={t("leaderboard.tabs.label")}
        className="grid grid-cols-3 gap-1 rounded-2xl border border-night-700 bg-night-850 p-1"
      >
        {LEADERBOARD_TABS.map((id) => (
          <button
            key={id}
            ref={(element) => {
              tabs.current[id] = element;
            }}
            id={`leaderboard-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`leaderboard-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            data-testid={`leaderboard-tab-${id}`}
            onClick={() => setTab(id)}
            onKeyDown={onKeyDown}
            className={`min-h-11 rounded-xl px-2 text-sm font-semibold motion-safe:transition-colors ${
              tab === id
                ? "bg-amber-300 text-night-950"
                : "text-slate-200 hover:bg-night-700 hover:text-white"
            }`}
          >
            {t(`leaderboard.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`leaderboard-panel-${tab}`}
        aria-labelledby={`leaderboard-tab-${tab}`}
        data-testid={`leaderboard-panel-${tab}`}
      >
        {tab === "all" ? (
          <AllPanel />
        ) : (
          <Suspense fallback={<PageLoader />}>
            {tab === "week" ? <LeagueWeekPanel /> : <FriendsPanel />}
          </Suspense>
        )}
      </div>
    </div>
  );
}
