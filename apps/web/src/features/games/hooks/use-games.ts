import { type GamePlay, parseFre, type Wallet } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api-client";
import { onLiveEvent } from "../../../lib/live-events";
import { queryKeys } from "../../../lib/query-keys";
import {
  changeClientSeed,
  fetchCurrentRound,
  fetchGames,
  fetchSeeds,
  type GamesInfo,
  gamesQueryKeys,
  type RoundGame,
  rotateSeeds,
} from "../api/games-api";
import { plainAmount } from "../games-logic";

/**
 * The games, their limits and the progressive jackpot. With `live`, the pool follows the app's
 * event stream (event `jackpot`, at most one a second) and is read again on each reconnection.
 */
export function useGames({ live = false }: { live?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!live) return;
    const stopPool = onLiveEvent("jackpot", (data) => {
      const pool = (data as { pool?: unknown } | null)?.pool;
      if (typeof pool !== "string") return;
      queryClient.setQueryData<GamesInfo>(gamesQueryKeys.games, (games) =>
        games ? { ...games, jackpot: pool } : games,
      );
    });
    const stopOpen = onLiveEvent("open", () => {
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.games });
    });
    return () => {
      stopPool();
      stopOpen();
    };
  }, [live, queryClient]);
  return useQuery({
    queryKey: gamesQueryKeys.games,
    queryFn: ({ signal }) => fetchGames(signal),
  });
}

export function useSeeds() {
  return useQuery({ queryKey: gamesQueryKeys.seeds, queryFn: ({ signal }) => fetchSeeds(signal) });
}

/** The balance, as the wallet reads it (same query, same key). */
export function useBalance(): string | undefined {
  return useQuery({
    queryKey: queryKeys.wallet,
    queryFn: ({ signal }) => api.get<Wallet>("/api/wallet", signal),
  }).data?.balance;
}

export function useCurrentRound(game: RoundGame) {
  return useQuery({
    queryKey: gamesQueryKeys.round(game),
    queryFn: ({ signal }) => fetchCurrentRound(game, signal),
  });
}

/**
 * A play (bet, spin, step, cash-out): the answer's balance goes straight to the wallet; the
 * seeds (nonce), the history and the free spins are read again.
 */
export function usePlay<Body>(play: (body: Body) => Promise<GamePlay>, round?: RoundGame) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: play,
    onSuccess: (result) => {
      queryClient.setQueryData<Wallet>(queryKeys.wallet, (wallet) =>
        wallet ? { ...wallet, balance: result.balance } : wallet,
      );
      if (round) {
        const { balance: _balance, ...rest } = result;
        queryClient.setQueryData(gamesQueryKeys.round(round), {
          round: result.status === "open" ? rest : null,
        });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger });
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.seeds });
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.bets });
      if (result.game === "slot" || result.game === "fre-machine") {
        void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.games });
      }
    },
  });
}

export function useChangeClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeClientSeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesQueryKeys.seeds }),
  });
}

export function useRotateSeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSeeds,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.seeds });
      // Past bets of the revealed pair can now be verified.
      void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.bets });
    },
  });
}

/** The bet field's value, starting at the minimum bet once it is known. */
export function useBetAmount(minBet: string | undefined) {
  const [amount, setAmount] = useState("");
  useEffect(() => {
    if (minBet !== undefined) setAmount((current) => current || plainAmount(parseFre(minBet)));
  }, [minBet]);
  return [amount, setAmount] as const;
}
