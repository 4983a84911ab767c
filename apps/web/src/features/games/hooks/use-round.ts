import type { GamePlay } from "@fre/shared";
import { useState } from "react";
import { cashOut, type GamesInfo, type OpenRound, type RoundGame } from "../api/games-api";
import { useMultiplier } from "../components/game-ui";
import { outcomeSound, play as playSound, stepSound } from "../sound";
import { useBalance, useBetAmount, usePlay } from "./use-games";

/** How a round game opens and plays a step (its cash-out is every round game's). */
export interface RoundCalls<G extends RoundGame, Start, Step> {
  start(body: Start): Promise<GamePlay<G>>;
  step(id: string, body: Step): Promise<GamePlay<G>>;
}

/**
 * A round game's wiring, shared by its pages (Towers, Hi-Lo, Mines): opening a round, its steps
 * and its cash-out as plays of G; the round shown (the open one, or the last settled one); whether
 * it was resumed after a reload; one busy flag and one error; a tick on each step, the outcome's
 * sound when it settles.
 */
export function useRound<G extends RoundGame, Start, Step>(
  game: G,
  calls: RoundCalls<G, Start, Step>,
  resumed: OpenRound<G> | null,
) {
  const [last, setLast] = useState<GamePlay<G> | null>(null);
  const start = usePlay(calls.start, game);
  const step = usePlay(({ id, body }: { id: string; body: Step }) => calls.step(id, body), game);
  const cash = usePlay((id: string) => cashOut(game, id), game);
  const settle = (play: GamePlay<G>) => setLast(play.status === "settled" ? play : null);
  return {
    /** The open round, else the last one settled here (to show how it ended). */
    round: resumed ?? last,
    /** The last round settled on this screen (null while one is open). */
    last,
    open: resumed !== null,
    /** The open round was found on arrival (a reload), not opened on this screen. */
    wasResumed: resumed !== null && !start.data && !step.data,
    busy: start.isPending || step.isPending || cash.isPending,
    error: start.error ?? step.error ?? cash.error,
    start(body: Start, opened?: (play: GamePlay<G>) => void) {
      start.mutate(body, {
        onSuccess: (play) => {
          setLast(null);
          opened?.(play);
        },
      });
    },
    step(body: Step) {
      if (!resumed) return;
      step.mutate(
        { id: resumed.id, body },
        {
          onSuccess: (play) => {
            settle(play);
            playSound(stepSound(play));
          },
        },
      );
    },
    cashOut() {
      if (!resumed) return;
      cash.mutate(resumed.id, {
        onSuccess: (play) => {
          settle(play);
          playSound(outcomeSound(play));
        },
      });
    },
  };
}

/**
 * A round game's screen state: its round (`useRound`), the bet's amount and bounds (the limits
 * and the balance), the multiplier's display and the multiplier reached by the round shown.
 */
export function useRoundGame<G extends RoundGame, Start, Step>(
  game: G,
  calls: RoundCalls<G, Start, Step>,
  info: GamesInfo,
  resumed: OpenRound<G> | null,
) {
  const balance = useBalance();
  const [amount, setAmount] = useBetAmount(info.limits.minBet);
  const round = useRound(game, calls, resumed);
  const multiplier = useMultiplier();
  return {
    ...round,
    game,
    info,
    amount,
    setAmount,
    bounds: { ...info.limits, balance },
    multiplier,
    current: round.round ? multiplier(round.round.multiplier) : null,
  };
}

export type RoundBoard = ReturnType<typeof useRoundGame<RoundGame, never, never>>;
