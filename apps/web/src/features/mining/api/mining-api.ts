import type { CallOutput, Contracts } from "@fre/shared";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError, readEarly, takeEarlyRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { clockOffsetMs } from "../mining-clock";

type MiningState = CallOutput<Contracts["GET /api/mining"]>;

/** The server's mining state plus how far its clock is from ours when it answered. */
export type MiningSnapshot = MiningState & { clockOffsetMs: number };

/** A claim's or a stop's answer: the new state and what was credited. */
export type SettleSnapshot = CallOutput<Contracts["POST /api/mining/claim"]> & {
  clockOffsetMs: number;
};

/** The mining state's query keys, rooted in the cross-feature set (a claim elsewhere refreshes it). */
export const miningKeys = {
  all: queryKeys.mining,
};

async function timed<T extends MiningState>(
  call: () => Promise<T>,
): Promise<T & { clockOffsetMs: number }> {
  const sentAt = Date.now();
  const state = await call();
  return { ...state, clockOffsetMs: clockOffsetMs(state.serverTime, sentAt, Date.now()) };
}

/**
 * The mining state, from the request the boot script sent with the HTML when there is one
 * (its own send and receive times give the clock offset), else from a request made now.
 */
export async function loadMining(signal?: AbortSignal): Promise<MiningSnapshot> {
  const early = takeEarlyRequest("/api/mining");
  if (!early) return timed(() => api.call("GET /api/mining", undefined, signal));
  const state = await readEarly<MiningState>(early, signal);
  const receivedAt = early.receivedAt ?? Date.now();
  return { ...state, clockOffsetMs: clockOffsetMs(state.serverTime, early.sentAt, receivedAt) };
}

export const miningQueryOptions = () =>
  queryOptions({
    queryKey: miningKeys.all,
    queryFn: ({ signal }) => loadMining(signal),
  });

/** Solves a mining-start proof of work, the widget loaded on demand (decision 0044). */
type Solver = () => Promise<string>;

/**
 * Starts a session. Someone who never mined (`firstEver`: no session on screen) solves a
 * mining-start proof of work first and sends it in X-Altcha; a returning miner sends none, and
 * solves one only if the server still asks for it.
 */
export async function startMining(firstEver: boolean, solve: Solver): Promise<MiningSnapshot> {
  const send = (altcha?: string) =>
    timed(() =>
      api.call("POST /api/mining/start", { headers: altcha ? { "x-altcha": altcha } : {} }),
    );
  if (firstEver) return send(await solve());
  try {
    return await send();
  } catch (error) {
    if (isApiError(error) && error.error === "CHALLENGE_REQUIRED") return send(await solve());
    throw error;
  }
}

export const claimMining = (): Promise<SettleSnapshot> =>
  timed(() => api.call("POST /api/mining/claim"));

export const stopMining = (): Promise<SettleSnapshot> =>
  timed(() => api.call("POST /api/mining/stop"));
