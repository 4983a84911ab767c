import { formatNano, type Leaderboard } from "@fre/shared";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";

/** Top 10 by lifetime mined FRE; ties go to the earlier account (then id): deterministic. */
export async function getLeaderboard(db: Db, userId: string): Promise<Leaderboard> {
  const top = await db
    .select({ nickname: users.nickname, totalMined: users.totalMined })
    .from(users)
    .orderBy(desc(users.totalMined), asc(users.createdAt), asc(users.id))
    .limit(10);
  const [me] = await db
    .select({ totalMined: users.totalMined, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) throw new AppError("UNAUTHORIZED", 401);
  const createdAt = me.createdAt.toISOString();
  const [ahead] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      sql`${users.totalMined} > ${me.totalMined.toString()}::bigint or (${users.totalMined} = ${me.totalMined.toString()}::bigint and (${users.createdAt}, ${users.id}) < (${createdAt}::timestamptz, ${userId}))`,
    );
  return {
    top: top.map((row, index) => ({
      rank: index + 1,
      nickname: row.nickname,
      totalMined: formatNano(row.totalMined),
    })),
    me: { rank: (ahead?.n ?? 0) + 1, totalMined: formatNano(me.totalMined) },
  };
}
