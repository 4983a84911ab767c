import type { GamePlay } from "@fre/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceOptions, countRange } from "../../../components/ui/choice-options";
import {
  type GamesInfo,
  newRoundKey,
  type OpenRound,
  revealMines,
  startMines,
} from "../api/games-api";
import { panelClasses, RoundGameScreen } from "../components/game-ui";
import { CashOutButton, GameSelect, RoundLayout, RoundReach } from "../components/round-panels";
import { Tile } from "../components/tile";
import { useRoundGame } from "../hooks/use-round";

type MinesRound = OpenRound<"mines"> | GamePlay<"mines">;

function Grid({
  info,
  round,
  onReveal,
  busy,
}: {
  info: GamesInfo;
  round: MinesRound | null;
  onReveal: (tile: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation("games");
  const open = round?.status === "open";
  const { revealed = [], mines = [] } = round?.outcome ?? {};
  const lost = revealed.at(-1);
  return (
    <fieldset
      className="m-0 grid grid-cols-5 gap-1.5 border-0 p-0"
      data-testid="mines-grid"
      aria-busy={busy}
    >
      <legend className="sr-only">{t("mines.grid")}</legend>
      {Array.from({ length: info.publication.mines.tiles }, (_, tile) => {
        const isMine = mines.includes(tile);
        const shown = revealed.includes(tile);
        const known = shown || mines.length > 0;
        const tone = {
          known,
          trap: isMine,
          picked: shown,
          hit: shown && tile === lost,
          playable: open,
        };
        return (
          <Tile
            // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position
            key={tile}
            tone={tone}
            label={[
              t("mines.tile", { tile: tile + 1 }),
              known ? t(isMine ? "mines.mine" : "mines.safe") : null,
              shown ? t("mines.revealed") : null,
            ]}
            data-testid={`mines-tile-${tile}`}
            data-state={known ? (isMine ? "mine" : shown ? "safe" : "hidden-safe") : "hidden"}
            disabled={!open || shown || busy}
            onClick={() => onReveal(tile)}
            sizeClass="aspect-square min-h-11 rounded-lg text-lg"
          />
        );
      })}
    </fieldset>
  );
}

function MinesGame({ info, resumed }: { info: GamesInfo; resumed: OpenRound<"mines"> | null }) {
  const { t } = useTranslation("games");
  const publication = info.publication.mines;
  const [count, setCount] = useState(3);
  // One key per opening asked for: a retry of the same click opens nothing twice.
  const [key, setKey] = useState(newRoundKey);
  const board = useRoundGame("mines", { start: startMines, step: revealMines }, info, resumed);
  const { round, open, busy, current } = board;
  const found = round?.outcome.revealed.length ?? 0;
  const table = round ? publication.multipliers[round.outcome.count - 1] : undefined;
  const nextReach = open ? table?.[found + 1] : undefined;
  const next = nextReach !== undefined ? board.multiplier(nextReach) : null;
  const renewKey = () => setKey(newRoundKey());

  return (
    <RoundLayout
      board={board}
      onAmount={renewKey}
      onStart={() => board.start({ amount: board.amount, mines: count, key }, renewKey)}
      startTestId="mines-start"
      settings={
        <>
          <p className="text-sm text-slate-300">{t("mines.rules")}</p>
          <GameSelect
            label={t("mines.count")}
            value={count}
            onChange={(value) => {
              setCount(Number(value));
              renewKey();
            }}
          >
            <ChoiceOptions values={countRange(publication.minMines, publication.maxMines)} />
          </GameSelect>
        </>
      }
    >
      <div className={`${panelClasses} grid gap-3`}>
        {open && round ? (
          <RoundReach game="mines" current={current} next={next}>
            <p className="text-slate-300">
              {t("mines.found", { found, safe: publication.tiles - round.outcome.count })}
            </p>
            <p className="text-slate-300">{t("mines.pickTile")}</p>
          </RoundReach>
        ) : null}
        <Grid info={info} round={round} busy={busy} onReveal={(tile) => board.step(tile)} />
        <CashOutButton board={board} disabled={busy || found === 0} testId="mines-cashout" />
      </div>
    </RoundLayout>
  );
}

export function MinesPage() {
  return <RoundGameScreen game="mines" Board={MinesGame} />;
}
