import type { RiskLevel } from "@fre/shared";
import { and, asc, count, desc, eq, gt, isNull, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { latestRows } from "../../db/latest-rows.ts";
import {
  ledgerEntries,
  miningSessions,
  shopItems,
  shopOrders,
  tonWallets,
  userRisk,
  users,
  withdrawals,
} from "../../db/schema/index.ts";

const rowColumns = {
  id: users.id,
  nickname: users.nickname,
  email: users.email,
  referralCode: users.referralCode,
  role: users.role,
  emailVerified: users.emailVerified,
  kycStatus: users.kycStatus,
  suspendedAt: users.suspendedAt,
  erasedAt: users.erasedAt,
  createdAt: users.createdAt,
  /** The last nightly risk score (null: never scored). */
  riskLevel: userRisk.level,
  riskScore: userRisk.score,
};

/** `%`, `_` and `\` typed by the admin are letters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Users whose nickname, e-mail or referral code starts with `prefix` (any case), newest first,
 * keyset-paged on (created_at, id). Each branch is a prefix match on its own btree
 * `text_pattern_ops` index (migration 0019): fast at a million users, without pg_trgm.
 */
function prefixMatch(prefix: string) {
  const lower = `${escapeLike(prefix.toLowerCase())}%`;
  return or(
    like(sql`lower(${users.nickname})`, lower),
    like(sql`lower(${users.email})`, lower),
    like(users.referralCode, `${escapeLike(prefix.toUpperCase())}%`),
  );
}

/**
 * One page of `query`: its own conditions, then the prefix if any, then the keyset cursor if any
 * (rows past `[column, value]`, ties broken by `tie`), in `order`.
 */
function userPage<T extends PgSelect>(
  query: T,
  page: {
    where: (SQL | undefined)[];
    prefix: string | undefined;
    after: [PgColumn, unknown, SQL] | undefined;
    order: [SQL, SQL];
    limit: number;
  },
) {
  const [column, value, tie] = page.after ?? [];
  const cursor = column && or(lt(column, value), and(eq(column, value), tie));
  return query
    .where(and(...page.where, page.prefix ? prefixMatch(page.prefix) : undefined, cursor))
    .orderBy(...page.order)
    .limit(page.limit);
}

export async function searchUsers(
  db: Db,
  prefix: string | undefined,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
) {
  return userPage(
    db.select(rowColumns).from(users).leftJoin(userRisk, eq(userRisk.userId, users.id)).$dynamic(),
    {
      where: [],
      prefix,
      after: after && [users.createdAt, after.createdAt, lt(users.id, after.id)],
      order: [desc(users.createdAt), desc(users.id)],
      limit,
    },
  );
}

/**
 * The review queue (decision 0045): accounts at `level`, highest score first, keyset-paged on
 * (score, id) along `user_risk_level_idx`; an account an admin marked reviewed since its score was
 * last raised is left out, and so is an erased one. A prefix narrows it as in the search.
 */
export async function riskQueue(
  db: Db,
  level: Exclude<RiskLevel, "low">,
  prefix: string | undefined,
  after: { score: number; id: string } | undefined,
  limit: number,
) {
  return userPage(
    db.select(rowColumns).from(userRisk).innerJoin(users, eq(users.id, userRisk.userId)).$dynamic(),
    {
      where: [
        eq(userRisk.level, level),
        or(isNull(userRisk.reviewedAt), lt(userRisk.reviewedAt, userRisk.computedAt)),
        isNull(users.erasedAt),
      ],
      prefix,
      after: after && [userRisk.score, after.score, gt(userRisk.userId, after.id)],
      order: [desc(userRisk.score), asc(userRisk.userId)],
      limit,
    },
  );
}

export async function findUserForAdmin(db: Db, userId: string) {
  const [row] = await db
    .select({
      ...rowColumns,
      language: users.language,
      level: users.level,
      balance: users.balance,
      totalMined: users.totalMined,
      suspendedReason: users.suspendedReason,
      walletAddress: tonWallets.address,
      walletNetwork: tonWallets.network,
    })
    .from(users)
    .leftJoin(tonWallets, eq(tonWallets.userId, users.id))
    .leftJoin(userRisk, eq(userRisk.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A ledger entry as the user page lists it (the latest few, and the paged ledger). */
const LEDGER_ROW = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amountNano: ledgerEntries.amountNano,
  reference: ledgerEntries.reference,
  createdAt: ledgerEntries.createdAt,
};

/** What the user page shows besides the profile: the latest of each, by the owner's indexes. */
export async function userActivity(db: Db, userId: string, limit: number) {
  const [referrals, ledger, sessions, orders, payouts] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.referredBy, userId)),
    latestRows(
      db.select(LEDGER_ROW).from(ledgerEntries).$dynamic(),
      [ledgerEntries.userId, userId],
      ledgerEntries.id,
      limit,
    ),
    latestRows(
      db
        .select({
          id: miningSessions.id,
          status: miningSessions.status,
          startTime: miningSessions.startTime,
          endTime: miningSessions.endTime,
          creditedNano: miningSessions.creditedNano,
        })
        .from(miningSessions)
        .$dynamic(),
      [miningSessions.userId, userId],
      miningSessions.startTime,
      limit,
    ),
    latestRows(
      db
        .select({
          id: shopOrders.id,
          itemId: shopOrders.itemId,
          itemKind: shopItems.kind,
          itemDays: shopItems.durationDays,
          status: shopOrders.status,
          createdAt: shopOrders.createdAt,
        })
        .from(shopOrders)
        .leftJoin(shopItems, eq(shopItems.id, shopOrders.itemId))
        .$dynamic(),
      [shopOrders.userId, userId],
      shopOrders.createdAt,
      limit,
    ),
    latestRows(
      db
        .select({
          id: withdrawals.id,
          amountNano: withdrawals.amountNano,
          status: withdrawals.status,
          createdAt: withdrawals.createdAt,
        })
        .from(withdrawals)
        .$dynamic(),
      [withdrawals.userId, userId],
      withdrawals.createdAt,
      limit,
    ),
  ]);
  return { referralsCount: referrals[0]?.n ?? 0, ledger, sessions, orders, payouts };
}

/** The role, suspension and balance, the row locked for the rest of the transaction. */
export async function lockUserForAdmin(db: Db, userId: string) {
  const [row] = await db
    .select({
      role: users.role,
      erasedAt: users.erasedAt,
      suspendedAt: users.suspendedAt,
      suspendedReason: users.suspendedReason,
      balance: users.balance,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row ?? null;
}

export async function setUserFields(
  db: Db,
  userId: string,
  fields: Partial<Pick<typeof users.$inferInsert, "role" | "suspendedAt" | "suspendedReason">>,
  at: Date,
) {
  await db
    .update(users)
    .set({ ...fields, updatedAt: at })
    .where(eq(users.id, userId));
}
