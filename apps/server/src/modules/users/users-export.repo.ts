import { asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import {
  bonusCodeUsages,
  boosts,
  gameBets,
  gameSeedPairs,
  levelValidations,
  miningSessions,
  notifications,
  pushSubscriptions,
  sessions,
  shopOrders,
  shopPayments,
  supportMessages,
  supportTickets,
  tonWallets,
  userPacks,
  users,
  withdrawals,
} from "../../db/schema/index.ts";

/**
 * The reads of the data export (GDPR art. 15/20): every table holding the user's rows, each read
 * by the caller's id and with explicit columns — never a token, a hash or a private game state.
 * The sections that grow without bound (ledger, bets, notifications) read the newest `limit`
 * rows, newest first: the caller asks one more than it keeps to know whether any were left out.
 */

type Executor = Db | Tx;

const referrer = alias(users, "referrer");

export async function exportProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      nickname: users.nickname,
      referralCode: users.referralCode,
      language: users.language,
      cookieConsent: users.cookieConsent,
      telegramUsername: users.telegramUsername,
      role: users.role,
      level: users.level,
      kycStatus: users.kycStatus,
      balance: users.balance,
      totalMined: users.totalMined,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      referrerNickname: referrer.nickname,
    })
    .from(users)
    .leftJoin(referrer, eq(referrer.id, users.referredBy))
    .where(eq(users.id, userId));
  return row ?? null;
}

export const exportLoginSessions = (db: Executor, userId: string) =>
  db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));

export const exportMiningSessions = (db: Executor, userId: string) =>
  db
    .select({
      id: miningSessions.id,
      status: miningSessions.status,
      startTime: miningSessions.startTime,
      endTime: miningSessions.endTime,
      baseRateNano: miningSessions.baseRateNano,
      rateNano: miningSessions.rateNano,
      creditedNano: miningSessions.creditedNano,
      claimedAt: miningSessions.claimedAt,
      endedAt: miningSessions.endedAt,
    })
    .from(miningSessions)
    .where(eq(miningSessions.userId, userId))
    .orderBy(asc(miningSessions.startTime));

export const exportBoosts = (db: Executor, userId: string) =>
  db
    .select({
      valueNano: boosts.valueNano,
      source: boosts.source,
      appliedAt: boosts.appliedAt,
      expiresAt: boosts.expiresAt,
    })
    .from(boosts)
    .where(eq(boosts.userId, userId))
    .orderBy(asc(boosts.appliedAt));

/** Whom the user referred: nickname and join date only. */
export const exportReferees = (db: Executor, userId: string) =>
  db
    .select({ nickname: users.nickname, joinedAt: users.createdAt })
    .from(users)
    .where(eq(users.referredBy, userId))
    .orderBy(asc(users.createdAt));

export const exportBonusCodes = (db: Executor, userId: string) =>
  db
    .select({
      code: bonusCodeUsages.code,
      type: bonusCodeUsages.type,
      value: bonusCodeUsages.value,
      durationHours: bonusCodeUsages.durationHours,
      usedAt: bonusCodeUsages.usedAt,
    })
    .from(bonusCodeUsages)
    .where(eq(bonusCodeUsages.userId, userId))
    .orderBy(asc(bonusCodeUsages.usedAt));

export const exportLevelValidations = (db: Executor, userId: string) =>
  db
    .select({
      level: levelValidations.level,
      rewardNano: levelValidations.rewardNano,
      validatedAt: levelValidations.validatedAt,
    })
    .from(levelValidations)
    .where(eq(levelValidations.userId, userId))
    .orderBy(asc(levelValidations.level));

