import { and, asc, desc, eq, gte, inArray, like, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { kycFiles, kycFileViews, kycRequests, users } from "../../db/schema/index.ts";
import { kycRecheckDueSql } from "./kyc-recheck-sql.ts";

type Executor = Db | Tx;
export type KycRowStatus = (typeof kycRequests.$inferSelect)["status"];
export type KycSlot = (typeof kycFiles.$inferSelect)["slot"];
/** The three encrypted steps, by their column. */
export type KycStep = "identity" | "address" | "document";

const requestColumns = {
  userId: kycRequests.userId,
  status: kycRequests.status,
  identitySealed: kycRequests.identitySealed,
  addressSealed: kycRequests.addressSealed,
  documentSealed: kycRequests.documentSealed,
  submittedAt: kycRequests.submittedAt,
  reviewedAt: kycRequests.reviewedAt,
  rejectionReason: kycRequests.rejectionReason,
  recheckDue: sql<boolean>`${sql.raw(kycRecheckDueSql(`"kyc_requests"."user_id"`))}`,
};
export type KycRequestRow = {
  userId: string;
  status: KycRowStatus;
  identitySealed: string | null;
  addressSealed: string | null;
  documentSealed: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
  rejectionReason: string | null;
  /** An admin asked for a new check and no approval came after it (decision 0045). */
  recheckDue: boolean;
};

const fileColumns = {
  slot: kycFiles.slot,
  storageKey: kycFiles.storageKey,
  contentType: kycFiles.contentType,
  size: kycFiles.size,
  uploadedAt: kycFiles.uploadedAt,
};
export type KycFileRow = {
  slot: KycSlot;
  storageKey: string;
  contentType: string;
  size: number;
  uploadedAt: Date;
};

const sealedColumn = {
  identity: "identitySealed",
  address: "addressSealed",
  document: "documentSealed",
} as const;

export async function findRequest(db: Executor, userId: string): Promise<KycRequestRow | null> {
  const [row] = await db
    .select(requestColumns)
    .from(kycRequests)
    .where(eq(kycRequests.userId, userId));
  return row ?? null;
}

/**
 * The user's request, created as a draft when there is none, locked until the transaction ends:
 * every change of a request (a step, a photo, the submission, a verdict) goes through this lock.
 */
export async function lockRequest(tx: Tx, userId: string, at: Date): Promise<KycRequestRow> {
  await tx
    .insert(kycRequests)
    .values({ userId, status: "draft", createdAt: at, updatedAt: at })
    .onConflictDoNothing();
  const [row] = await tx
    .select(requestColumns)
    .from(kycRequests)
    .where(eq(kycRequests.userId, userId))
    .for("update");
  return row!;
}

/** The request when there is one, locked (a verdict never creates a request). */
export async function lockExistingRequest(tx: Tx, userId: string) {
  const [row] = await tx
    .select(requestColumns)
    .from(kycRequests)
    .where(eq(kycRequests.userId, userId))
    .for("update");
  return row ?? null;
}

/**
 * Saves one step (sealed); a rejected request becomes a draft again, and so does an approved one
 * under an admin's re-check (the only approved request the service lets change).
 */
export async function saveStep(tx: Tx, userId: string, step: KycStep, sealed: string, at: Date) {
  await tx
    .update(kycRequests)
    .set({
      [sealedColumn[step]]: sealed,
      status: sql`case when ${kycRequests.status} in ('rejected', 'approved') then 'draft' else ${kycRequests.status} end`,
      updatedAt: at,
    })
    .where(eq(kycRequests.userId, userId));
}

/** A new photo: a rejected request, or an approved one under re-check, becomes a draft again. */
export async function markDraft(tx: Tx, userId: string, at: Date) {
  await tx
    .update(kycRequests)
    .set({ status: "draft", updatedAt: at })
    .where(
      and(eq(kycRequests.userId, userId), inArray(kycRequests.status, ["rejected", "approved"])),
    );
}

export async function listFiles(db: Executor, userId: string): Promise<KycFileRow[]> {
  return db
    .select(fileColumns)
    .from(kycFiles)
    .where(eq(kycFiles.userId, userId))
    .orderBy(asc(kycFiles.slot));
}

export async function findFile(
  db: Executor,
  userId: string,
  slot: KycSlot,
): Promise<KycFileRow | null> {
  const [row] = await db
    .select(fileColumns)
    .from(kycFiles)
    .where(and(eq(kycFiles.userId, userId), eq(kycFiles.slot, slot)));
  return row ?? null;
}

/** Records the photo of a slot, replacing the previous one (whose key the caller deletes). */
export async function upsertFile(
  tx: Tx,
  userId: string,
  file: { slot: KycSlot; storageKey: string; contentType: string; size: number; at: Date },
) {
  await tx
    .insert(kycFiles)
    .values({
      userId,
      slot: file.slot,
      storageKey: file.storageKey,
      contentType: file.contentType,
      size: file.size,
      uploadedAt: file.at,
    })
    .onConflictDoUpdate({
      target: [kycFiles.userId, kycFiles.slot],
      set: {
        storageKey: file.storageKey,
        contentType: file.contentType,
        size: file.size,
        uploadedAt: file.at,
      },
    });
}

/** Pending review from now on; the previous verdict is cleared. */
export async function markSubmitted(tx: Tx, userId: string, at: Date) {
  await tx
    .update(kycRequests)
    .set({
      status: "pending",
      submittedAt: at,
      reviewedAt: null,
      reviewedBy: null,
      rejectionReason: null,
      updatedAt: at,
    })
    .where(eq(kycRequests.userId, userId));
}

export async function recordVerdict(
  tx: Tx,
  userId: string,
  verdict: { status: "approved" | "rejected"; adminId: string; reason: string | null; at: Date },
) {
  await tx
    .update(kycRequests)
    .set({
      status: verdict.status,
      reviewedAt: verdict.at,
      reviewedBy: verdict.adminId,
      rejectionReason: verdict.reason,
      updatedAt: verdict.at,
    })
    .where(eq(kycRequests.userId, userId));
}

/** Mirrors the verdicts into the profile (GET /api/me, the admin home's count). */
export async function setUserKycStatus(
  tx: Tx,
  userId: string,
  status: "pending" | "approved" | "rejected",
  at: Date,
) {
  await tx.update(users).set({ kycStatus: status, updatedAt: at }).where(eq(users.id, userId));
}

export async function findNickname(db: Executor, userId: string) {
  const [row] = await db
    .select({ nickname: users.nickname })
    .from(users)
    .where(eq(users.id, userId));
  return row?.nickname ?? null;
}

/** `%`, `_` and `\\` typed by the admin are letters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's nickname or e-mail starts with `prefix`, any case (a queue's search). */
function userStartsWith(prefix: string) {
  const lower = `${escapeLike(prefix.toLowerCase())}%`;
  return or(like(sql`lower(${users.nickname})`, lower), like(sql`lower(${users.email})`, lower))!;
}

/** How the queue is ordered: by submission, or by the user's balance; ties by user id. */
const queueOrder = {
  oldest: [asc(kycRequests.submittedAt), asc(kycRequests.userId)],
  newest: [desc(kycRequests.submittedAt), desc(kycRequests.userId)],
  amount_desc: [desc(users.balance), asc(kycRequests.submittedAt), asc(kycRequests.userId)],
  amount_asc: [asc(users.balance), asc(kycRequests.submittedAt), asc(kycRequests.userId)],
} as const;

export interface KycQueueFilter {
  status: "pending" | "approved" | "rejected";
  sort: keyof typeof queueOrder;
  /** The user's nickname or e-mail starts with it (any case). */
  search?: string;
  /** The user's balance range, nano-FRE, inclusive. */
  minBalance?: bigint;
  maxBalance?: bigint;
  limit: number;
  offset: number;
}

/**
 * A page of the requests in one status with their user's nickname and balance (the queue); the
 * status reads `kyc_requests_queue_idx`.
 */
export async function listRequestsByStatus(db: Executor, filter: KycQueueFilter) {
  const conditions = [eq(kycRequests.status, filter.status)];
  if (filter.minBalance !== undefined) conditions.push(gte(users.balance, filter.minBalance));
  if (filter.maxBalance !== undefined) conditions.push(lte(users.balance, filter.maxBalance));
  if (filter.search) conditions.push(userStartsWith(filter.search));
  return db
    .select({
      userId: kycRequests.userId,
      nickname: users.nickname,
      status: kycRequests.status,
      submittedAt: kycRequests.submittedAt,
      reviewedAt: kycRequests.reviewedAt,
      balance: users.balance,
    })
    .from(kycRequests)
    .innerJoin(users, eq(users.id, kycRequests.userId))
    .where(and(...conditions))
    .orderBy(...queueOrder[filter.sort])
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function insertFileView(
  db: Executor,
  view: { adminId: string; userId: string; slot: KycSlot; at: Date },
) {
  await db.insert(kycFileViews).values({
    adminId: view.adminId,
    userId: view.userId,
    slot: view.slot,
    viewedAt: view.at,
  });
}

/** The key rotation's walk over the sealed steps (decision 0054): a page after `afterUserId`. */
export async function listSealedSteps(db: Db, afterUserId: string, limit: number) {
  return db
    .select({
      userId: kycRequests.userId,
      identitySealed: kycRequests.identitySealed,
      addressSealed: kycRequests.addressSealed,
      documentSealed: kycRequests.documentSealed,
    })
    .from(kycRequests)
    .where(sql`${kycRequests.userId} > ${afterUserId}`)
    .orderBy(asc(kycRequests.userId))
    .limit(limit);
}

/**
 * Replaces one sealed step if it still holds `expected` (compare-and-set: a step the user saved
 * meanwhile is left as they saved it). True when it was replaced.
 */
export async function replaceSealedStep(
  db: Db,
  userId: string,
  step: KycStep,
  expected: string,
  next: string,
): Promise<boolean> {
  const column = kycRequests[sealedColumn[step]];
  const rows = await db
    .update(kycRequests)
    .set({ [sealedColumn[step]]: next })
    .where(and(eq(kycRequests.userId, userId), eq(column, expected)))
    .returning({ userId: kycRequests.userId });
  return rows.length > 0;
}

/** The key rotation's walk over the stored files: a page of storage keys after `afterKey`. */
export async function listStorageKeys(db: Db, afterKey: string, limit: number) {
  const rows = await db
    .select({ storageKey: kycFiles.storageKey })
    .from(kycFiles)
    .where(sql`${kycFiles.storageKey} > ${afterKey}`)
    .orderBy(asc(kycFiles.storageKey))
    .limit(limit);
  return rows.map((row) => row.storageKey);
}

/** Whether a file row still points at this stored object (a replaced photo's is deleted). */
export async function isStorageKeyInUse(db: Db, storageKey: string): Promise<boolean> {
  const [row] = await db
    .select({ storageKey: kycFiles.storageKey })
    .from(kycFiles)
    .where(eq(kycFiles.storageKey, storageKey))
    .limit(1);
  return row !== undefined;
}
