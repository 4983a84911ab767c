import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { tonProofPayloads, tonWallets, users } from "../../db/schema/index.ts";

type Executor = Db | Tx;

export async function insertPayload(
  db: Executor,
  values: { payload: string; userId: string; expiresAt: Date },
) {
  await db.insert(tonProofPayloads).values(values);
}

/** Spends a challenge of this user once, if unexpired: false for an unknown, used or old one. */
export async function consumePayload(tx: Tx, userId: string, payload: string, now: Date) {
  const rows = await tx
    .update(tonProofPayloads)
    .set({ usedAt: now })
    .where(
      and(
        eq(tonProofPayloads.payload, payload),
        eq(tonProofPayloads.userId, userId),
        isNull(tonProofPayloads.usedAt),
        gt(tonProofPayloads.expiresAt, now),
      ),
    )
    .returning({ payload: tonProofPayloads.payload });
  return rows.length === 1;
}

/** Challenges of this user past their expiry (used or not) are of no use any more. */
export async function pruneUserPayloads(db: Executor, userId: string, now: Date) {
  await db
    .delete(tonProofPayloads)
    .where(and(eq(tonProofPayloads.userId, userId), lt(tonProofPayloads.expiresAt, now)));
}

/**
 * Locks the user's row until the transaction ends. A wallet link takes it before touching any
 * row that references the user, as a withdrawal request does, so the two run one after the other.
 */
export async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Links (or re-links) the user's wallet; a wallet linked to someone else violates its hash key. */
/** A linked wallet as stored. */
export type TonWalletRow = typeof tonWallets.$inferSelect;

export async function upsertWallet(tx: Tx, values: typeof tonWallets.$inferInsert) {
  const [row] = await tx
    .insert(tonWallets)
    .values(values)
    .onConflictDoUpdate({
      target: tonWallets.userId,
      set: {
        address: values.address,
        network: values.network,
        publicKey: values.publicKey,
        linkedAt: values.linkedAt,
      },
    })
    .returning();
  return row!;
}

export async function findWallet(db: Executor, userId: string) {
  const [row] = await db.select().from(tonWallets).where(eq(tonWallets.userId, userId));
  return row ?? null;
}

export async function deleteWallet(db: Executor, userId: string) {
  const rows = await db
    .delete(tonWallets)
    .where(eq(tonWallets.userId, userId))
    .returning({ userId: tonWallets.userId });
  return rows.length === 1;
}

/** The user's wallet row, locked until the transaction ends (a withdrawal request locks it too). */
export async function lockWallet(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ address: tonWallets.address, network: tonWallets.network })
    .from(tonWallets)
    .where(eq(tonWallets.userId, userId))
    .for("update");
  return row ?? null;
}
