import { count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  globalMessage,
  globalMessageReads,
  informationMessages,
  informationReads,
} from "../../db/schema/index.ts";

export async function findGlobalMessage(db: Db) {
  const [row] = await db.select().from(globalMessage).where(eq(globalMessage.id, "current"));
  return row ?? null;
}

export async function readRevision(db: Db, userId: string) {
  const [row] = await db
    .select({ revision: globalMessageReads.revision })
    .from(globalMessageReads)
    .where(eq(globalMessageReads.userId, userId));
  return row?.revision ?? 0;
}

export async function markGlobalRead(db: Db, userId: string, revision: number) {
  await db
    .insert(globalMessageReads)
    .values({ userId, revision })
    .onConflictDoUpdate({ target: globalMessageReads.userId, set: { revision } });
}

/** Creates or replaces the global message; every save is a new revision. */
export async function saveGlobalMessage(
  db: Db,
  values: Omit<typeof globalMessage.$inferInsert, "id" | "revision">,
) {
  const [row] = await db
    .insert(globalMessage)
    .values({ id: "current", revision: 1, ...values })
    .onConflictDoUpdate({
      target: globalMessage.id,
      set: { ...values, revision: sql`${globalMessage.revision} + 1` },
    })
    .returning();
  return row!;
}

export async function readWatermark(db: Db, userId: string) {
  const [row] = await db
    .select({ readUntil: informationReads.readUntil })
    .from(informationReads)
    .where(eq(informationReads.userId, userId));
  return row?.readUntil ?? new Date(0);
}

export async function setWatermark(db: Db, userId: string, readUntil: Date) {
  await db
    .insert(informationReads)
    .values({ userId, readUntil })
    .onConflictDoUpdate({ target: informationReads.userId, set: { readUntil } });
}

export async function listInformation(db: Db, limit: number) {
  return db
    .select()
    .from(informationMessages)
    .orderBy(desc(informationMessages.createdAt))
    .limit(limit);
}

export async function countInformationSince(db: Db, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(informationMessages)
    .where(gt(informationMessages.createdAt, since));
  return row?.n ?? 0;
}

export async function insertInformation(db: Db, values: typeof informationMessages.$inferInsert) {
  const [row] = await db.insert(informationMessages).values(values).returning();
  return row!;
}

export async function updateInformation(
  db: Db,
  id: string,
  values: Partial<typeof informationMessages.$inferInsert>,
) {
  const [row] = await db
    .update(informationMessages)
    .set(values)
    .where(eq(informationMessages.id, id))
    .returning();
  return row ?? null;
}

/** The message's audited values, its row locked until the transaction ends; null when absent. */
export async function lockInformation(db: Db, id: string) {
  const [row] = await db
    .select({ title: informationMessages.title, content: informationMessages.content })
    .from(informationMessages)
    .where(eq(informationMessages.id, id))
    .for("update");
  return row ?? null;
}

/** Deletes one message; its values as they were (for the audit), null when absent. */
export async function deleteInformation(db: Db, id: string) {
  const [row] = await db
    .delete(informationMessages)
    .where(eq(informationMessages.id, id))
    .returning({ title: informationMessages.title, content: informationMessages.content });
  return row ?? null;
}
