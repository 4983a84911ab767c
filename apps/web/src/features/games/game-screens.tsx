/**
 * The web side of the game registry (packages/shared/src/games/registry.ts): each game's screen,
 * its line on the games list, how the verify page shows its outcome and how the history sums a
 * bet up. Keyed by the registry's ids, so a game missing here does not compile (decision 0035).
 * The router's lazy routes (app/router.tsx) name the same paths.
 */
import type {
  GameId,
  PlayedOutcomeOf,
  PlayedResult,
  VerifiedOutcomeOf,
  VerifyResult,
} from "@fre/shared";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { GamesInfo } from "./api/games-api";
import { freText, percentText } from "./game-text";

type Publication = GamesInfo["publication"];
type Context = { t: TFunction<"games">; language: string; symbolName: (symbol: string) => string };

/** Game G's screen; its outcomes are G's own, typed by the registry (outcomes.ts). */
export interface GameScreen<G extends GameId = GameId> {
  /** The screen's route. */
  path: string;
  /** A play changes the games view (free spins, the jackpot): read it again after one. */
  refreshesView: boolean;
  /** The RTP (or expected prize) line of the game's card. */
  rtpLine(publication: Publication, context: Context): string;
  /** The outcome recomputed on the verify page. */
  verifiedOutcome(outcome: VerifiedOutcomeOf<G>, context: Context): ReactNode;
  /** What the history says a settled bet was, beside its amounts (nothing when they suffice). */
  betSummary(outcome: PlayedOutcomeOf<G>, context: Context): string | null;
}

const list = (values: readonly (number | string)[]) => values.join(", ");
const symbolNames = (symbols: readonly string[], { symbolName }: Context) =>
  symbols.map(symbolName).join(", ");
const rtp = (percent: string, { t, language }: Context) =>
  t("rtp", { percent: percentText(percent, language) });

type Reels = VerifiedOutcomeOf<"slot">;
const reelsOutcome = (outcome: Reels, context: Context) => (
  <>
    <p>{context.t("verify.stops", { stops: list(outcome.stops) })}</p>
    <p>{context.t("verify.symbols", { symbols: symbolNames(outcome.symbols, context) })}</p>
  </>
);
const reelsSummary = (outcome: Reels, context: Context) =>
  symbolNames(outcome.symbols, context) || null;

/** A roll as the screens write it: always two decimals, the reader's separator. */
export const rollText = (roll: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roll,
  );

type GameScreens = { [G in GameId]: GameScreen<G> };

export const gameScreens: GameScreens = {
  keno: {
    path: "/game/keno",
    refreshesView: false,
    rtpLine: (publication, { t, language }) => {
      const values = Object.values(publication.keno.rtp)
        .flat()
        .filter((r) => r !== null)
        .map((r) => r.percent)
        .sort((a, b) => Number(a) - Number(b));
      return t("rtpRange", {
        min: percentText(values[0] ?? "0", language),
        max: percentText(values.at(-1) ?? "0", language),
      });
    },
    verifiedOutcome: (outcome, { t }) => <p>{t("verify.draw", { numbers: list(outcome.draw) })}</p>,
    betSummary: (outcome, { t }) => t("verify.draw", { numbers: list(outcome.draw) }),
  },
  towers: {
    path: "/game/towers",
    refreshesView: false,
    rtpLine: (publication, context) => rtp(publication.towers.rtp.percent, context),
    verifiedOutcome: (outcome, { t }) => (
      <ol className="grid gap-0.5">
        {outcome.floors.map((traps, floor) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a floor is its position
          <li key={floor}>
            {t("verify.floors", {
              floor: floor + 1,
              traps: traps.map((tile) => tile + 1).join(", "),
            })}
          </li>
        ))}
      </ol>
    ),
    betSummary: (outcome, { t }) => t(`towers.difficulties.${outcome.difficulty}`),
  },
  hilo: {
    path: "/game/hilo",
    refreshesView: false,
    rtpLine: (publication, context) => rtp(publication.hilo.rtp.percent, context),
    verifiedOutcome: (outcome, { t }) => <p>{t("verify.cards", { cards: list(outcome.cards) })}</p>,
    betSummary: (outcome, { t }) => t("verify.cards", { cards: list(outcome.cards) }),
  },
  slot: {
    path: "/game/slot",
    refreshesView: true,
    rtpLine: (publication, { t, language }) =>
      t("expectedPrize", { amount: freText(publication.slot.expectedPrize.fre, language) }),
    verifiedOutcome: reelsOutcome,
    betSummary: reelsSummary,
  },
  "fre-machine": {
    path: "/fre",
    refreshesView: true,
    rtpLine: (publication, context) => rtp(publication["fre-machine"].rtp.percent, context),
    verifiedOutcome: reelsOutcome,
    betSummary: reelsSummary,
  },
  dice: {
    path: "/game/dice",
    refreshesView: false,
    rtpLine: (publication, context) => rtp(publication.dice.rtp.percent, context),
    verifiedOutcome: (outcome, { t, language }) => (
      <p>{t("verify.roll", { roll: rollText(outcome.roll, language) })}</p>
    ),
    betSummary: (outcome, { t, language }) =>
      t("dice.summary", {
        roll: rollText(outcome.roll, language),
        target: rollText(outcome.target, language),
        direction: t(outcome.direction === "under" ? "dice.under" : "dice.over"),
      }),
  },
  mines: {
    path: "/game/mines",
    refreshesView: false,
    rtpLine: (publication, context) => rtp(publication.mines.rtp.percent, context),
    verifiedOutcome: (outcome, { t }) => (
      <p>{t("verify.minesAt", { tiles: list(outcome.mines.map((tile) => tile + 1)) })}</p>
    ),
    betSummary: (outcome, { t }) =>
      t("mines.summary", {
        mines: outcome.count,
        found: outcome.revealed.filter((tile) => !outcome.mines.includes(tile)).length,
      }),
  },
};

/** The verify page's view of a result, by its game's own screen (typed by the registry). */
export function verifiedOutcomeView<G extends GameId>(result: VerifyResult<G>, context: Context) {
  const screens: GameScreens = gameScreens;
  const screen: GameScreen<G> = screens[result.game];
  return screen.verifiedOutcome(result.outcome, context);
}

/** The history's one line on a settled bet of a game, by that game's screen. */
export function betSummaryOf<G extends GameId>(bet: PlayedResult<G>, context: Context) {
  const screens: GameScreens = gameScreens;
  const screen: GameScreen<G> = screens[bet.game];
  return screen.betSummary(bet.outcome, context);
}
