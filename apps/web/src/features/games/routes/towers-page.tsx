import { type GamePlay, TOWERS_DIFFICULTY_VALUES, type TowersDifficulty } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { type GamesInfo, type OpenRound, startTowers, stepTowers } from "../api/games-api";
import { panelClasses, RoundGameScreen, useMultiplier } from "../components/game-ui";
import {
  CashOutButton,
  GameSelect,
  RoundLayout,
  RoundReach,
  RoundStartPanel,
  tileGlyph,
  tileLabel,
  tileTone,
} from "../components/round-panels";
import { useBalance, useBetAmount } from "../hooks/use-games";
import { useRound } from "../hooks/use-round";

type TowersRound = OpenRound<"towers"> | GamePlay<"towers">;

const stateOf = (round: TowersRound) => round.outcome;

function Tower({
  info,
  round,
  onStep,
  busy,
}: {
  info: GamesInfo;
  round: TowersRound;
  onStep: (tile: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation("games");
  const multiplier = useMultiplier();
  const state = stateOf(round);
  const spec = info.publication.towers.difficulties.find((d) => d.difficulty === state.difficulty);
  const open = round.status === "open";
  const floors = Array.from({ length: info.publication.towers.floors }, (_, f) => f).reverse();
  return (
    <fieldset className="m-0 grid gap-1.5 border-0 p-0" data-testid="towers-board">
      <legend className="sr-only">{t("towers.tower")}</legend>
      {floors.map((floor) => {
        const active = open && floor === state.tiles.length;
        const traps = state.floors[floor];
        const reach = multiplier(spec?.multipliers[floor + 1] ?? "0");
        return (
          <div
            key={floor}
            className={`flex items-center gap-1.5 rounded-xl p-1 transition-colors motion-reduce:transition-none ${
              active ? "bg-amber-400/15 ring-1 ring-amber-300/60" : ""
            }`}
          >
            <span className="w-14 text-right text-xs text-slate-400" title={reach.title}>
              ×{reach.text}
            </span>
            {Array.from({ length: spec?.tiles ?? 0 }, (_, tile) => {
              const chosen = state.tiles[floor] === tile;
              const isTrap = traps?.includes(tile) ?? false;
              const known = traps !== undefined;
              const tone = { known, trap: isTrap, picked: chosen, hit: chosen, playable: active };
              const label = tileLabel(
                t("towers.tile", { floor: floor + 1, tile: tile + 1 }),
                known ? t(isTrap ? "towers.trap" : "towers.safe") : null,
                chosen ? t("towers.chosen") : null,
              );
              return (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position
                  key={tile}
                  type="button"
                  aria-label={label}
                  data-testid={active ? `towers-tile-${tile}` : undefined}
                  disabled={!active || busy}
                  onClick={() => onStep(tile)}
                  className={`h-11 flex-1 rounded-lg text-sm font-bold transition-transform motion-reduce:transition-none ${tileTone(tone)}`}
                >
                  {tileGlyph(tone)}
                </button>
              );
            })}
          </div>
        );
      })}
    </fieldset>
  );
}

function TowersGame({ info, resumed }: { info: GamesInfo; resumed: OpenRound<"towers"> | null }) {
  const { t } = useTranslation("games");
  const balance = useBalance();
  const [amount, setAmount] = useBetAmount(info.limits.minBet);
  const [difficulty, setDifficulty] = useState<TowersDifficulty>("easy");
  const { round, last, open, wasResumed, busy, error, ...play } = useRound(
    "towers",
    { start: startTowers, step: stepTowers },
    resumed,
  );
  const state = round ? stateOf(round) : null;
  const spec = state
    ? info.publication.towers.difficulties.find((d) => d.difficulty === state.difficulty)
    : undefined;
  const multiplier = useMultiplier();
  const current = round ? multiplier(round.multiplier) : null;
  const nextReach = state && spec ? spec.multipliers[state.tiles.length + 1] : undefined;
  const next = nextReach !== undefined ? multiplier(nextReach) : null;

  return (
    <RoundLayout
      rtp={info.publication.towers.rtp.percent}
      resumedNotice={wasResumed ? t("towers.resumed") : null}
      error={error}
      start={
        !open ? (
          <RoundStartPanel
            last={last}
            amount={amount}
            onAmount={setAmount}
            bounds={{ ...info.limits, balance }}
            busy={busy}
            onStart={() => play.start({ amount, difficulty })}
            startLabel={t("towers.start")}
          >
            <GameSelect
              label={t("towers.difficulty")}
              value={difficulty}
              onChange={(value) => setDifficulty(value as TowersDifficulty)}
            >
              <ChoiceOptions
                values={TOWERS_DIFFICULTY_VALUES}
                label={(value) => t(`towers.difficulties.${value}`)}
              />
            </GameSelect>
          </RoundStartPanel>
        ) : null
      }
    >
      {round ? (
        <div className={`${panelClasses} grid gap-3`}>
          {open && state && spec ? (
            <RoundReach
              current={current}
              currentLabel={t("towers.current", { multiplier: current?.text })}
              next={next}
              nextLabel={t("towers.next", { multiplier: next?.text })}
              testId="towers-multiplier"
            >
              <p className="text-slate-300">{t("towers.pickTile")}</p>
            </RoundReach>
          ) : null}
          <Tower info={info} round={round} busy={busy} onStep={(tile) => play.step(tile)} />
          {open ? (
            <CashOutButton
              label={t("towers.cashOut", { multiplier: current?.text })}
              title={current?.title}
              disabled={busy || (state?.tiles.length ?? 0) === 0}
              onClick={() => play.cashOut()}
            />
          ) : null}
        </div>
      ) : null}
    </RoundLayout>
  );
}

export function TowersPage() {
  return (
    <RoundGameScreen game="towers">
      {(info, resumed) => <TowersGame info={info} resumed={resumed} />}
    </RoundGameScreen>
  );
}