export const exportNotifications = (db: Executor, userId: string, limit: number) =>
  db
    .select({
      type: notifications.type,
      params: notifications.params,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);

/** The user's tickets and every message of them (theirs and the answers they received). */
export async function exportSupport(db: Executor, userId: string) {
  const tickets = await db
    .select({
      id: supportTickets.id,
      subject: supportTickets.subject,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
      updatedAt: supportTickets.updatedAt,
    })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportTickets.createdAt));
  const messages = await db
    .select({
      ticketId: supportMessages.ticketId,
      author: supportMessages.author,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(eq(supportTickets.userId, userId))
    .orderBy(asc(supportMessages.createdAt));
  return { tickets, messages };
}

export async function exportTonWallet(db: Executor, userId: string) {
  const [row] = await db
    .select({
      address: tonWallets.address,
      network: tonWallets.network,
      linkedAt: tonWallets.linkedAt,
    })
    .from(tonWallets)
    .where(eq(tonWallets.userId, userId));
  return row ?? null;
}

export const exportShopOrders = (db: Executor, userId: string) =>
  db
    .select({
      id: shopOrders.id,
      itemId: shopOrders.itemId,
      priceNano: shopOrders.priceNano,
      receivedNano: shopOrders.receivedNano,
      status: shopOrders.status,
      txHash: shopOrders.txHash,
      createdAt: shopOrders.createdAt,
      expiresAt: shopOrders.expiresAt,
      paidAt: shopOrders.paidAt,
    })
    .from(shopOrders)
    .where(eq(shopOrders.userId, userId))
    .orderBy(asc(shopOrders.createdAt));

/** Transfers received for the user's own orders (found through the orders, never by address). */
export async function exportShopPayments(db: Executor, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      txHash: shopPayments.txHash,
      orderId: shopPayments.orderId,
      source: shopPayments.source,
      amountNano: shopPayments.amountNano,
      outcome: shopPayments.outcome,
      resolution: shopPayments.resolution,
      receivedAt: shopPayments.receivedAt,
    })
    .from(shopPayments)
    .where(inArray(shopPayments.orderId, orderIds))
    .orderBy(asc(shopPayments.receivedAt));
}

export const exportPacks = (db: Executor, userId: string) =>
  db
    .select({
      itemId: userPacks.itemId,
      rateBonusNano: userPacks.rateBonusNano,
      grantedAt: userPacks.grantedAt,
    })
    .from(userPacks)
    .where(eq(userPacks.userId, userId))
    .orderBy(asc(userPacks.grantedAt));

export const exportWithdrawals = (db: Executor, userId: string) =>
  db
    .select({
      id: withdrawals.id,
      amountNano: withdrawals.amountNano,
      walletAddress: withdrawals.walletAddress,
      network: withdrawals.network,
      status: withdrawals.status,
      reason: withdrawals.reason,
      txHash: withdrawals.txHash,
      createdAt: withdrawals.createdAt,
      completedAt: withdrawals.completedAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(asc(withdrawals.createdAt));

/** Bets without `state`: an open round's hidden progress (the traps) stays hidden. */
export const exportGameBets = (db: Executor, userId: string, limit: number) =>
  db
    .select({
      id: gameBets.id,
      game: gameBets.game,
      amountNano: gameBets.amountNano,
      multiplier: gameBets.multiplier,
      payoutNano: gameBets.payoutNano,
      status: gameBets.status,
      clientSeed: gameBets.clientSeed,
      nonce: gameBets.nonce,
      options: gameBets.options,
      outcome: gameBets.outcome,
      createdAt: gameBets.createdAt,
      settledAt: gameBets.settledAt,
    })
    .from(gameBets)
    .where(eq(gameBets.userId, userId))
    .orderBy(desc(gameBets.seq))
    .limit(limit);

export const exportGameSeeds = (db: Executor, userId: string) =>
  db
    .select({
      serverSeed: gameSeedPairs.serverSeed,
      serverSeedHash: gameSeedPairs.serverSeedHash,
      clientSeed: gameSeedPairs.clientSeed,
      nonce: gameSeedPairs.nonce,
      createdAt: gameSeedPairs.createdAt,
      revealedAt: gameSeedPairs.revealedAt,
    })
    .from(gameSeedPairs)
    .where(eq(gameSeedPairs.userId, userId))
    .orderBy(asc(gameSeedPairs.createdAt));

export const exportPushSubscriptions = (db: Executor, userId: string) =>
  db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
