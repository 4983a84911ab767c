import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ahead, countAhead, type Entry, rankSnapshotBuilder } from "./rank-snapshot.ts";

/** The snapshot of these entries, fed in board order in chunks of `chunk` rows. */
function board(entries: Entry[], chunk = 3) {
  const ordered = [...entries].sort((a, b) => (ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0));
  const builder = rankSnapshotBuilder();
  for (let i = 0; i < ordered.length; i += chunk) {
    for (const e of ordered.slice(i, i + chunk)) builder.add(e.id, e.total, e.micros);
  }
  return { snapshot: builder.build(1234) };
}

const sameKey = (a: Entry, b: Entry) => a.total === b.total && a.micros === b.micros;

/**
 * The truth, one by one: the entries other than me ahead of me. An exact tie of (total, time) is
 * decided by the id only where the snapshot kept ids, i.e. in runs of two or more entries; a lone
 * entry exactly tied with me counts as behind me (see the test below).
 */
const bruteAhead = (entries: Entry[], me: Entry) =>
  entries.filter((e) => {
    if (e.id === me.id) return false;
    if (!sameKey(e, me)) return ahead(e, me);
    return e.id < me.id && entries.filter((other) => sameKey(other, e)).length > 1;
  }).length;

describe("rank snapshot", () => {
  it("orders by total, then the earlier account, then the id", () => {
    const a = { id: "a", total: 5n, micros: 2 };
    expect(ahead(a, { id: "b", total: 4n, micros: 1 })).toBe(true);
    expect(ahead(a, { id: "b", total: 5n, micros: 1 })).toBe(false);
    expect(ahead(a, { id: "b", total: 5n, micros: 2 })).toBe(true);
    expect(ahead(a, { id: "0", total: 5n, micros: 2 })).toBe(false);
  });

  it("keeps ids only for runs of exact ties, across chunk edges", () => {
    const { snapshot } = board(
      [
        { id: "x", total: 9n, micros: 1 },
        { id: "c", total: 5n, micros: 1 },
        { id: "a", total: 5n, micros: 1 },
        { id: "b", total: 5n, micros: 1 },
        { id: "y", total: 5n, micros: 2 },
        { id: "z", total: 1n, micros: 1 },
      ],
      2,
    );
    expect([...snapshot.totals]).toEqual([9n, 5n, 5n, 5n, 5n, 1n]);
    expect([...snapshot.micros]).toEqual([1, 1, 1, 1, 2, 1]);
    expect([...snapshot.tieIds]).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    expect(snapshot.takenAt).toBe(1234);
  });

  it("counts who is ahead of a listed user, a newcomer and a user whose total moved", () => {
    const entries: Entry[] = [
      { id: "x", total: 9n, micros: 1 },
      { id: "c", total: 5n, micros: 1 },
      { id: "a", total: 5n, micros: 1 },
      { id: "b", total: 5n, micros: 1 },
      { id: "z", total: 1n, micros: 1 },
    ];
    const { snapshot } = board(entries);
    expect(countAhead(snapshot, { id: "x", total: 9n, micros: 1 })).toBe(0);
    expect(countAhead(snapshot, { id: "b", total: 5n, micros: 1 })).toBe(2);
    expect(countAhead(snapshot, { id: "bb", total: 5n, micros: 1 })).toBe(3);
    expect(countAhead(snapshot, { id: "new", total: 0n, micros: 9 })).toBe(5);
    // z claimed: its old line still counts as someone else's, never as ahead of itself.
    expect(countAhead(snapshot, { id: "z", total: 6n, micros: 1 })).toBe(1);
    expect(countAhead(rankSnapshotBuilder().build(0), { id: "a", total: 1n, micros: 1 })).toBe(0);
  });

  it("puts me ahead of a lone entry with exactly my total and creation time", () => {
    // Ids are kept only for runs of ties (16 bytes a user, decision 0008), so a lone entry's id is
    // unknown. Two accounts created in the same microsecond are needed for this, and the rank is
    // then at most one place too good, outside the top 10 (which is read live).
    const { snapshot } = board([
      { id: "a", total: 5n, micros: 1 },
      { id: "z", total: 1n, micros: 1 },
    ]);
    expect(countAhead(snapshot, { id: "b", total: 5n, micros: 1 })).toBe(0);
  });

  it("agrees with counting one by one on any board", () => {
    const entry = fc.record({
      id: fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h"),
      total: fc.bigInt({ min: 0n, max: 3n }),
      micros: fc.integer({ min: 0, max: 2 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => e.id, maxLength: 8 }),
        fc.record({
          id: fc.constantFrom("0", "c", "cc", "z"),
          total: fc.bigInt({ min: 0n, max: 3n }),
          micros: fc.integer({ min: 0, max: 2 }),
        }),
        fc.bigInt({ min: 0n, max: 2n }),
        fc.integer({ min: 1, max: 4 }),
        (entries, newcomer, raise, chunk) => {
          const { snapshot } = board(entries, chunk);
          // Every listed user as listed and after a claim (a total only grows; the creation time
          // never changes), and someone who was not there when the snapshot was taken.
          const probes = [
            ...entries,
            ...entries.map((e) => ({ ...e, total: e.total + raise })),
            ...(entries.some((e) => e.id === newcomer.id) ? [] : [newcomer]),
          ];
          for (const me of probes) expect(countAhead(snapshot, me)).toBe(bruteAhead(entries, me));
        },
      ),
    );
  });
});
