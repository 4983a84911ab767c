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
        const label = tileLabel(
          t("mines.tile", { tile: tile + 1 }),
          known ? t(isMine ? "mines.mine" : "mines.safe") : null,
          shown ? t("mines.revealed") : null,
        );
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a tile is its position
            key={tile}
            type="button"
            aria-label={label}
            data-testid={`mines-tile-${tile}`}
            data-state={known ? (isMine ? "mine" : shown ? "safe" : "hidden-safe") : "hidden"}
            disabled={!open || shown || busy}
            onClick={() => onReveal(tile)}
            className={`aspect-square min-h-11 rounded-lg text-lg font-bold transition-transform motion-reduce:transition-none ${tileTone(tone)}`}
          >
            {tileGlyph(tone)}
          </button>
        );
      })}
    </fieldset>
  );
}

function MinesGame({ info, resumed }: { info: GamesInfo; resumed: OpenRound<"mines"> | null }) {
  const { t } = useTranslation("games");
  const balance = useBalance();
  const publication = info.publication.mines;
  const [amount, setAmount] = useBetAmount(info.limits.minBet);
  const [count, setCount] = useState(3);
  // One key per opening asked for: a retry of the same click opens nothing twice.
  const [key, setKey] = useState(newRoundKey);
  const { round, last, open, wasResumed, busy, error, ...play } = useRound(
    "mines",
    { start: startMines, step: revealMines },
    resumed,
  );
  const multiplier = useMultiplier();
  const current = round ? multiplier(round.multiplier) : null;
  const found = round?.outcome.revealed.length ?? 0;
  const table = round ? publication.multipliers[round.outcome.count - 1] : undefined;
  const nextReach = open ? table?.[found + 1] : undefined;
  const next = nextReach !== undefined ? multiplier(nextReach) : null;
  const renewKey = () => setKey(newRoundKey());

  return (
    <RoundLayout
      rtp={publication.rtp.percent}
      resumedNotice={wasResumed ? t("mines.resumed") : null}
      error={error}
      start={
        !open ? (
          <RoundStartPanel
            last={last}
            amount={amount}
            onAmount={(value) => {
              setAmount(value);
              renewKey();
            }}
            bounds={{ ...info.limits, balance }}
            busy={busy}
            onStart={() => play.start({ amount, mines: count, key }, renewKey)}
            startLabel={t("mines.start")}
            startTestId="mines-start"
          >
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
          </RoundStartPanel>
        ) : null
      }
    >
      <div className={`${panelClasses} grid gap-3`}>
        {open && round ? (
          <RoundReach
            current={current}
            currentLabel={t("mines.current", { multiplier: current?.text })}
            next={next}
            nextLabel={t("mines.next", { multiplier: next?.text })}
            testId="mines-multiplier"
          >
            <p className="text-slate-300">
              {t("mines.found", { found, safe: publication.tiles - round.outcome.count })}
            </p>
            <p className="text-slate-300">{t("mines.pickTile")}</p>
          </RoundReach>
        ) : null}
        <Grid info={info} round={round} busy={busy} onReveal={(tile) => play.step(tile)} />
        {open ? (
          <CashOutButton
            label={t("mines.cashOut", { multiplier: current?.text })}
            title={current?.title}
            disabled={busy || found === 0}
            onClick={() => play.cashOut()}
            testId="mines-cashout"
          />
        ) : null}
      </div>
    </RoundLayout>
  );
}

export function MinesPage() {
  return (
    <RoundGameScreen game="mines">
      {(info, resumed) => <MinesGame info={info} resumed={resumed} />}
    </RoundGameScreen>
  );
}
