import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { QueryState } from "../../../components/ui/query-state";
import { type GamesInfo, spinFreMachine } from "../api/games-api";
import { BetControls } from "../components/bet-controls";
import { GameScreen, PlayError, PlayOutcome, panelClasses } from "../components/game-ui";
import { Jackpot } from "../components/jackpot";
import { Paytable, Reels } from "../components/reels";
import { freText, percentText } from "../game-text";
import { useBalance, useBetAmount, useGames, usePlay } from "../hooks/use-games";
import { useReveal, useRevealSound } from "../hooks/use-reveal";
import { outcomeSound } from "../sound";

function FreMachine({ info }: { info: GamesInfo }) {
  const { t, i18n } = useTranslation("games");
  const balance = useBalance();
  const [amount, setAmount] = useBetAmount(info.limits.minBet);
  const spin = usePlay(spinFreMachine);
  const result = spin.data;
  const symbols = result?.outcome.symbols;
  const machine = info.publication["fre-machine"];
  const reels = machine.reels;
  const stopped = useReveal(result?.id ?? null, reels.length, 350);
  const done = result !== undefined && stopped >= reels.length;
  const jackpot = symbols?.every((s) => s === "FRE") ?? false;
  const jackpotWon = done && jackpot;
  useRevealSound(
    result?.id ?? null,
    stopped,
    reels.length,
    result ? outcomeSound(result, jackpot) : null,
  );
  return (
    <div className="grid gap-4">
      <Jackpot amount={info.jackpot} />
      <p className="text-xs text-amber-200">
        {t("rtp", {
          percent: percentText(info.publication["fre-machine"].rtp.percent, i18n.language),
        })}
      </p>
      <div className={`${panelClasses} grid gap-3`}>
        <Reels
          machine={machine}
          symbols={symbols}
          spinKey={result?.id ?? null}
          spinning={spin.isPending}
        />
        <BetControls
          amount={amount}
          onChange={setAmount}
          bounds={{ ...info.limits, balance }}
          disabled={spin.isPending}
        />
        <Button
          size="lg"
          disabled={spin.isPending || amount === ""}
          onClick={() => spin.mutate({ amount })}
        >
          {t("fre.spin")}
        </Button>
        <PlayError error={spin.error} />
        {jackpotWon && result ? (
          <Alert tone="success">
            {t("fre.jackpotWon", { amount: freText(result.payout, i18n.language) })}
          </Alert>
        ) : null}
        {done ? <PlayOutcome play={result} /> : null}
      </div>
      <Paytable
        lines={info.publication["fre-machine"].paytable}
        unit="multiplier"
        title={t("fre.paytable")}
      />
    </div>
  );
}

export function FreMachinePage() {
  const { t } = useTranslation("games");
  const { t: tc } = useTranslation();
  const games = useGames({ live: true });
  return (
    <GameScreen
      title={tc("pages.fre")}
      subtitle={`${t("names.fre-machine")} — ${t("descriptions.fre-machine")}`}
    >
      <QueryState query={games}>{(info) => <FreMachine info={info} />}</QueryState>
    </GameScreen>
  );
}
