import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, rowsOf, type Tx } from "../src/db/client.ts";
import { transactionGroups } from "../src/db/transaction-group.ts";
import { freshDatabase } from "./helpers.ts";

/*
 * Transaction groups (decision 0047), on PGlite and PostgreSQL: each work writes its key and the
 * id of the transaction it ran in, so a test sees which works shared one.
 */
let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(
    sql`create table tg_probe (key text primary key, tx text not null, n int not null default 1)`,
  );
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from tg_probe`);
});

/** Writes `key` with this transaction's id (a second write of a key counts, n + 1). */
async function probe(tx: Tx, key: string) {
  const [row] = rowsOf<{ tx: string; n: number }>(
    await tx.execute(sql`insert into tg_probe (key, tx) values (${key}, txid_current()::text)
      on conflict (key) do update set n = tg_probe.n + 1, tx = excluded.tx
      returning tx, n`),
  );
  return row!;
}

async function probes() {
  return rowsOf<{ key: string; tx: string; n: number }>(
    await database.db.execute(sql`select key, tx, n from tg_probe order by key`),
  );
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

describe("transaction groups", () => {
  it("runs the works of one turn in one transaction, and each gets its own answer", async () => {
    const groups = transactionGroups(database.db);
    const answers = await Promise.all(
      keys(5).map((key) => groups.run(key, async (tx) => ({ key, ...(await probe(tx, key)) }))),
    );
    expect(answers.map((a) => a.key)).toEqual(keys(5));
    const rows = await probes();
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.tx)).size).toBe(1);
  });

  it("never puts two works of one key in one transaction: the second runs after the first", async () => {
    const groups = transactionGroups(database.db);
    const [first, second, other] = await Promise.all([
      groups.run("a", (tx) => probe(tx, "a")),
      groups.run("a", (tx) => probe(tx, "a")),
      groups.run("b", (tx) => probe(tx, "b")),
    ]);
    expect([first!.n, second!.n]).toEqual([1, 2]);
    expect(first!.tx).not.toBe(second!.tx);
    expect(first!.tx).toBe(other!.tx);
  });

  it("rolls a group back when a work fails, then runs each work on its own", async () => {
    const ended: string[] = [];
    const groups = transactionGroups(database.db, {
      onGroup: (size, outcome) => ended.push(`${outcome} ${size}`),
    });
    let refusals = 0;
    const results = await Promise.allSettled([
      groups.run("a", (tx) => probe(tx, "a")),
      groups.run("b", async (tx) => {
        await probe(tx, "b");
        refusals += 1;
        throw new Error("refused");
      }),
      groups.run("c", (tx) => probe(tx, "c")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("refused");
    // Tried in the group, then alone: each write of "b" rolled back with its work.
    expect(refusals).toBe(2);
    expect(ended).toEqual(["retried 3"]);
    const rows = await probes();
    // Written once each (n = 1), each in a transaction of its own.
    expect(rows.map((r) => [r.key, r.n])).toEqual([
      ["a", 1],
      ["c", 1],
    ]);
    expect(rows[0]!.tx).not.toBe(rows[1]!.tx);
  });

  it("keeps the others when a statement fails (a unique violation aborts the shared transaction)", async () => {
    await database.db.execute(sql`insert into tg_probe (key, tx) values ('taken', '0')`);
    const groups = transactionGroups(database.db);
    const results = await Promise.allSettled([
      groups.run("a", (tx) => probe(tx, "a")),
      groups.run("taken", (tx) =>
        tx.execute(sql`insert into tg_probe (key, tx) values ('taken', '1')`),
      ),
      groups.run("c", (tx) => probe(tx, "c")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await probes()).map((r) => [r.key, r.n])).toEqual([
      ["a", 1],
      ["c", 1],
      ["taken", 1],
    ]);
  });

  it("holds at most maxSize works in a transaction", async () => {
    const groups = transactionGroups(database.db, { maxSize: 2, maxInFlight: 1 });
    await Promise.all(keys(5).map((key) => groups.run(key, (tx) => probe(tx, key))));
    const byTx = new Map<string, number>();
    for (const row of await probes()) byTx.set(row.tx, (byTx.get(row.tx) ?? 0) + 1);
    expect([...byTx.values()].sort()).toEqual([1, 2, 2]);
  });
});
