import type { GamePlay, TowersDifficulty } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type GamesInfo, type OpenRound, startTowers, stepTowers } from "../api/games-api";
import { panelClasses, RoundGameScreen, useMultiplier } from "../components/game-ui";
import {
  CashOutButton,
  DifficultySelect,
  RoundLayout,
  RoundReach,
} from "../components/round-panels";
import { Tile } from "../components/tile";
import { useRoundGame } from "../hooks/use-round";

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
              return (
                <Tile
                  // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position
                  key={tile}
                  tone={tone}
                  label={[
                    t("towers.tile", { floor: floor + 1, tile: tile + 1 }),
                    known ? t(isTrap ? "towers.trap" : "towers.safe") : null,
                    chosen ? t("towers.chosen") : null,
                  ]}
                  data-testid={active ? `towers-tile-${tile}` : undefined}
                  disabled={!active || busy}
                  onClick={() => onStep(tile)}
                  sizeClass="h-11 flex-1 rounded-lg text-sm"
                />
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
  const [difficulty, setDifficulty] = useState<TowersDifficulty>("easy");
  const board = useRoundGame("towers", { start: startTowers, step: stepTowers }, info, resumed);
  const { round, open, busy, current } = board;
  const state = round ? stateOf(round) : null;
  const spec = state
    ? info.publication.towers.difficulties.find((d) => d.difficulty === state.difficulty)
    : undefined;
  const nextReach = state && spec ? spec.multipliers[state.tiles.length + 1] : undefined;
  const next = nextReach !== undefined ? board.multiplier(nextReach) : null;

  return (
    <RoundLayout
      board={board}
      onStart={() => board.start({ amount: board.amount, difficulty })}
      settings={
        <DifficultySelect
          label={t("towers.difficulty")}
          value={difficulty}
          onChange={setDifficulty}
        />
      }
    >
      {round ? (
        <div className={`${panelClasses} grid gap-3`}>
          {open && state && spec ? (
            <RoundReach game="towers" current={current} next={next}>
              <p className="text-slate-300">{t("towers.pickTile")}</p>
            </RoundReach>
          ) : null}
          <Tower info={info} round={round} busy={busy} onStep={(tile) => board.step(tile)} />
          <CashOutButton board={board} disabled={busy || (state?.tiles.length ?? 0) === 0} />
        </div>
      ) : null}
    </RoundLayout>
  );
}

export function TowersPage() {
  return <RoundGameScreen game="towers" Board={TowersGame} />;
}
