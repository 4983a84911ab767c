/**
 * The live `jackpot` event: every FRE-machine spin changes the pool, but the screens need at
 * most one update a second. The first change is sent at once; later ones within the second wait
 * and only the latest value goes out when the second ends (never a stale pool last).
 */
import type { DomainEvents } from "../../lib/domain-events.ts";

export const JACKPOT_EVENT_INTERVAL_MS = 1000;

export interface JackpotAnnouncer {
  announce(pool: string): void;
}

/** One per app (games-memory.ts), on the app's clock. */
export function jackpotAnnouncer(
  events: Pick<DomainEvents, "live">,
  now: () => number,
  intervalMs = JACKPOT_EVENT_INTERVAL_MS,
): JackpotAnnouncer {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let pending: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const send = (pool: string) => {
    lastSentAt = now();
    void events.live(null, { type: "jackpot", data: { pool } }, { transient: true });
  };
  const flush = () => {
    timer = null;
    if (pending === null) return;
    const pool = pending;
    pending = null;
    send(pool);
  };

  return {
    announce(pool) {
      const wait = lastSentAt + intervalMs - now();
      if (wait <= 0 && timer === null) return send(pool);
      pending = pool;
      if (timer === null) {
        timer = setTimeout(flush, Math.max(0, wait));
        // A pending update never keeps the process alive on shutdown.
        timer.unref?.();
      }
    },
  };
}
