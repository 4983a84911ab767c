/**
 * The web side of the game registry (packages/shared/src/games/registry.ts): each game's screen,
 * its line on the games list, how the verify page shows its outcome and how the history sums a
 * bet up. Keyed by the registry's ids, so a game missing here does not compile (decision 0035).
 * The router's lazy routes (app/router.tsx) name the same paths.
 */
import type { GameId } from "@fre/shared";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { GamesInfo } from "./api/games-api";
import { freText, percentText } from "./game-text";

type Publication = GamesInfo["publication"];
type Outcome = Record<string, unknown>;
type Context = { t: TFunction<"games">; language: string; symbolName: (symbol: string) => string };

export interface GameScreen {
  /** The screen's route. */
  path: string;
  /** A play changes the games view (free spins, the jackpot): read it again after one. */
  refreshesView: boolean;
  /** The RTP (or expected prize) line of the game's card. */
  rtpLine(publication: Publication, context: Context): string;
  /** The outcome recomputed on the verify page. */
  verifiedOutcome(outcome: Outcome, context: Context): ReactNode;
  /** What the history says a settled bet was, beside its amounts (nothing when they suffice). */
  betSummary(outcome: Outcome, context: Context): string | null;
}

const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
const symbolNames = (value: unknown, { symbolName }: Context) =>
  Array.isArray(value) ? value.map((symbol) => symbolName(String(symbol))).join(", ") : "";
const rtp = (percent: string, { t, language }: Context) =>
  t("rtp", { percent: percentText(percent, language) });

const reelsOutcome = (outcome: Outcome, context: Context) => (
  <>
    <p>{context.t("verify.stops", { stops: list(outcome.stops) })}</p>
    <p>{context.t("verify.symbols", { symbols: symbolNames(outcome.symbols, context) })}</p>
  </>
);
const reelsSummary = (outcome: Outcome, context: Context) =>
  symbolNames(outcome.symbols, context) || null;

/** A roll as the screens write it: always two decimals, the reader's separator. */
export const rollText = (roll: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    roll,
  );

export const gameScreens: Record<GameId, GameScreen> = {
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
    betSummary: (outcome, { t }) =>
      Array.isArray(outcome.draw) ? t("verify.draw", { numbers: list(outcome.draw) }) : null,
  },
  towers: {
    path: "/game/towers",
    refreshesView: false,
    rtpLine: (publication, context) => rtp(publication.towers.rtp.percent, context),
    verifiedOutcome: (outcome, { t }) =>
      Array.isArray(outcome.floors) ? (
        <ol className="grid gap-0.5">
          {(outcome.floors as number[][]).map((traps, floor) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a floor is its position
            <li key={floor}>
              {t("verify.floors", {
                floor: floor + 1,
                traps: traps.map((tile) => tile + 1).join(", "),
              })}
            </li>
          ))}
        </ol>
      ) : null,
    betSummary: (outcome, { t }) =>
      typeof outcome.difficulty === "string"
        ? t(`towers.difficulties.${outcome.difficulty}`, { defaultValue: outcome.difficulty })
        : null,
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
      <p>{t("verify.roll", { roll: rollText(Number(outcome.roll), language) })}</p>
    ),
    betSummary: (outcome, { t, language }) =>
      t("dice.summary", {
        roll: rollText(Number(outcome.roll), language),
        target: rollText(Number(outcome.target), language),
        direction: t(outcome.direction === "under" ? "dice.under" : "dice.over"),
      }),
  },
};
