import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { type GamesInfo, gamesKeys, spinSlot } from "../api/games-api";
import {
  GameScreen,
  PlayError,
  PlayOutcome,
  panelClasses,
  useNextDailySpin,
} from "../components/game-ui";
import { Paytable, Reels } from "../components/reels";
import { spentFreeSpin } from "../games-logic";
import { useGames, usePlay } from "../hooks/use-games";
import { useReveal, useRevealSound } from "../hooks/use-reveal";
import { outcomeSound } from "../sound";

const REEL_STOP_MS = 350;

function FreeSlot({ info }: { info: GamesInfo }) {
  const { t } = useTranslation("games");
  const nextDailySpin = useNextDailySpin();
  const queryClient = useQueryClient();
  // The spin's own answer says which free spin it used: the counts change at once.
  const spin = usePlay(() =>
    spinSlot().then((play) => {
      queryClient.setQueryData<GamesInfo>(gamesKeys.all, (current) =>
        current
          ? { ...current, freeSpins: spentFreeSpin(current.freeSpins, play.outcome) }
          : current,
      );
      return play;
    }),
  );
  const result = spin.data;
  const symbols = result?.outcome.symbols;
  const machine = info.publication.slot;
  const reels = machine.reels;
  const stopped = useReveal(result?.id ?? null, reels.length, REEL_STOP_MS);
  useRevealSound(result?.id ?? null, stopped, reels.length, result ? outcomeSound(result) : null);
  const { daily, bonus } = info.freeSpins;
  const available = daily || bonus > 0;
  return (
    <div className="grid gap-4">
      <div className={`${panelClasses} grid gap-3`}>
        <Reels
          machine={machine}
          symbols={symbols}
          spinKey={result?.id ?? null}
          spinning={spin.isPending}
        />
        <p className="text-sm text-slate-200">
          {daily ? t("freeSpins.dailyReady") : nextDailySpin()} ·{" "}
          {t("freeSpins.bonus", { count: bonus })}
        </p>
        <Button size="lg" disabled={spin.isPending || !available} onClick={() => spin.mutate()}>
          {t("slot.spin")}
        </Button>
        {!available && !spin.isPending ? (
          <p className="text-sm text-slate-300">{t("slot.noSpin")}</p>
        ) : null}
        <PlayError error={spin.error} />
        {result && stopped >= reels.length ? <PlayOutcome play={result} /> : null}
      </div>
      <Paytable lines={info.publication.slot.paytable} unit="fre" title={t("slot.paytable")} />
    </div>
  );
}

export function SlotPage() {
  const { t } = useTranslation("games");
  const games = useGames();
  return (
    <GameScreen title={t("names.slot")} subtitle={t("descriptions.slot")}>
      <QueryState query={games}>{(info) => <FreeSlot info={info} />}</QueryState>
    </GameScreen>
  );
}
