import type { CallInput, CallOutput, Contracts, GamePlay, GameRound, RoundGame } from "@fre/shared";
import { infiniteQueryOptions, queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { withTypedBet } from "../games-logic";

/** `GET /api/games`: the publication (typed from the registry), limits, free spins, jackpot. */
export type GamesInfo = CallOutput<Contracts["GET /api/games"]>;
/** A Towers, Hi-Lo or Mines round still running, as `GET …/rounds/current` answers it. */
export type OpenRound<G extends RoundGame = RoundGame> = GameRound<G>;
/** The games played in rounds of steps (derived from the registry's kind "round"). */
export type { RoundGame };
export type VerifyQuery = CallInput<Contracts["GET /api/games/verify"]>["query"];

export const BETS_PAGE_SIZE = 20;

/** The games' query keys: one set, every query of these screens under `all`. */
export const gamesKeys = {
  all: ["games"] as const,
  seeds: () => [...gamesKeys.all, "seeds"] as const,
  bets: () => [...gamesKeys.all, "bets"] as const,
  round: (game: RoundGame) => [...gamesKeys.all, "round", game] as const,
};

/** The games view; its key is the root (a play that changes the jackpot refreshes it). */
export const gamesQueryOptions = () =>
  queryOptions({
    queryKey: gamesKeys.all,
    queryFn: ({ signal }) => api.call("GET /api/games", undefined, signal),
  });

export const seedsQueryOptions = () =>
  queryOptions({
    queryKey: gamesKeys.seeds(),
    queryFn: ({ signal }) => api.call("GET /api/games/seeds", undefined, signal),
  });

/** Newest first; each page's nextCursor asks for the older ones. */
export const betsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: gamesKeys.bets(),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        "GET /api/games/bets",
        { query: { limit: BETS_PAGE_SIZE, cursor: pageParam ?? undefined } },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The calls each round game has of its own (its open round, its cash-out). */
const rounds: {
  [G in RoundGame]: {
    current(signal?: AbortSignal): Promise<{ round: OpenRound<G> | null }>;
    cashOut(id: string): Promise<GamePlay<G>>;
  };
} = {
  towers: {
    current: (signal) => api.call("GET /api/games/towers/rounds/current", undefined, signal),
    cashOut: (id) => api.call("POST /api/games/towers/rounds/:id/cashout", { params: { id } }),
  },
  hilo: {
    current: (signal) => api.call("GET /api/games/hilo/rounds/current", undefined, signal),
    cashOut: (id) => api.call("POST /api/games/hilo/rounds/:id/cashout", { params: { id } }),
  },
  mines: {
    current: (signal) => api.call("GET /api/games/mines/rounds/current", undefined, signal),
    cashOut: (id) => api.call("POST /api/games/mines/rounds/:id/cashout", { params: { id } }),
  },
};

export const currentRoundQueryOptions = <G extends RoundGame>(game: G) =>
  queryOptions<{ round: OpenRound<G> | null }>({
    queryKey: gamesKeys.round(game),
    queryFn: ({ signal }) => rounds[game].current(signal),
  });

export const changeClientSeed = (clientSeed: string) =>
  api.call("PUT /api/games/seeds", { body: { clientSeed } });
export const rotateSeeds = () => api.call("POST /api/games/seeds/rotate");

// A bet is sent as the API writes it: the field keeps what the player typed (« 2,5 »).
type Body<K extends keyof Contracts> =
  CallInput<Contracts[K]> extends { body: infer B } ? B : never;

export const playKeno = (body: Body<"POST /api/games/keno/bets">) =>
  api.call("POST /api/games/keno/bets", { body: withTypedBet(body) });
export const playDice = (body: Body<"POST /api/games/dice/bets">) =>
  api.call("POST /api/games/dice/bets", { body: withTypedBet(body) });
export const startTowers = (body: Body<"POST /api/games/towers/rounds">) =>
  api.call("POST /api/games/towers/rounds", { body: withTypedBet(body) });
export const stepTowers = (id: string, tile: number) =>
  api.call("POST /api/games/towers/rounds/:id/steps", { params: { id }, body: { tile } });
export const startHilo = (body: Body<"POST /api/games/hilo/rounds">) =>
  api.call("POST /api/games/hilo/rounds", { body: withTypedBet(body) });
export const guessHilo = (
  id: string,
  guess: Body<"POST /api/games/hilo/rounds/:id/guesses">["guess"],
) => api.call("POST /api/games/hilo/rounds/:id/guesses", { params: { id }, body: { guess } });
/** A key the server remembers for one round's opening (a retry opens nothing twice). */
export function newRoundKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; 16 random bytes say as much.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
/** Opens a Mines round once per `key`: the same key answers the round it opened. */
export const startMines = ({
  key,
  ...body
}: Body<"POST /api/games/mines/rounds"> & { key: string }) =>
  api.call("POST /api/games/mines/rounds", {
    headers: { "idempotency-key": key },
    body: withTypedBet(body),
  });
export const revealMines = (id: string, tile: number) =>
  api.call("POST /api/games/mines/rounds/:id/reveal", { params: { id }, body: { tile } });
export const cashOut = <G extends RoundGame>(game: G, id: string) => rounds[game].cashOut(id);
export const spinSlot = () => api.call("POST /api/games/slot/spins");
export const spinFreMachine = (body: Body<"POST /api/games/fre-machine/spins">) =>
  api.call("POST /api/games/fre-machine/spins", { body: withTypedBet(body) });

/** The public recomputation, to compare with the browser's own. */
export const fetchVerify = (query: VerifyQuery, signal?: AbortSignal) =>
  api.call("GET /api/games/verify", { query }, signal);

/** The server's side of a verification: asked on demand (the verify page's button), not cached. */
export const useVerifyRound = () =>
  useMutation({ mutationFn: (query: VerifyQuery) => fetchVerify(query) });
