import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";

/** Inserts the (user, key) row; false when it exists already (a retry, or a concurrent twin). */
export async function claimKey(
  tx: Tx,
  request: { userId: string; key: string; at: Date },
  requestHash: string,
): Promise<boolean> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      userId: request.userId,
      key: request.key,
      requestHash,
      statusCode: 0,
      response: sql`'null'::jsonb`,
      createdAt: request.at,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function findKey(tx: Tx, userId: string, key: string) {
  const [stored] = await tx
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return stored;
}

/** The answer a retry with the same key gets. */
export async function storeAnswer(
  tx: Tx,
  userId: string,
  key: string,
  answer: { statusCode: number; body: unknown },
) {
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, response: answer.body as object })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
