import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  accountSignals,
  accounts,
  adminCodes,
  authFailures,
  contestTaskOpens,
  globalMessageReads,
  idempotencyKeys,
  informationReads,
  kycFiles,
  kycRequests,
  mailOutbox,
  notifications,
  outboxEffects,
  pushSubscriptions,
  referralReminders,
  sessions,
  shopOrders,
  slotNotices,
  supportTickets,
  telegramAccounts,
  tonProofPayloads,
  tonWallets,
  userRisk,
  users,
  verifications,
  withdrawals,
} from "../../db/schema/index.ts";

/**
 * The writes of an account erasure (GDPR art. 17, decision 0028), each by the user's id, all in
 * the caller's transaction. Ledger entries, bets, withdrawals, paid orders, packs, mining sessions
 * and code uses stay: they are the books, attached to the anonymised row.
 */

/** The hash of the user's e-mail-and-password credential, or null (no such credential). */
export async function findPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** Locks the user's row first, as every money path does; null when there is none. */
export async function lockUserForErasure(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row ?? null;
}

/**
 * Whether an active admin other than `userId` remains, under the lock that demotions and
 * suspensions of admins take too (decision 0049): a suspended admin does not count.
 */
export { anotherAdminRemains } from "./last-admin.repo.ts";

export async function hasActiveWithdrawal(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.userId, userId), inArray(withdrawals.status, ["pending", "processing"])),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes the KYC photo rows and returns their file-store keys (the files go after commit). */
export async function deleteKycFileRows(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .delete(kycFiles)
    .where(eq(kycFiles.userId, userId))
    .returning({ key: kycFiles.storageKey });
  return rows.map((row) => row.key);
}

/**
 * Everything personal besides the users row: credentials and sessions, pending links and codes,
 * devices, notifications, the identity check's fields, the wallet link, support conversations,
 * open shop orders, read marks and the sign-in failures and kept mails naming the address, the
 * bot-farm signals, and the outbox's effects for the user (a support answer's text, a
 * rejection's reason: none is sent).
 */
export async function deletePersonalRows(tx: Tx, userId: string, email: string, now: Date) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  // Better Auth keys a reset link by its token and keeps the user id as its value.
  await tx
    .delete(verifications)
    .where(or(eq(verifications.value, userId), eq(verifications.identifier, email)));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(outboxEffects).where(eq(outboxEffects.userId, userId));
  // The request row keeps its verdict and dates (no personal data); its fields go. A request
  // still waiting for review is withdrawn: there is nothing left to review.
  // The rejection reason is an admin's free text that may quote the person: it goes too.
  await tx
    .update(kycRequests)
    .set({
      identitySealed: null,
      addressSealed: null,
      documentSealed: null,
      documentNumberHash: null,
      rejectionReason: null,
      updatedAt: now,
    })
    .where(eq(kycRequests.userId, userId));
  await tx
    .update(kycRequests)
    .set({ status: "draft", submittedAt: null })
    .where(and(eq(kycRequests.userId, userId), eq(kycRequests.status, "pending")));
  await tx
    .update(users)
    .set({ kycStatus: "none" })
    .where(and(eq(users.id, userId), eq(users.kycStatus, "pending")));
  await tx.delete(tonWallets).where(eq(tonWallets.userId, userId));
  await tx.delete(tonProofPayloads).where(eq(tonProofPayloads.userId, userId));
  // Tickets go with every message of them (cascade): decision 0028.
  await tx.delete(supportTickets).where(eq(supportTickets.userId, userId));
  // An open order nothing was paid for goes; one that received TON stays, closed, for the books.
  const open = inArray(shopOrders.status, ["pending", "underpaid"]);
  await tx
    .delete(shopOrders)
    .where(and(eq(shopOrders.userId, userId), open, eq(shopOrders.receivedNano, sql`0`)));
  await tx
    .update(shopOrders)
    .set({ status: "expired" })
    .where(and(eq(shopOrders.userId, userId), open, gt(shopOrders.receivedNano, sql`0`)));
  // Stored answers may quote a wallet address or an amount: nothing will replay them now.
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await tx.delete(globalMessageReads).where(eq(globalMessageReads.userId, userId));
  await tx.delete(informationReads).where(eq(informationReads.userId, userId));
  await tx.delete(contestTaskOpens).where(eq(contestTaskOpens.userId, userId));
  await tx.delete(referralReminders).where(eq(referralReminders.referralId, userId));
  await tx.delete(slotNotices).where(eq(slotNotices.userId, userId));
  await tx.delete(adminCodes).where(eq(adminCodes.userId, userId));
  await tx.delete(authFailures).where(eq(authFailures.key, `email:${email.toLowerCase()}`));
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
  // The bot-farm signals (decision 0045): keyed hashes, but of this person's networks and browser.
  await tx.delete(accountSignals).where(eq(accountSignals.userId, userId));
  // Its risk score and reasons go too: nothing is left to review on an anonymous account.
  await tx.delete(userRisk).where(eq(userRisk.userId, userId));
}

/** Whether a nickname (any case) is taken. */
export async function nicknameTaken(tx: Tx, nickname: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nickname}) = ${nickname.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** The anonymised row: a non-routable address, a neutral nickname and code, no choices kept. */
export async function anonymiseUser(
  tx: Tx,
  userId: string,
  fields: { email: string; nickname: string; referralCode: string },
  now: Date,
) {
  await tx
    .update(users)
    .set({
      email: fields.email,
      emailVerified: false,
      nickname: fields.nickname,
      name: fields.nickname,
      image: null,
      // An erased account keeps no power: an admin who erases themselves is an admin no more.
      role: "user",
      referralCode: fields.referralCode,
      cookieConsent: null,
      telegramUsername: null,
      verificationSentAt: null,
      // An admin's free text that may quote the person; `suspended_at` stays (a fact, no text).
      suspendedReason: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  // The Telegram link is personal data too: the Telegram account may open a new FRE account.
  await tx.delete(telegramAccounts).where(eq(telegramAccounts.userId, userId));
}
