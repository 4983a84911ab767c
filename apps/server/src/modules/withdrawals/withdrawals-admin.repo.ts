import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client.ts";
import { users, withdrawals } from "../../db/schema/index.ts";
import type { WithdrawalRow, WithdrawalStatusValue } from "./withdrawals.repo.ts";

type Executor = Db | Tx;

const RECENT_ADJUSTMENT_DAYS = 30;
const DAY_MS = 86_400_000;

const firstApprover = alias(users, "first_approver");

/**
 * The admin's view of withdrawals with each one's risk context, in one statement for the whole
 * page: correlated subqueries per row (each served by an index on `user_id`), never a query per
 * withdrawal. `now` is the injected clock's time (account age, the 30-day window).
 */
function selectAdminRows(db: Executor, now: Date) {
  const at = now.toISOString();
  const since = new Date(now.getTime() - RECENT_ADJUSTMENT_DAYS * DAY_MS).toISOString();
  return db
    .select({
      withdrawal: withdrawals,
      nickname: users.nickname,
      firstApproverNickname: firstApprover.nickname,
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
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(firstApprover, eq(firstApprover.id, withdrawals.firstApprovedBy));
}

export type AdminWithdrawalRow = Awaited<ReturnType<typeof selectAdminRows>>[number];

export function listAdminRows(
  db: Executor,
  status: WithdrawalStatusValue,
  limit: number,
  now: Date,
): Promise<AdminWithdrawalRow[]> {
  return selectAdminRows(db, now)
    .where(eq(withdrawals.status, status))
    .orderBy(status === "pending" ? asc(withdrawals.createdAt) : desc(withdrawals.createdAt))
    .limit(limit);
}

export async function findAdminRow(db: Executor, id: string, now: Date) {
  const [row] = await selectAdminRows(db, now).where(eq(withdrawals.id, id));
  return row ?? null;
}

/**
 * The withdrawal's row, locked until the review's transaction ends: two admins deciding at once
 * take turns, and the second sees what the first wrote (a first approval, a new status).
 */
export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
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
