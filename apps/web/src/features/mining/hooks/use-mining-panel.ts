import { EARNINGS_TICK_MS, formatRemaining, SESSION_DURATION_MS } from "@fre/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type MiningSnapshot, miningKeys, type SettleSnapshot } from "../api/mining-api";
import {
  liveEarningsNano,
  type MiningPhase,
  miningPhase,
  remainingMs,
  serverNow,
  sessionProgress,
} from "../mining-clock";
import { useNow, useSettleMining, useStartMining } from "./use-mining";

const CLOCK_TICK_MS = 1000;

export interface MiningPanelState {
  session: MiningSnapshot["session"];
  phase: MiningPhase;
  /** What the ring shows, in nano-FRE: moves every 2 s (spec §4) and never steps back. */
  earningsShown: bigint;
  /** The live figure a claim would credit now. */
  earnings: bigint;
  /** "HH:MM:SS" left (the full 24 h before a session starts). */
  remaining: string;
  progress: number;
  /** The answer of a claim or stop of the session on screen, while it is still the one shown. */
  justSettled: SettleSnapshot | null;
  /** The last action's failure, if any. */
  failure: Error | null;
  /** An action is on its way (every button waits). */
  busy: boolean;
  start: { pending: boolean; run: () => void };
  claim: { pending: boolean; run: () => void };
  stop: {
    pending: boolean;
    /** The confirmation dialog is open. */
    asking: boolean;
    ask: () => void;
    cancel: () => void;
    confirm: () => void;
  };
}

/** The mining session on the server's clock, and the start / claim / stop actions. */
export function useMiningPanel(snapshot: MiningSnapshot): MiningPanelState {
  const queryClient = useQueryClient();
  const { session } = snapshot;
  const start = useStartMining(session === null);
  const claim = useSettleMining("claim");
  const stop = useSettleMining("stop");
  const [asking, setAsking] = useState(false);

  const running = session !== null && !session.claimed;
  const localNow = useNow(CLOCK_TICK_MS, running);
  const now = serverNow(snapshot.clockOffsetMs, localNow);
  const phase = miningPhase(session, now);
  // The counter moves every 2 s (spec §4), the clock every second.
  const earningsAt = now - (now % EARNINGS_TICK_MS);
  const earnings = session ? liveEarningsNano(session, earningsAt) : 0n;

  // Never let the counter step back (a re-check can move the clock offset a few ms).
  const shown = useRef({ id: "", nano: 0n });
  let earningsShown = earnings;
  if (session && phase === "active") {
    if (shown.current.id === session.id && shown.current.nano > earnings) {
      earningsShown = shown.current.nano;
    }
    shown.current = { id: session.id, nano: earningsShown };
  }

  // Our clock says the session just ended: let the server confirm it.
  const previousPhase = useRef(phase);
  useEffect(() => {
    if (previousPhase.current === "active" && phase === "ended") {
      void queryClient.invalidateQueries({ queryKey: miningKeys.all });
    }
    previousPhase.current = phase;
  }, [phase, queryClient]);

  const settled = claim.data ?? stop.data;
  const reset = () => {
    start.reset();
    claim.reset();
    stop.reset();
  };

  return {
    session,
    phase,
    earningsShown,
    earnings,
    remaining: formatRemaining(session ? remainingMs(session, now) : SESSION_DURATION_MS),
    progress: session ? sessionProgress(session, now) : 0,
    justSettled: settled && session && settled.session?.id === session.id ? settled : null,
    failure: start.error ?? claim.error ?? stop.error,
    busy: start.isPending || claim.isPending || stop.isPending,
    start: {
      pending: start.isPending,
      run: () => {
        reset();
        // Never mined (no session at all): the first start carries a proof of work.
        start.mutate(session === null);
      },
    },
    claim: {
      pending: claim.isPending,
      run: () => {
        reset();
        claim.mutate();
      },
    },
    stop: {
      pending: stop.isPending,
      asking,
      ask: () => {
        reset();
        setAsking(true);
      },
      cancel: () => setAsking(false),
      confirm: () => stop.mutate(undefined, { onSettled: () => setAsking(false) }),
    },
  };
}
