import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
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

export function LeaderboardPage() {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const { data: me } = useMe();
  const board = useQuery({
    ...leaderboardQueryOptions(),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
  const title = tc("pages.leaderboard");
  const amount = (value: string) => formatFreSafe(value, language, "leaderboard");

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-muted">{t("leaderboard.subtitle")}</p>
      </div>
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
