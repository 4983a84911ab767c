import { type GamePlay, TOWERS_DIFFICULTY_VALUES, type TowersDifficulty } from "@fre/shared";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ChoiceOptions } from "../../../components/ui/choice-options";
import { percentText } from "../game-text";
import type { BetBounds } from "../games-logic";
import type { RoundBoard } from "../hooks/use-round";
import { BetControls } from "./bet-controls";
import { PlayError, PlayOutcome, panelClasses } from "./game-ui";

export const gameSelectClasses =
  "min-h-11 rounded-xl border border-night-600 bg-night-850 px-3 text-slate-50";

/** A labelled `<select>` of a game's settings (a difficulty, a risk, a mine count). */
export function GameSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  /** The options (a ChoiceOptions). */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-100">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={gameSelectClasses}
      >
        {children}
      </select>
    </div>
  );
}

/** A shown multiplier: its rounded text and its exact value as a title. */
type Shown = { text: string; title?: string | undefined } | null;

/**
 * The panel that opens a round of a round game: the last round's outcome, the game's own
 * settings (`children`), the bet and the start button.
 */
function RoundStartPanel({
  last,
  amount,
  onAmount,
  bounds,
  busy,
  onStart,
  startLabel,
  startTestId,
  children,
}: {
  last: GamePlay | null | undefined;
  amount: string;
  onAmount: (amount: string) => void;
  bounds: BetBounds;
  busy: boolean;
  onStart: () => void;
  startLabel: string;
  startTestId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`${panelClasses} grid gap-3`}>
      {last ? <PlayOutcome play={last} /> : null}
      {children}
      <BetControls amount={amount} onChange={onAmount} bounds={bounds} disabled={busy} />
      <Button
        size="lg"
        disabled={busy || amount === ""}
        onClick={onStart}
        data-testid={startTestId}
      >
        {startLabel}
      </Button>
    </div>
  );
}

/**
 * Where an open round of a grid game stands: the multiplier reached (`current`, its line tagged
 * `<game>-multiplier`), the next one when there is one, then the game's own lines (`children`).
 */
export function RoundReach({
  game,
  current,
  next,
  children,
}: {
  game: "towers" | "mines";
  current: Shown;
  next: Shown;
  children?: ReactNode;
}) {
  const { t } = useTranslation("games");
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-slate-100" data-testid={`${game}-multiplier`} title={current?.title}>
        {t(`${game}.current`, { multiplier: current?.text })}
      </p>
      {next ? (
        <p className="text-slate-300" title={next.title}>
          {t(`${game}.next`, { multiplier: next.text })}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The page of a round game (`board`, from `useRoundGame`): its return to player, the notice of a
 * round taken up again, the round being played (`children`), the panel that opens the next one
 * while none is open (the game's `settings`, the bet, `onStart`) and the API's refusal.
 */
export function RoundLayout({
  board,
  onStart,
  onAmount,
  startTestId,
  settings,
  children,
}: {
  board: RoundBoard;
  onStart: () => void;
  /** What a change of the bet also does (the bet is set in any case). */
  onAmount?: (amount: string) => void;
  startTestId?: string;
  settings?: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation("games");
  const { game } = board;
  return (
    <div className="grid gap-4">
      <p className="text-xs text-amber-200">
        {t("rtp", {
          percent: percentText(board.info.publication[game].rtp.percent, i18n.language),
        })}
      </p>
      {board.wasResumed ? <Alert>{t(`${game}.resumed`)}</Alert> : null}
      {children}
      {board.open ? null : (
        <RoundStartPanel
          last={board.last}
          amount={board.amount}
          onAmount={(amount) => {
            board.setAmount(amount);
            onAmount?.(amount);
          }}
          bounds={board.bounds}
          busy={board.busy}
          onStart={onStart}
          startLabel={t(`${game}.start`)}
          startTestId={startTestId}
        >
          {settings}
        </RoundStartPanel>
      )}
      <PlayError error={board.error} />
    </div>
  );
}

/** The cash-out button of the open round (none while none is open), the multiplier reached as its title. */
export function CashOutButton({
  board,
  disabled,
  testId,
}: {
  board: RoundBoard;
  disabled: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("games");
  const { current } = board;
  if (!board.open) return null;
  return (
    <Button
      size="lg"
      disabled={disabled}
      onClick={() => board.cashOut()}
      title={current?.title}
      data-testid={testId}
    >
      {t(`${board.game}.cashOut`, { multiplier: current?.text })}
    </Button>
  );
}

/** The towers' difficulty, as the game and the verifier ask for it. */
export function DifficultySelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: TowersDifficulty;
  onChange: (difficulty: TowersDifficulty) => void;
}) {
  const { t } = useTranslation("games");
  return (
    <GameSelect label={label} value={value} onChange={(next) => onChange(next as TowersDifficulty)}>
      <ChoiceOptions
        values={TOWERS_DIFFICULTY_VALUES}
        label={(difficulty) => t(`towers.difficulties.${difficulty}`)}
      />
    </GameSelect>
  );
}

/** What a tile of a grid game (Towers, Mines) is known to be. */
export interface TileState {
  /** Its content is shown (the round is over, or the tile was picked). */
  known: boolean;
  /** It hides a trap (a mine). */
  trap: boolean;
  /** The player picked it. */
  picked: boolean;
  /** The trap that ended the round. */
  hit: boolean;
  /** It can be picked now. */
  playable: boolean;
}

/** A tile's colours: the trap that ended the round, a trap, a safe pick, a safe tile, open, idle. */
export function tileTone({ known, trap, picked, hit, playable }: TileState): string {
  if (known && trap) {
    return hit ? "bg-rose-700 text-white motion-safe:animate-pop" : "bg-rose-500/30 text-rose-100";
  }
  if (known) {
    return picked
      ? "bg-emerald-400 text-night-950 motion-safe:animate-rise"
      : "bg-emerald-500/20 text-emerald-100";
  }
  return playable
    ? "bg-night-700 text-white hover:scale-[1.03] hover:bg-night-600"
    : "bg-night-800 text-slate-500";
}

/** A tile's sign: ✕ for a trap, ◆ for a safe tile, nothing while unknown. */
export const tileGlyph = ({ known, trap }: Pick<TileState, "known" | "trap">) =>
  known ? (trap ? "✕" : "◆") : "";

/** A tile's accessible name: its place, then what is known of it, the parts left out skipped. */
export const tileLabel = (...parts: (string | null)[]) => parts.filter(Boolean).join(", ");
