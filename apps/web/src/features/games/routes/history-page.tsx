import type { GameBet } from "@fre/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadMoreButton } from "../../../components/ui/load-more-button";
import { QueryState } from "../../../components/ui/query-state";
import { formatDateTime } from "../../../lib/format";
import { betsQueryOptions } from "../api/games-api";
import { GameScreen, PlayError, panelClasses, useMultiplier } from "../components/game-ui";
import { useSymbolName } from "../components/reels";
import { betSummaryOf } from "../game-screens";
import { freText } from "../game-text";
import { verifyLink } from "../games-logic";

function BetRow({ bet }: { bet: GameBet }) {
  const { t, i18n } = useTranslation("games");
  const link = verifyLink(bet);
  const multiplier = useMultiplier()(bet.multiplier);
  const symbolName = useSymbolName();
  const summary =
    bet.status === "settled" ? betSummaryOf(bet, { t, language: i18n.language, symbolName }) : null;
  return (
    <li className={`${panelClasses} grid gap-1 text-sm`} data-testid="games-bet" data-id={bet.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-white">{t(`names.${bet.game}`)}</span>
        <span className="text-xs text-slate-400">
          {formatDateTime(bet.createdAt, i18n.language)}
        </span>
      </div>
      <p className="text-slate-200">
        {t("history.amount", { amount: freText(bet.amount, i18n.language) })}
      </p>
      <p className="text-slate-200" title={bet.status === "open" ? undefined : multiplier.title}>
        {bet.status === "open"
          ? t("history.open")
          : t("history.payout", {
              amount: freText(bet.payout, i18n.language),
              multiplier: multiplier.text,
            })}
      </p>
      {summary ? (
        <p className="text-slate-300" data-testid="games-bet-summary">
          {summary}
        </p>
      ) : null}
      <p className="text-xs text-slate-300">{t("history.nonce", { nonce: bet.nonce })}</p>
      <p className="break-all font-mono text-xs text-slate-400">
        {t("history.clientSeed", { seed: bet.clientSeed })}
      </p>
      <p className="break-all font-mono text-xs text-slate-400">
        {t("history.seedHash", { hash: bet.serverSeedHash })}
      </p>
      {link && bet.status === "settled" ? (
        <Link to={link} className="w-fit font-semibold text-amber-200 underline">
          {t("history.verify")}
        </Link>
      ) : (
        <p className="text-xs text-slate-400">{t("history.notRevealed")}</p>
      )}
    </li>
  );
}

export function GamesHistoryPage() {
  const { t } = useTranslation("games");
  const bets = useInfiniteQuery(betsQueryOptions());
  return (
    <GameScreen title={t("history.title")}>
      <QueryState
        query={bets}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={<p className="text-sm text-slate-300">{t("history.empty")}</p>}
      >
        {(data) => (
          <div className="grid gap-3">
            <ul className="grid gap-3">
              {data.pages
                .flatMap((page) => page.items)
                .map((bet) => (
                  <BetRow key={bet.id} bet={bet} />
                ))}
            </ul>
            <LoadMoreButton query={bets} label={t("history.more")} className="w-fit" />
            <PlayError error={bets.isFetchNextPageError ? bets.error : null} />
          </div>
        )}
      </QueryState>
    </GameScreen>
  );
}
