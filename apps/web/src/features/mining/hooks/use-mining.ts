import { EARNINGS_TICK_MS, RATE_REFRESH_MS } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { invalidateAccount } from "../../../lib/query-keys";
import { solveProofOfWork, warmProofOfWork } from "../../challenge";
import {
  claimMining,
  type MiningSnapshot,
  miningKeys,
  miningQueryOptions,
  type SettleSnapshot,
  startMining,
  stopMining,
} from "../api/mining-api";

/**
 * The server is the authority: re-checked every 60 s and whenever the tab comes back
 * (another device may have started, claimed or stopped meanwhile).
 */
export function useMiningQuery() {
  const query = useQuery({
    ...miningQueryOptions(),
    staleTime: 5_000,
    refetchInterval: RATE_REFRESH_MS,
    refetchIntervalInBackground: false,
    // Our own visibilitychange listener below does it, whatever the staleness.
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void refetch({ cancelRefetch: false });
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refetch]);
  return query;
}

function useApplySnapshot(refreshBalances: boolean) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (snapshot: MiningSnapshot) => {
      const { clockOffsetMs, session, rate, serverTime } = snapshot;
      queryClient.setQueryData<MiningSnapshot>(miningKeys.all, {
        clockOffsetMs,
        session,
        rate,
        serverTime,
      });
      if (!refreshBalances) return;
      // The server also wrote a claim notification and ledger line; the session is the answer.
      void invalidateAccount(queryClient, { except: [miningKeys.all] });
    },
    // Whatever failed (a session started elsewhere, e-mail not verified yet), show the truth.
    onError: () => void queryClient.invalidateQueries({ queryKey: miningKeys.all }),
  };
}

/**
 * Starts a session. `firstEver` (never mined) carries a proof of work: its widget's code is
 * warmed while the browser is idle as soon as such a start button can show.
 */
export function useStartMining(firstEver: boolean) {
  const { i18n } = useTranslation();
  useEffect(() => (firstEver ? warmProofOfWork(i18n.language) : undefined), [firstEver, i18n]);
  return useMutation<MiningSnapshot, Error, boolean>({
    mutationFn: (firstEver) =>
      startMining(firstEver, () => solveProofOfWork("mining-start", i18n.language)),
    ...useApplySnapshot(false),
  });
}

/** Claim (ended or not) or stop: credits the session once; the answer says how much. */
export function useSettleMining(mode: "claim" | "stop") {
  return useMutation<SettleSnapshot, Error>({
    mutationFn: mode === "claim" ? claimMining : stopMining,
    ...useApplySnapshot(true),
  });
}

/**
 * The local clock, re-read every `intervalMs` while `running` and the page is visible
 * (a hidden tab does no work), and at once when it becomes visible again.
 */
export function useNow(intervalMs: number = EARNINGS_TICK_MS, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    let timer: number | undefined;
    const tick = () => setNow(Date.now());
    const schedule = () => {
      window.clearInterval(timer);
      timer =
        document.visibilityState === "visible" ? window.setInterval(tick, intervalMs) : undefined;
      if (timer !== undefined) tick();
    };
    schedule();
    document.addEventListener("visibilitychange", schedule);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", schedule);
    };
  }, [intervalMs, running]);
  return now;
}
