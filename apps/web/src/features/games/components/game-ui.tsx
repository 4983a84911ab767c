import type { BetGame, Game, GamePlay } from "@fre/shared";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatMultiplier, formatTime } from "../../../lib/format";
import type { GamesInfo, OpenRound, RoundGame } from "../api/games-api";
import { freText } from "../game-text";
import { nextUtcMidnight } from "../games-logic";
import { useBalance, useBetAmount, useCurrentRound, useGames, usePlay } from "../hooks/use-games";
import { BetControls } from "./bet-controls";
import { SoundToggle } from "./sound-toggle";

/**
 * A multiplier of the API ("1.2870") as the player reads it: two decimals ("1,29"), and, when
 * those round it, a tooltip with its precise value (decision 0024). Spread on the element showing
 * it: `<p title={m.title}>`.
 */
export function useMultiplier() {
  const { t, i18n } = useTranslation("games");
  return (multiplier: string) => {
    const { text, precise } = formatMultiplier(multiplier, i18n.language);
    return { text, title: precise ? t("multiplierPrecise", { exact: precise }) : undefined };
  };
}

/** "01:00 (heure locale)": when the next daily free spin comes, in the user's own time. */
export function useNextDailySpin() {
  const { t, i18n } = useTranslation("games");
  return () =>
    t("freeSpins.dailyUsed", { time: formatTime(nextUtcMidnight(Date.now()), i18n.language) });
}

/** Every game screen: its title, the way back to /game, the sound switch and the balance. */
export function GameScreen({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation("games");
  const balance = useBalance();
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/game" className="w-fit text-sm font-semibold text-amber-200 underline">
          {t("allGames")}
        </Link>
        <SoundToggle />
      </div>
      <PageTitle title={title}>{title}</PageTitle>
      {subtitle ? <p className="text-sm text-slate-300">{subtitle}</p> : null}
      {balance !== undefined ? (
        <p className="text-sm text-slate-200" data-testid="games-balance">
          {t("balance", { amount: freText(balance, i18n.language) })}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * A game played in rounds (Towers, Hi-Lo): its screen once the games' publication and the round
 * left open, if any, are read.
 */
export function RoundGameScreen<G extends RoundGame>({
  game,
  Board,
}: {
  game: G;
  /** The game's board, given the publication and the round left open. */
  Board: ComponentType<{ info: GamesInfo; resumed: OpenRound<G> | null }>;
}) {
  const { t } = useTranslation("games");
  const games = useGames();
  const current = useCurrentRound(game);
  return (
    <GameScreen title={t(`names.${game}`)} subtitle={t(`descriptions.${game}`)}>
      <QueryState query={games}>
        {(info) => (
          <QueryState query={current}>
            {(data) => <Board info={info} resumed={data.round} />}
          </QueryState>
        )}
      </QueryState>
    </GameScreen>
  );
}

/**
 * A game settled by one request (Keno, Dice): its screen once the games' publication is read,
 * with the bet's amount (starting at the minimum), the balance and the play of that game.
 */
export function BetGameScreen<G extends BetGame, Body>({
  game,
  ...shell
}: { game: G } & BetShell<G, Body>) {
  const { t } = useTranslation("games");
  const games = useGames();
  return (
    <GameScreen title={t(`names.${game}`)} subtitle={t(`descriptions.${game}`)}>
      <QueryState query={games}>{(info) => <BetBoardOf info={info} {...shell} />}</QueryState>
    </GameScreen>
  );
}

/** What a bet game's board gets from its shell. */
export interface BetBoard<G extends BetGame, Body> {
  info: GamesInfo;
  play: ReturnType<typeof usePlay<Body, G>>;
  /** The bet field (amount, limits, balance), disabled while a bet is on its way. */
  betControls: ReactNode;
  amount: string;
}

/** A bet game's play (its one request) and its board. */
interface BetShell<G extends BetGame, Body> {
  play: (body: Body) => Promise<GamePlay<G>>;
  Board: ComponentType<BetBoard<G, Body>>;
}

function BetBoardOf<G extends BetGame, Body>({
  info,
  play,
  Board,
}: { info: GamesInfo } & BetShell<G, Body>) {
  const balance = useBalance();
  const [amount, setAmount] = useBetAmount(info.limits.minBet);
  const mutation = usePlay(play);
  const betControls = (
    <BetControls
      amount={amount}
      onChange={setAmount}
      bounds={{ ...info.limits, balance }}
      disabled={mutation.isPending}
    />
  );
  return <Board info={info} play={mutation} betControls={betControls} amount={amount} />;
}

/**
 * A bet game's board (`board`): what comes first (`before`), then the panel of the bet — the
 * game's settings (`children`), the bet field, the play button (it sends `bet`; none yet:
 * disabled) and the refusal; under them, once the last bet is shown, what it drew (`drawn`) and
 * its outcome.
 */
export function BetLayout<G extends BetGame, Body>({
  board: { play, betControls, amount },
  label,
  bet,
  drawn,
  before,
  children,
}: {
  board: BetBoard<G, Body>;
  label: string;
  bet: Body | null;
  drawn: ReactNode;
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4">
      {before}
      <div className={`${panelClasses} grid gap-3`}>
        {children}
        {betControls}
        <Button
          size="lg"
          disabled={play.isPending || bet === null || amount === ""}
          onClick={() => bet !== null && play.mutate(bet)}
        >
          {label}
        </Button>
        <PlayError error={play.error} />
      </div>
      {drawn ? (
        <div className="grid gap-2">
          {drawn}
          <PlayOutcome play={play.data} />
        </div>
      ) : null}
    </div>
  );
}

/** The API's refusal (already in the user's language), announced at once. */
export function PlayError({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert tone="error" className="w-full">
      <span data-testid="games-error">{error.message}</span>
    </Alert>
  );
}

/** What the server decided: the payout and the multiplier, with the bet's nonce. */
export function PlayOutcome<G extends Game>({ play }: { play: GamePlay<G> | null | undefined }) {
  const { t, i18n } = useTranslation("games");
  const multiplier = useMultiplier();
  if (play?.status !== "settled") return null;
  const won = Number(play.payout) > 0;
  const shown = multiplier(play.multiplier);
  return (
    <div
      role="status"
      data-testid="games-result"
      data-payout={play.payout}
      className={`rounded-xl border px-4 py-3 text-sm motion-safe:animate-rise ${
        won
          ? "border-emerald-400/50 bg-emerald-500/10 text-emerald-100"
          : "border-night-600 bg-night-800 text-slate-200"
      }`}
    >
      <p className="font-semibold" title={won && play.game !== "slot" ? shown.title : undefined}>
        {won && play.game === "slot"
          ? t("result.prize", { amount: freText(play.payout, i18n.language) })
          : won
            ? t("result.win", {
                amount: freText(play.payout, i18n.language),
                multiplier: shown.text,
              })
            : play.game === "slot"
              ? t("result.noReturn")
              : t("result.loss", { amount: freText(play.amount, i18n.language) })}
      </p>
      <p className="text-xs text-slate-300">{t("result.nonce", { nonce: play.nonce })}</p>
    </div>
  );
}

export const panelClasses = "rounded-2xl border border-night-700 bg-night-850 p-4";
