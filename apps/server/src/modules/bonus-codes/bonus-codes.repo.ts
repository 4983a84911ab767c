import { desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { bonusCodes, bonusCodeUsages, boosts, users } from "../../db/schema/index.ts";

export type BonusCodeRow = typeof bonusCodes.$inferSelect;

export async function lockCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(bonusCodes).where(eq(bonusCodes.code, code)).for("update");
  return row ?? null;
}

export async function isEmailVerified(db: Db, userId: string) {
  const [row] = await db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verified === true;
}

export async function hasUsed(tx: Tx, userId: string, code: string) {
  const rows = await tx
    .select({ code: bonusCodeUsages.code })
    .from(bonusCodeUsages)
    .where(sql`${bonusCodeUsages.userId} = ${userId} and ${bonusCodeUsages.code} = ${code}`)
    .limit(1);
  return rows.length > 0;
}

export async function recordUse(tx: Tx, values: typeof bonusCodeUsages.$inferInsert) {
  await tx.insert(bonusCodeUsages).values(values);
  await tx
    .update(bonusCodes)
    .set({ currentUses: sql`${bonusCodes.currentUses} + 1` })
    .where(eq(bonusCodes.code, values.code));
}

export async function addBoost(tx: Tx, values: typeof boosts.$inferInsert) {
  await tx.insert(boosts).values(values);
}

export async function listUses(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(bonusCodeUsages)
    .where(eq(bonusCodeUsages.userId, userId))
    .orderBy(desc(bonusCodeUsages.usedAt))
    .limit(limit);
}

export async function findCode(db: Db, code: string) {
  const [row] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, code));
  return row ?? null;
}

export async function listCodes(db: Db) {
  return db.select().from(bonusCodes).orderBy(desc(bonusCodes.createdAt)).limit(500);
}

export async function insertCode(db: Db, values: typeof bonusCodes.$inferInsert) {
  const rows = await db.insert(bonusCodes).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateCode(
  db: Db,
  code: string,
  changes: Partial<typeof bonusCodes.$inferInsert>,
) {
  const rows = await db
    .update(bonusCodes)
    .set(changes)
    .where(eq(bonusCodes.code, code))
    .returning();
  return rows[0] ?? null;
}
