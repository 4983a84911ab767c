import { describe, expect, it } from "vitest";
import { batchLoader } from "./batch-loader.ts";

/** A loader over a mutable table that records every query it runs. */
function tableLoader(table: Map<string, number>, maxBatch?: number) {
  const queries: string[][] = [];
  const get = batchLoader<string, number>(
    async (keys) => {
      queries.push(keys);
      return new Map(keys.filter((k) => table.has(k)).map((k) => [k, table.get(k)!]));
    },
    maxBatch === undefined ? {} : { maxBatch },
  );
  return { get, queries };
}

describe("batch loader", () => {
  it("answers the reads asked in one turn with one query, each with its own value", async () => {
    const { get, queries } = tableLoader(
      new Map([
        ["a", 1],
        ["b", 2],
      ]),
    );
    const answers = await Promise.all([get("a"), get("b"), get("a"), get("missing")]);
    expect(answers).toEqual([1, 2, 1, undefined]);
    expect(queries).toEqual([["a", "b", "missing"]]);
  });

  it("never serves a value read before the call: a later turn reads again", async () => {
    const table = new Map([["a", 1]]);
    const { get, queries } = tableLoader(table);
    expect(await get("a")).toBe(1);
    table.set("a", 5);
    expect(await get("a")).toBe(5);
    expect(queries).toHaveLength(2);
  });

  it("splits a turn's reads into batches of at most maxBatch keys", async () => {
    const table = new Map(Array.from({ length: 7 }, (_, i) => [`k${i}`, i] as const));
    const { get, queries } = tableLoader(table, 3);
    const answers = await Promise.all([...table.keys()].map((k) => get(k)));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(queries.map((q) => q.length)).toEqual([3, 3, 1]);
  });

  it("rejects every read of a failed query, and the next turn works again", async () => {
    let fail = true;
    const get = batchLoader<string, string>(async (keys) => {
      if (fail) throw new Error("connection lost");
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const results = await Promise.allSettled([get("a"), get("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await get("a")).toBe("A");
  });

  it("with maxInFlight, keys asked while queries run wait and go together in the next", async () => {
    const queries: string[][] = [];
    const releases: (() => void)[] = [];
    const get = batchLoader<string, string>(
      async (keys) => {
        queries.push(keys);
        await new Promise<void>((release) => releases.push(release));
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      { maxInFlight: 1, maxBatch: 3 },
    );
    const first = get("a");
    await new Promise((turn) => setImmediate(turn));
    expect(queries).toEqual([["a"]]);
    // Five more over two turns while the first query runs: none starts yet.
    const waiting = [get("b"), get("c")];
    await new Promise((turn) => setImmediate(turn));
    waiting.push(get("d"), get("e"), get("f"));
    await new Promise((turn) => setImmediate(turn));
    expect(queries).toHaveLength(1);
    releases.shift()?.();
    expect(await first).toBe("A");
    // Then one query of at most maxBatch keys at a time, in the order asked.
    await new Promise((turn) => setImmediate(turn));
    expect(queries).toEqual([["a"], ["b", "c", "d"]]);
    releases.shift()?.();
    await new Promise((turn) => setImmediate(turn));
    expect(queries).toEqual([["a"], ["b", "c", "d"], ["e", "f"]]);
    releases.shift()?.();
    expect(await Promise.all(waiting)).toEqual(["B", "C", "D", "E", "F"]);
  });
});
