import { afterEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_MS, type LiveStream, liveStreams } from "./live-streams.ts";

/** A stream that records what the registry did to it. */
function stream(userId: string, sessionId: string) {
  const seen = { pings: 0, ended: false };
  const s: LiveStream = {
    userId,
    sessionId,
    ping: () => {
      seen.pings += 1;
    },
    end: () => {
      seen.ended = true;
    },
  };
  return { stream: s, seen };
}

/** Sessions live while they are in `live`; every question asked is kept. */
function sessionsStore(live: Set<string>) {
  const asked: string[][] = [];
  return {
    live,
    asked,
    liveSessions: async (ids: string[]) => {
      asked.push([...ids].sort());
      return new Set(ids.filter((id) => live.has(id)));
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("live streams", () => {
  it("asks once for all the streams' sessions and ends only those that are gone", async () => {
    const store = sessionsStore(new Set(["s1", "s2", "s3"]));
    const streams = liveStreams({ liveSessions: store.liveSessions, onError: () => {} });
    const a = stream("u1", "s1");
    const b = stream("u1", "s1");
    const c = stream("u1", "s2");
    const d = stream("u2", "s3");
    for (const x of [a, b, c, d]) expect(await streams.open(x.stream)).toBeTypeOf("function");
    expect(streams.countOf("u1")).toBe(3);

    store.live.delete("s1");
    store.asked.length = 0;
    await streams.recheck();
    expect(store.asked).toEqual([["s1", "s2", "s3"]]);
    expect([a, b, c, d].map((x) => x.seen.ended)).toEqual([true, true, false, false]);
    expect(streams.countOf("u1")).toBe(1);
    streams.stop();
  });

  it("refuses a stream whose session is revoked while its own check runs", async () => {
    let answer: (live: Set<string>) => void = () => {};
    const calls: string[][] = [];
    const streams = liveStreams({
      liveSessions: (ids) => {
        calls.push(ids);
        // The opening stream's own check answers "live" — but only after the revocation's check.
        if (calls.length === 1) return new Promise((resolve) => (answer = resolve));
        return Promise.resolve(new Set());
      },
      onError: () => {},
    });
    const x = stream("u1", "s1");
    const opening = streams.open(x.stream);
    await streams.recheck();
    answer(new Set(["s1"]));
    expect(await opening).toBeNull();
    // Nothing was written to it, and it does not count.
    expect(x.seen).toEqual({ pings: 0, ended: false });
    expect(streams.countOf("u1")).toBe(0);
  });

  it("runs one more check for signals that arrive while one runs, not one per signal", async () => {
    const store = sessionsStore(new Set(["s1"]));
    let gate: Promise<void> = Promise.resolve();
    const streams = liveStreams({
      liveSessions: async (ids) => {
        await gate;
        return store.liveSessions(ids);
      },
      onError: () => {},
    });
    await streams.open(stream("u1", "s1").stream);
    store.asked.length = 0;
    let release: () => void = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    const checks = [streams.recheck(), streams.recheck(), streams.recheck()];
    release();
    await Promise.all(checks);
    expect(store.asked).toHaveLength(2);
    streams.stop();
  });

  it("keeps its streams and reports when the database cannot answer", async () => {
    const errors: unknown[] = [];
    let failing = false;
    const streams = liveStreams({
      liveSessions: async (ids) => {
        if (failing) throw new Error("database down");
        return new Set(ids);
      },
      onError: (error) => errors.push(error),
    });
    const x = stream("u1", "s1");
    await streams.open(x.stream);
    failing = true;
    await expect(streams.recheck()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(x.seen.ended).toBe(false);
    // A stream that cannot be checked does not open.
    await expect(streams.open(stream("u1", "s1").stream)).rejects.toThrow("database down");
    expect(streams.countOf("u1")).toBe(1);
    streams.stop();
  });

  it("re-checks at every heartbeat, pings the live streams, and stops ticking when none is left", async () => {
    vi.useFakeTimers();
    const store = sessionsStore(new Set(["s1", "s2"]));
    const streams = liveStreams({ liveSessions: store.liveSessions, onError: () => {} });
    const kept = stream("u1", "s1");
    const gone = stream("u2", "s2");
    const unregister = await streams.open(kept.stream);
    await streams.open(gone.stream);
    store.live.delete("s2");
    store.asked.length = 0;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
    expect(store.asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.asked).toEqual([["s1", "s2"]]);
    expect(gone.seen).toEqual({ pings: 0, ended: true });
    expect(kept.seen).toEqual({ pings: 1, ended: false });

    unregister?.();
    expect(vi.getTimerCount()).toBe(0);
  });
});
