import type { MiningState } from "@fre/shared";
import { api } from "../../../lib/api-client";
import { clockOffsetMs } from "../mining-clock";

/** The server's mining state plus how far its clock is from ours when it answered. */
export interface MiningSnapshot extends MiningState {
  clockOffsetMs: number;
}

export interface SettleSnapshot extends MiningSnapshot {
  credited: string;
}

async function timed<T extends MiningState>(
  call: () => Promise<T>,
): Promise<T & { clockOffsetMs: number }> {
  const sentAt = Date.now();
  const state = await call();
  return { ...state, clockOffsetMs: clockOffsetMs(state.serverTime, sentAt, Date.now()) };
}

export const fetchMining = (signal?: AbortSignal) =>
  timed(() => api.get<MiningState>("/api/mining", signal));

export const startMining = () => timed(() => api.post<MiningState>("/api/mining/start"));

export const claimMining = () =>
  timed(() => api.post<MiningState & { credited: string }>("/api/mining/claim"));

export const stopMining = () =>
  timed(() => api.post<MiningState & { credited: string }>("/api/mining/stop"));
