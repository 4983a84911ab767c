import type { GamePlay } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { type GamesInfo, guessHilo, type OpenRound, startHilo } from "../api/games-api";
import { panelClasses, RoundGameScreen } from "../components/game-ui";
import { RoundLayout } from "../components/round-panels";
import { cardRankIndex, hiloGuessLabel, isRedSuit } from "../games-logic";
import { useRoundGame } from "../hooks/use-round";
import { play as playSound } from "../sound";

type Guess = GamePlay<"hilo">["outcome"]["guesses"][number];

function Card({ label, big = false }: { label: string; big?: boolean }) {
  return (
    <span
      key={label}
      className={`inline-flex items-center justify-center rounded-xl border border-slate-300 bg-slate-50 font-black motion-safe:animate-rise ${
        isRedSuit(label) ? "text-rose-600" : "text-night-950"
      } ${big ? "h-32 w-24 text-4xl" : "h-12 w-9 text-sm"}`}
    >
      {label}
    </span>
  );
}

function HiloGame({ info, resumed }: { info: GamesInfo; resumed: OpenRound<"hilo"> | null }) {
  const { t } = useTranslation("games");
  const board = useRoundGame("hilo", { start: startHilo, step: guessHilo }, info, resumed);
  const { round, busy, current } = board;
  const state = round ? round.outcome : null;
  const card = state?.cards.at(-1);
  const rank = card ? cardRankIndex(card) : -1;
  const multipliers = info.publication.hilo.multipliers[rank];
  const higher = multipliers ? board.multiplier(multipliers.higher) : null;
  const lower = multipliers ? board.multiplier(multipliers.lower) : null;
  const send = (g: Guess) => board.step(g);

  return (
    <RoundLayout
      board={board}
      onStart={() => board.start({ amount: board.amount }, () => playSound("tick"))}
    >
      {round && state && card ? (
        <div className={`${panelClasses} grid justify-items-center gap-3`}>
          <p className="text-sm text-slate-300">{t("hilo.current")}</p>
          <div data-testid="hilo-card" data-card={card}>
            <Card label={card} big />
          </div>
          <p
            className="text-sm text-slate-100"
            data-testid="hilo-multiplier"
            title={current?.title}
          >
            {t("hilo.multiplier", { multiplier: current?.text })}
          </p>
          {resumed && higher && lower ? (
            <div className="grid w-full grid-cols-2 gap-2">
              <Button disabled={busy} onClick={() => send("higher")} title={higher.title}>
                {t("hilo.higher", { multiplier: higher.text })}
              </Button>
              <Button disabled={busy} onClick={() => send("lower")} title={lower.title}>
                {t("hilo.lower", { multiplier: lower.text })}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => send("skip")}>
                {t("hilo.skip")}
              </Button>
              <Button
                variant="secondary"
                disabled={busy || state.cards.length < 2}
                onClick={() => board.cashOut()}
                title={current?.title}
              >
                {t("hilo.cashOut", { multiplier: current?.text })}
              </Button>
            </div>
          ) : null}
          {state.cards.length > 1 ? (
            <div className="grid w-full gap-1">
              <p className="text-xs text-slate-400">{t("hilo.cards")}</p>
              <ol className="flex flex-wrap gap-1.5">
                {state.cards.map((label, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a card is its position
                  <li key={i} className="grid justify-items-center gap-0.5">
                    <Card label={label} />
                    {i > 0 ? (
                      <span className="text-[0.65rem] text-slate-400">
                        {t(
                          `hilo.guesses.${hiloGuessLabel(state.cards[i - 1] ?? "", label, state.guesses[i - 1])}`,
                        )}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </div>
      ) : null}
    </RoundLayout>
  );
}

export function HiloPage() {
  return <RoundGameScreen game="hilo" Board={HiloGame} />;
}
