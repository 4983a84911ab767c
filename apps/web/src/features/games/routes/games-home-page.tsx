import { GAMES, type GameId } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { AdSlot } from "../../ads";
import type { GamesInfo } from "../api/games-api";
import { panelClasses, useNextDailySpin } from "../components/game-ui";
import { Jackpot } from "../components/jackpot";
import { useSymbolName } from "../components/reels";
import { SeedsPanel } from "../components/seeds-panel";
import { gameScreens } from "../game-screens";
import { useGames } from "../hooks/use-games";

/** The RTP line of a game card, from the published figures. */
function useRtpLine() {
  const { t, i18n } = useTranslation("games");
  const symbolName = useSymbolName();
  return (game: GameId, publication: GamesInfo["publication"]) =>
    gameScreens[game].rtpLine(publication, { t, language: i18n.language, symbolName });
}

function FreeSpins({ freeSpins }: { freeSpins: GamesInfo["freeSpins"] }) {
  const { t } = useTranslation("games");
  const nextDailySpin = useNextDailySpin();
  return (
    <section className={panelClasses} data-testid="games-free-spins">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-300">
        {t("freeSpins.title")}
      </h2>
      <p className="mt-1 text-slate-100">
        {freeSpins.daily ? t("freeSpins.dailyReady") : nextDailySpin()}
      </p>
      <p className="text-slate-100">{t("freeSpins.bonus", { count: freeSpins.bonus })}</p>
    </section>
  );
}

export function GamesHomePage() {
  const { t } = useTranslation("games");
  const { t: tc } = useTranslation();
  const games = useGames({ live: true });
  const rtpLine = useRtpLine();
  const title = tc("pages.game");
  return (
    <div className="grid grid-cols-1 gap-5">
      <PageTitle title={title}>{title}</PageTitle>
      <p className="text-sm text-slate-300">{t("intro")}</p>
      <QueryState query={games}>
        {(data) => (
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Jackpot amount={data.jackpot} />
              <FreeSpins freeSpins={data.freeSpins} />
            </div>
            <ul className="grid gap-3 sm:grid-cols-2">
              {GAMES.map((game) => (
                <li key={game} className={`${panelClasses} grid gap-2`}>
                  <h2 className="text-lg font-bold text-white">{t(`names.${game}`)}</h2>
                  <p className="text-sm text-slate-300">{t(`descriptions.${game}`)}</p>
                  <p className="text-xs text-amber-200">{rtpLine(game, data.publication)}</p>
                  <Link
                    to={gameScreens[game].path}
                    className={buttonClasses("primary", "sm", "w-fit")}
                    data-testid={`games-link-${game}`}
                  >
                    {t("play")}
                    <span className="sr-only"> — {t(`names.${game}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </QueryState>
      <nav className="flex flex-wrap gap-3">
        <Link to="/game/history" className={buttonClasses("secondary", "sm")}>
          {t("links.history")}
        </Link>
        <Link to="/game/verify" className={buttonClasses("secondary", "sm")}>
          {t("links.verify")}
        </Link>
      </nav>
      <SeedsPanel />
      <AdSlot placement="games" />
    </div>
  );
}
