import type {
  GameBet,
  GameId,
  GamePlay,
  GamesPublication,
  GamesView,
  RotateSeeds,
  SeedPairView,
  SeedsView,
  TowersDifficulty,
} from "@fre/shared";
import { api } from "../../../lib/api-client";

/** `GET /api/games` with its publication typed (the server sends the shared core's). */
export type GamesInfo = Omit<GamesView, "publication"> & { publication: GamesPublication };
export type OpenRound = Omit<GamePlay, "balance">;
export type GameBetsPage = { items: GameBet[]; nextCursor: string | null };
export type RoundGame = "towers" | "hilo";

export const gamesQueryKeys = {
  games: ["games"] as const,
  seeds: ["games", "seeds"] as const,
  bets: ["games", "bets"] as const,
  round: (game: RoundGame) => ["games", "round", game] as const,
};

export const BETS_PAGE_SIZE = 20;

export const fetchGames = (signal?: AbortSignal) => api.get<GamesInfo>("/api/games", signal);
export const fetchSeeds = (signal?: AbortSignal) => api.get<SeedsView>("/api/games/seeds", signal);
export const changeClientSeed = (clientSeed: string) =>
  api.put<SeedPairView>("/api/games/seeds", { clientSeed });
export const rotateSeeds = () => api.post<RotateSeeds>("/api/games/seeds/rotate");

export function fetchBetsPage(cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(BETS_PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  return api.get<GameBetsPage>(`/api/games/bets?${query}`, signal);
}

export const playKeno = (body: { amount: string; picks: number[]; risk: string }) =>
  api.post<GamePlay>("/api/games/keno/bets", body);

export const fetchCurrentRound = (game: RoundGame, signal?: AbortSignal) =>
  api.get<{ round: OpenRound | null }>(`/api/games/${game}/rounds/current`, signal);
export const startTowers = (body: { amount: string; difficulty: TowersDifficulty }) =>
  api.post<GamePlay>("/api/games/towers/rounds", body);
export const stepTowers = (id: string, tile: number) =>
  api.post<GamePlay>(`/api/games/towers/rounds/${encodeURIComponent(id)}/steps`, { tile });
export const startHilo = (body: { amount: string }) =>
  api.post<GamePlay>("/api/games/hilo/rounds", body);
export const guessHilo = (id: string, guess: "higher" | "lower" | "skip") =>
  api.post<GamePlay>(`/api/games/hilo/rounds/${encodeURIComponent(id)}/guesses`, { guess });
export const cashOut = (game: RoundGame, id: string) =>
  api.post<GamePlay>(`/api/games/${game}/rounds/${encodeURIComponent(id)}/cashout`);

export const spinSlot = () => api.post<GamePlay>("/api/games/slot/spins");
export const spinFreMachine = (body: { amount: string }) =>
  api.post<GamePlay>("/api/games/fre-machine/spins", body);

export interface VerifyQuery {
  game: GameId;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  difficulty?: TowersDifficulty;
}

/** The public recomputation, to compare with the browser's own. */
export function fetchVerify(query: VerifyQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    game: query.game,
    serverSeed: query.serverSeed,
    clientSeed: query.clientSeed,
    nonce: String(query.nonce),
  });
  if (query.difficulty) params.set("difficulty", query.difficulty);
  return api.get<{ game: GameId; outcome: Record<string, unknown> }>(
    `/api/games/verify?${params}`,
    signal,
  );
}
