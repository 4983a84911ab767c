import { and, desc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { queueOpens, users } from "../../db/schema/index.ts";

type Executor = Db | Tx;
export type QueueKind = (typeof queueOpens.$inferSelect)["kind"];

/** This admin opened this request now: one row per admin and request, its time moved (upsert). */
export async function upsertOpen(
  db: Executor,
  open: { kind: QueueKind; targetId: string; adminId: string; at: Date },
) {
  await db
    .insert(queueOpens)
    .values({ kind: open.kind, targetId: open.targetId, adminId: open.adminId, openedAt: open.at })
    .onConflictDoUpdate({
      target: [queueOpens.kind, queueOpens.targetId, queueOpens.adminId],
      set: { openedAt: open.at },
    });
}

/** The admin's own rows older than `before` (nobody reads them any more): the table stays small. */
export async function deleteStaleOpens(db: Executor, adminId: string, before: Date) {
  await db
    .delete(queueOpens)
    .where(and(eq(queueOpens.adminId, adminId), lt(queueOpens.openedAt, before)));
}

/** Other admins' opens of these requests since `since`, newest first, with their nickname. */
export async function listRecentOpens(
  db: Executor,
  query: { kind: QueueKind; targetIds: string[]; exceptAdminId: string; since: Date },
) {
  if (query.targetIds.length === 0) return [];
  return db
    .select({
      targetId: queueOpens.targetId,
      openedAt: queueOpens.openedAt,
      nickname: users.nickname,
      erasedAt: users.erasedAt,
    })
    .from(queueOpens)
    .innerJoin(users, eq(users.id, queueOpens.adminId))
    .where(
      and(
        eq(queueOpens.kind, query.kind),
        inArray(queueOpens.targetId, query.targetIds),
        ne(queueOpens.adminId, query.exceptAdminId),
        gte(queueOpens.openedAt, query.since),
      ),
    )
    .orderBy(desc(queueOpens.openedAt));
}
