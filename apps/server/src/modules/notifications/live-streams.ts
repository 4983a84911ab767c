import { coalescedRun } from "../../lib/coalesced-run.ts";

/** Every open stream gets a comment line this often, so proxies keep idle streams open. */
export const HEARTBEAT_MS = 25_000;

/** One open `GET /api/events` stream, as the registry sees it. */
export interface LiveStream {
  userId: string;
  /** The sign-in session the stream was opened with: it lives only as long as that session. */
  sessionId: string;
  /** Writes the heartbeat. */
  ping(): void;
  /** Ends the stream (its reconnection then answers 401, and the browser stops). */
  end(): void;
}

interface Entry {
  stream: LiveStream;
  /** Registered, its own check not yet answered: nothing was written to it. */
  opening: boolean;
  /** Found revoked while opening: it must not start. */
  revoked: boolean;
}

export interface LiveStreamsDeps {
  /** Which of these sessions are still live (their account neither suspended nor erased). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  onError(error: unknown): void;
  heartbeatMs?: number;
}

/**
 * This process's open live-event streams. A stream is tied to its session: `recheck()` — on every
 * process when any of them revokes sessions (sign-out, suspension, erasure…), and at every
 * heartbeat — asks once for all of them which sessions are still live, and ends the others. A
 * stream that opens is registered before its own session is checked, so a revocation that lands
 * meanwhile is seen by one check or the other.
 */
export function liveStreams(deps: LiveStreamsDeps) {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const byUser = new Map<string, Set<Entry>>();
  let heartbeat: ReturnType<typeof setInterval> | null = null;

  const entries = () => [...byUser.values()].flatMap((set) => [...set]);

  function remove(entry: Entry) {
    const set = byUser.get(entry.stream.userId);
    if (!set?.delete(entry)) return false;
    if (set.size === 0) byUser.delete(entry.stream.userId);
    if (byUser.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
    return true;
  }

  function add(entry: Entry) {
    const set = byUser.get(entry.stream.userId) ?? new Set();
    set.add(entry);
    byUser.set(entry.stream.userId, set);
    // One timer for every stream of this process, only while there is one.
    if (!heartbeat) {
      heartbeat = setInterval(beat, heartbeatMs);
      heartbeat.unref();
    }
  }

  async function checkOnce() {
    const checked = entries();
    if (checked.length === 0) return;
    const live = await deps.liveSessions([...new Set(checked.map((e) => e.stream.sessionId))]);
    for (const entry of checked) {
      if (live.has(entry.stream.sessionId)) continue;
      if (entry.opening) entry.revoked = true;
      else if (remove(entry)) entry.stream.end();
    }
  }

  /**
   * Ends the streams whose session is gone; one query however many streams; never throws. A
   * signal while a check runs: one more check after it (the first may have read too early).
   */
  const recheck = coalescedRun(() => checkOnce().catch(deps.onError)).kick;

  async function beat() {
    await recheck();
    for (const entry of entries()) if (!entry.opening) entry.stream.ping();
  }

  return {
    /** Open streams of this user in this process. */
    countOf(userId: string) {
      return byUser.get(userId)?.size ?? 0;
    },
    /**
     * Registers a stream and checks its session in the database (a cached viewer may be up to a
     * few seconds old): the stream's unregister function, or null when the session is not live.
     */
    async open(stream: LiveStream): Promise<(() => void) | null> {
      const entry: Entry = { stream, opening: true, revoked: false };
      add(entry);
      try {
        const live = await deps.liveSessions([stream.sessionId]);
        if (!live.has(stream.sessionId)) entry.revoked = true;
      } catch (error) {
        remove(entry);
        throw error;
      }
      entry.opening = false;
      if (entry.revoked) {
        remove(entry);
        return null;
      }
      return () => {
        remove(entry);
      };
    },
    recheck,
    /** Stops the heartbeat (the server closes). */
    stop() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
  };
}

export type LiveStreams = ReturnType<typeof liveStreams>;
