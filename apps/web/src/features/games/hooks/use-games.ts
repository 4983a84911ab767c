import { type GameId, type GamePlay, parseFre, type Wallet } from "@fre/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../lib/api-client";
import { onLiveEvent } from "../../../lib/live-events";
import { queryKeys } from "../../../lib/query-keys";
import {
  changeClientSeed,
  currentRoundQueryOptions,
  type GamesInfo,
  gamesKeys,
  gamesQueryOptions,
  type RoundGame,
  rotateSeeds,
  seedsQueryOptions,
} from "../api/games-api";
import { gameScreens } from "../game-screens";
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
      queryClient.setQueryData<GamesInfo>(gamesKeys.all, (games) =>
        games ? { ...games, jackpot: pool } : games,
      );
    });
    const stopOpen = onLiveEvent("open", () => {
      void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
    });
    return () => {
      stopPool();
      stopOpen();
    };
  }, [live, queryClient]);
  return useQuery(gamesQueryOptions());
}

export function useSeeds() {
  return useQuery(seedsQueryOptions());
}

/** The balance, as the wallet reads it (same query, same key). */
export function useBalance(): string | undefined {
  return useQuery({
    queryKey: queryKeys.wallet,
    queryFn: ({ signal }) => api.call("GET /api/wallet", undefined, signal),
  }).data?.balance;
}

export function useCurrentRound<G extends RoundGame>(game: G) {
  return useQuery(currentRoundQueryOptions(game));
}

/**
 * A play (bet, spin, step, cash-out) of game G, answered with G's own play: the answer's balance
 * goes straight to the wallet; the seeds (nonce), the history and the free spins are read again.
 */
export function usePlay<Body, G extends GameId>(
  play: (body: Body) => Promise<GamePlay<G>>,
  round?: RoundGame,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: play,
    onSuccess: (result) => {
      queryClient.setQueryData<Wallet>(queryKeys.wallet, (wallet) =>
        wallet ? { ...wallet, balance: result.balance } : wallet,
      );
      if (round) {
        const { balance: _balance, ...rest } = result;
        queryClient.setQueryData(gamesKeys.round(round), {
          round: result.status === "open" ? rest : null,
        });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.ledger });
      void queryClient.invalidateQueries({ queryKey: gamesKeys.seeds() });
      void queryClient.invalidateQueries({ queryKey: gamesKeys.bets() });
      // Free spins and the jackpot are in the games view.
      if (gameScreens[result.game].refreshesView) {
        void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
      }
    },
  });
}

export function useChangeClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeClientSeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gamesKeys.seeds() }),
  });
}

export function useRotateSeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSeeds,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gamesKeys.seeds() });
      // Past bets of the revealed pair can now be verified.
      void queryClient.invalidateQueries({ queryKey: gamesKeys.bets() });
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
