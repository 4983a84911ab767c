import type { GameId } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { AdSlot } from "../../ads";
import type { GamesInfo } from "../api/games-api";
import { fre, panelClasses, percentText, useNextDailySpin } from "../components/game-ui";
import { Jackpot } from "../components/jackpot";
import { SeedsPanel } from "../components/seeds-panel";
import { useGames } from "../hooks/use-games";

const SCREENS: Record<GameId, string> = {
  keno: "/game/keno",
  towers: "/game/towers",
  hilo: "/game/hilo",
  slot: "/game/slot",
  "fre-machine": "/fre",
};

/** The RTP line of a game card, from the published figures. */
function useRtpLine() {
  const { t, i18n } = useTranslation("games");
  const language = i18n.language;
  return (game: GameId, publication: GamesInfo["publication"]) => {
    switch (game) {
      case "keno": {
        const values = Object.values(publication.keno.rtp)
          .flat()
          .filter((r) => r !== null)
          .map((r) => r.percent)
          .sort((a, b) => Number(a) - Number(b));
        return t("rtpRange", {
          min: percentText(values[0] ?? "0", language),
          max: percentText(values.at(-1) ?? "0", language),
        });
      }
      case "towers":
        return t("rtp", { percent: percentText(publication.towers.rtp.percent, language) });
      case "hilo":
        return t("rtp", { percent: percentText(publication.hilo.rtp.percent, language) });
      case "slot":
        return t("expectedPrize", {
          amount: fre(publication.slot.expectedPrize.fre, language),
        });
      case "fre-machine":
        return t("rtp", { percent: percentText(publication.freMachine.rtp.percent, language) });
    }
  };
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
              {(Object.keys(SCREENS) as GameId[]).map((game) => (
                <li key={game} className={`${panelClasses} grid gap-2`}>
                  <h2 className="text-lg font-bold text-white">{t(`names.${game}`)}</h2>
                  <p className="text-sm text-slate-300">{t(`descriptions.${game}`)}</p>
                  <p className="text-xs text-amber-200">{rtpLine(game, data.publication)}</p>
                  <Link
                    to={SCREENS[game]}
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
