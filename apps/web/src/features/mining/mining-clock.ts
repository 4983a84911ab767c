import { type MiningSessionView, parseFre, sessionEarnings } from "@fre/shared";
import { ssrState } from "../../lib/ssr-state";

export type MiningPhase = "idle" | "active" | "ended" | "claimed";

/**
 * How far the server's clock is ahead of ours. The server stamped `serverTime` somewhere
 * between sending the request and receiving the answer: the midpoint halves the error.
 */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAtMs + receivedAtMs) / 2);
}

/**
 * Our clock read as the server's. While a server-drawn screen renders there and hydrates here,
 * the instant it shows: both sides then compute the same figures, whatever their clocks.
 */
export function serverNow(offsetMs: number, localNowMs: number = Date.now()): number {
  return ssrState()?.serverTime ?? localNowMs + offsetMs;
}

export function miningPhase(session: MiningSessionView | null, nowMs: number): MiningPhase {
  if (!session) return "idle";
  if (session.claimed) return "claimed";
  if (session.ended || nowMs >= Date.parse(session.endTime)) return "ended";
  return "active";
}

/**
 * Earnings shown now, in nano-FRE, from the same function the server credits with; after a
 * claim (or stop) the server's figure is final.
 */
export function liveEarningsNano(session: MiningSessionView, nowMs: number): bigint {
  if (session.claimed) return parseFre(session.earnings);
  const shown = sessionEarnings(
    {
      accruedNano: parseFre(session.accrual.accrued),
      segmentStartMs: Date.parse(session.accrual.segmentStart),
      rateNano: parseFre(session.accrual.rate),
      endMs: Date.parse(session.endTime),
    },
    nowMs,
  );
  // The server may already know more (a refresh between two of our ticks): never go back.
  const known = parseFre(session.earnings);
  if (shown < known) return known;
  return shown;
}

export function remainingMs(session: MiningSessionView, nowMs: number): number {
  if (session.claimed) return 0;
  return Math.max(0, Date.parse(session.endTime) - nowMs);
}

/** Share of the session elapsed, 0 … 1 (a time reduction shortens the whole). */
export function sessionProgress(session: MiningSessionView, nowMs: number): number {
  if (session.claimed) return 1;
  const start = Date.parse(session.startTime);
  const end = Date.parse(session.endTime);
  if (!(end > start)) return 1;
  return Math.min(1, Math.max(0, (nowMs - start) / (end - start)));
}
