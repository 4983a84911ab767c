import type { MiningState } from "@fre/shared";
import { readEarly, takeEarlyRequest } from "../../../lib/api-client";
import { fetchMining, type MiningSnapshot } from "../api/mining-api";
import { clockOffsetMs } from "../mining-clock";

/**
 * The mining state, from the request the boot script sent with the HTML when there is one
 * (its own send and receive times give the clock offset), else from a request made now.
 */
export async function loadMining(signal?: AbortSignal): Promise<MiningSnapshot> {
  const early = takeEarlyRequest("/api/mining");
  if (!early) return fetchMining(signal);
  const state = await readEarly<MiningState>(early, signal);
  const receivedAt = early.receivedAt ?? Date.now();
  return { ...state, clockOffsetMs: clockOffsetMs(state.serverTime, early.sentAt, receivedAt) };
}
