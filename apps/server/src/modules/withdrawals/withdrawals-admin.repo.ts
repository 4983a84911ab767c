import type { RiskLevel } from "@fre/shared";
import { and, asc, desc, eq, gte, like, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { users, withdrawals } from "../../db/schema/index.ts";
import type { WithdrawalRow, WithdrawalStatusValue } from "./withdrawals.repo.ts";

type Executor = Db | Tx;

const RECENT_ADJUSTMENT_DAYS = 30;
const DAY_MS = 86_400_000;

const firstApprover = alias(users, "first_approver");

/**
 * The withdrawal, its user's nickname, the account's risk level now (decision 0045: the console
 * flags medium and high; a primary-key lookup per row) and its first approver (still an admin or
 * not).
 */
const baseColumns = {
  withdrawal: withdrawals,
  nickname: users.nickname,
  riskLevel: sql<RiskLevel | null>`(select k.level from user_risk k
    where k.user_id = ${withdrawals.userId})`,
  firstApproverNickname: firstApprover.nickname,
  firstApproverRole: firstApprover.role,
  firstApproverErasedAt: firstApprover.erasedAt,
};

/**
 * The risk context of a pending request, per row in the same statement (never a query per
 * withdrawal). Each subquery reads an index: `withdrawals_user_created_idx` (user_id) for the
 * paid withdrawals, the partial `ledger_entries_adjustments_idx` (user_id, created_at where kind
 * = 'admin_adjustment') for the adjustments, `withdrawals_wallet_address_idx` for the address.
 * `now` is the injected clock's time (account age, the 30-day window).
 */
function riskColumns(now: Date) {
  const at = now.toISOString();
  const since = new Date(now.getTime() - RECENT_ADJUSTMENT_DAYS * DAY_MS).toISOString();
  return {
    balance: users.balance,
    kycStatus: users.kycStatus,
    accountCreatedAt: users.createdAt,
    accountAgeDays: sql<number>`greatest(0, floor(extract(epoch from (${at}::timestamptz - ${users.createdAt})) / 86400))::int`,
    emailVerified: users.emailVerified,
    totalMined: users.totalMined,
    suspended: sql<boolean>`${users.suspendedAt} is not null`,
    completedCount: sql<number>`(select count(*)::int from withdrawals w2
      where w2.user_id = ${withdrawals.userId} and w2.status = 'completed')`,
    completedTotal: sql<string>`(select coalesce(sum(w2.amount_nano), 0)::text from withdrawals w2
      where w2.user_id = ${withdrawals.userId} and w2.status = 'completed')`,
    adjustmentCount: sql<number>`(select count(*)::int from ledger_entries le
      where le.user_id = ${withdrawals.userId} and le.kind = 'admin_adjustment'
        and le.created_at >= ${since}::timestamptz)`,
    adjustmentTotal: sql<string>`(select coalesce(sum(le.amount_nano), 0)::text from ledger_entries le
      where le.user_id = ${withdrawals.userId} and le.kind = 'admin_adjustment'
        and le.created_at >= ${since}::timestamptz)`,
    sameWalletAccounts: sql<number>`(select count(distinct w3.user_id)::int from withdrawals w3
      where w3.wallet_address = ${withdrawals.walletAddress}
        and w3.user_id <> ${withdrawals.userId})`,
  };
}

function selectRows(db: Executor) {
  return db
    .select(baseColumns)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedBy));
}

function selectRowsWithRisk(db: Executor, now: Date) {
  return db
    .select({ ...baseColumns, risk: riskColumns(now) })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedBy));
}

type RiskRow = Awaited<ReturnType<typeof selectRowsWithRisk>>[number];
/** A withdrawal as the admin sees it; its risk context only while it is pending. */
export type AdminWithdrawalRow = Omit<RiskRow, "risk"> & { risk: RiskRow["risk"] | null };

/** How a list is ordered: by age or by amount; ties by id, so pages never overlap. */
const listOrder = {
  oldest: [asc(withdrawals.createdAt), asc(withdrawals.id)],
  newest: [desc(withdrawals.createdAt), desc(withdrawals.id)],
  amount_desc: [desc(withdrawals.amountNano), asc(withdrawals.createdAt), asc(withdrawals.id)],
  amount_asc: [asc(withdrawals.amountNano), asc(withdrawals.createdAt), asc(withdrawals.id)],
} as const;

export interface AdminWithdrawalFilter {
  status: WithdrawalStatusValue;
  sort: keyof typeof listOrder;
  /** The account's risk level now; "low" is low or never scored. */
  risk?: RiskLevel;
  /** The user's nickname or e-mail starts with it (any case). */
  search?: string;
  /** The amount range, nano-FRE, inclusive. */
  minAmount?: bigint;
  maxAmount?: bigint;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\\` typed by the admin are letters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The user's nickname or e-mail starts with `prefix`, any case (the queue's search). */
function userStartsWith(prefix: string) {
  const lower = `${escapeLike(prefix.toLowerCase())}%`;
  return or(like(sql`lower(${users.nickname})`, lower), like(sql`lower(${users.email})`, lower))!;
}

function filterOf(filter: AdminWithdrawalFilter) {
  const conditions = [eq(withdrawals.status, filter.status)];
  if (filter.minAmount !== undefined)
    conditions.push(gte(withdrawals.amountNano, filter.minAmount));
  if (filter.maxAmount !== undefined)
    conditions.push(lte(withdrawals.amountNano, filter.maxAmount));
  if (filter.search) conditions.push(userStartsWith(filter.search));
  if (filter.risk) {
    conditions.push(
      sql`coalesce((select k.level from user_risk k where k.user_id = ${withdrawals.userId}), 'low') = ${filter.risk}`,
    );
  }
  return and(...conditions);
}

/** A page of one status, filtered and sorted; the risk context is computed for pending only. */
export async function listAdminRows(
  db: Executor,
  filter: AdminWithdrawalFilter,
  now: Date,
): Promise<AdminWithdrawalRow[]> {
  const where = filterOf(filter);
  const order = listOrder[filter.sort];
  if (filter.status === "pending") {
    return selectRowsWithRisk(db, now)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset);
  }
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset);
  return rows.map((row) => ({ ...row, risk: null }));
}

export async function findAdminRow(
  db: Executor,
  id: string,
  now: Date,
): Promise<AdminWithdrawalRow | null> {
  const [row] = await selectRows(db).where(eq(withdrawals.id, id));
  if (!row) return null;
  if (row.withdrawal.status !== "pending") return { ...row, risk: null };
  const [pending] = await selectRowsWithRisk(db, now).where(eq(withdrawals.id, id));
  return pending ?? null;
}

/**
 * The withdrawal's row, locked until the review's transaction ends: two admins deciding at once
 * take turns, and the second sees what the first wrote (a first approval, a new status).
 */
export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
  return row ?? null;
}

/** An approver's role and erasure now (a first approval counts only while they are an admin). */
export async function findApprover(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ role: users.role, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function recordFirstApproval(tx: Tx, id: string, adminId: string, at: Date) {
  const [row] = await tx
    .update(withdrawals)
    .set({ firstApprovedBy: adminId, firstApprovedAt: at, updatedAt: at })
    .where(eq(withdrawals.id, id))
    .returning();
  return row!;
}

export async function withdrawalExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row !== undefined;
}
