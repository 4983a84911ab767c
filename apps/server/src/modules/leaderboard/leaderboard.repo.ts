import { asc, desc, isNull, sql } from "drizzle-orm";
import { type Database, type Db, driverQuery, preparedFor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { batchLoader } from "../../lib/batch-loader.ts";

/** created_at in whole microseconds, as text: the board's time key, exact in every reader. */
const MICROS = "(extract(epoch from created_at) * 1000000)::bigint::text";
const microsOf = sql<string>`${sql.raw(MICROS)}`;

const topStatement = preparedFor((db) =>
  db
    .select({
      id: users.id,
      nickname: users.nickname,
      total: users.totalMined,
      micros: microsOf,
    })
    .from(users)
    // An erased account has left the board (decision 0028).
    .where(isNull(users.erasedAt))
    .orderBy(desc(users.totalMined), asc(users.createdAt), asc(users.id))
    .limit(11)
    .prepare("leaderboard_top"),
);

/** The first 11 lines of the board, in board order (one more than shown: mine may move in). */
export function readTop(db: Db) {
  return topStatement(db).execute();
}

// The caller's own line, read live on every request: the reads of one event-loop turn share one
// statement (decision 0010), run straight on the driver (decision 0008).
const ME_SQL = `
  select id, nickname, total_mined as total, ${MICROS} as micros
  from users where id = any($1::text[])`;
type MeRow = { id: string; nickname: string; total: bigint | string; micros: string };

/** Reads users' own lines, batched per event-loop turn; one loader per service. */
export const ownLineLoader = (db: Db) =>
  batchLoader<string, { nickname: string; total: bigint; micros: number }>(async (ids) => {
    const rows = await driverQuery<MeRow>(db, ME_SQL, [ids]);
    return new Map(
      rows.map((row) => [
        row.id,
        { nickname: row.nickname, total: BigInt(row.total), micros: Number(row.micros) },
      ]),
    );
  });

/**
 * The whole board in index order through one cursor (one pass, whatever the size), handed over
 * in batches of `size` rows. Totals and times come as text: exact in every driver.
 */
export function readBoardInOrder(database: Database, size: number) {
  return database.batches<{ total: string; micros: string; id: string }>(
    `select total_mined::text as total, ${MICROS} as micros, id
     from users where erased_at is null order by total_mined desc, created_at, id`,
    size,
  );
}
