import { type AdminWithdrawal, formatNano, type WithdrawalStatus } from "@fre/shared";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { release } from "../ledger/ledger.ts";
import { transition, type WithdrawalRow } from "./withdrawals.repo.ts";
import {
  announce,
  mailOutcome,
  secondApprovalAboveNano,
  type WithdrawalDeps,
  withdrawalView,
} from "./withdrawals.service.ts";
import {
  type AdminWithdrawalRow,
  findAdminRow,
  listAdminRows,
  lockWithdrawal,
  recordFirstApproval,
} from "./withdrawals-admin.repo.ts";

const ADMIN_PAGE_SIZE = 200;

function adminView(deps: WithdrawalDeps, row: AdminWithdrawalRow, thresholdNano: bigint) {
  const w = row.withdrawal;
  const approvalsRequired = w.amountNano > thresholdNano ? 2 : 1;
  const view: AdminWithdrawal = {
    ...withdrawalView(w, deps.chain.kind),
    userId: w.userId,
    nickname: row.nickname,
    reviewedAt: w.reviewedAt ? w.reviewedAt.toISOString() : null,
    approvalState:
      w.status !== "pending"
        ? "decided"
        : approvalsRequired === 2 && w.firstApprovedBy
          ? "awaiting_second_approval"
          : "awaiting_approval",
    approvalsRequired,
    firstApproval:
      w.firstApprovedBy && w.firstApprovedAt
        ? {
            adminId: w.firstApprovedBy,
            nickname: row.firstApproverNickname,
            at: w.firstApprovedAt.toISOString(),
          }
        : null,
    risk: {
      balance: formatNano(row.balance),
      kycStatus: row.kycStatus,
      accountCreatedAt: row.accountCreatedAt.toISOString(),
      accountAgeDays: Number(row.accountAgeDays),
      emailVerified: row.emailVerified,
      totalMined: formatNano(row.totalMined),
      completedWithdrawals: {
        count: Number(row.completedCount),
        total: formatNano(BigInt(row.completedTotal)),
      },
      recentAdjustments: {
        count: Number(row.adjustmentCount),
        total: formatNano(BigInt(row.adjustmentTotal)),
      },
      suspended: Boolean(row.suspended),
      sameWalletAccounts: Number(row.sameWalletAccounts),
    },
  };
  return view;
}

export async function adminListWithdrawals(deps: WithdrawalDeps, status: WithdrawalStatus) {
  const [rows, threshold] = await Promise.all([
    listAdminRows(deps.db, status, ADMIN_PAGE_SIZE, deps.clock.now()),
    secondApprovalAboveNano(deps),
  ]);
  return { items: rows.map((row) => adminView(deps, row, threshold)) };
}

async function adminOne(deps: WithdrawalDeps, id: string) {
  const [row, threshold] = await Promise.all([
    findAdminRow(deps.db, id, deps.clock.now()),
    secondApprovalAboveNano(deps),
  ]);
  if (!row) throw new AppError("NOT_FOUND");
  return adminView(deps, row, threshold);
}

/** What a review saw before it acted: the pending request, its amount and any first approval. */
const reviewedBefore = (row: WithdrawalRow) => ({
  status: row.status,
  userId: row.userId,
  amount: formatNano(row.amountNano),
  firstApprovedBy: row.firstApprovedBy,
});

/**
 * The withdrawal locked for a review by this admin: it exists, it is pending, and it is not the
 * admin's own (four eyes: nobody decides about their own money).
 */
async function lockForReview(tx: Tx, actor: AuditActor, id: string) {
  const row = await lockWithdrawal(tx, id);
  if (!row) throw new AppError("NOT_FOUND");
  if (row.userId === actor.userId) throw new AppError("SELF_REVIEW_FORBIDDEN");
  if (row.status !== "pending") throw new AppError("WITHDRAWAL_NOT_PENDING");
  return row;
}

/**
 * Approves a pending request. At or below the four-eyes threshold one approval pays it: it
 * becomes `processing` with its payout queued. Above it, the first approval is only recorded
 * (still pending, "awaiting second approval"); a second, different admin's approval pays it. The
 * row is locked for the whole decision, so two admins at once take turns and one payout is
 * queued at most; the payout worker then sends it (once).
 */
export async function adminApprove(deps: WithdrawalDeps, actor: AuditActor, id: string) {
  // Nothing would send it: the admin rejects (refunds) instead of leaving it stuck.
  if (!deps.enabled) throw new AppError("WITHDRAWALS_UNAVAILABLE");
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await lockForReview(tx, actor, id);
    const threshold = await secondApprovalAboveNano({ db: tx });
    const needsTwo = row.amountNano > threshold;
    const audit = {
      actorId: actor.userId,
      targetType: "withdrawal" as const,
      targetId: row.id,
      before: reviewedBefore(row),
      ip: actor.ip,
      at: now,
    };
    if (needsTwo && !row.firstApprovedBy) {
      const marked = await recordFirstApproval(tx, row.id, actor.userId, now);
      await recordAudit(tx, {
        ...audit,
        action: "withdrawal.first_approval",
        after: {
          ...reviewedBefore(marked),
          approvals: "1/2",
          secondApprovalAbove: formatNano(threshold),
        },
      });
      return { row: marked, paid: false };
    }
    if (needsTwo && row.firstApprovedBy === actor.userId) {
      throw new AppError("SECOND_APPROVER_REQUIRED");
    }
    const moved = await transition(
      tx,
      { id: row.id, from: "pending" },
      {
        status: "processing",
        payoutState: "queued",
        reviewedBy: actor.userId,
        reviewedAt: now,
        updatedAt: now,
      },
    );
    // The row is locked and was pending: the conditional update cannot miss it.
    if (!moved) throw new AppError("WITHDRAWAL_NOT_PENDING");
    await recordAudit(tx, {
      ...audit,
      action: "withdrawal.approve",
      after: {
        ...reviewedBefore(moved),
        payoutState: moved.payoutState,
        approvals: needsTwo ? "2/2" : "1/1",
        secondApprovalAbove: formatNano(threshold),
      },
    });
    return { row: moved, paid: true };
  });
  if (outcome.paid) announce(deps, outcome.row);
  return adminOne(deps, id);
}

/**
 * Rejects a pending request with a reason, at any step of its review (also after a first
 * approval): the status and the refund commit together.
 */
export async function adminReject(
  deps: WithdrawalDeps,
  actor: AuditActor,
  id: string,
  reason: string,
) {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const pending = await lockForReview(tx, actor, id);
    const moved = await transition(
      tx,
      { id, from: "pending" },
      {
        status: "rejected",
        reason,
        reviewedBy: actor.userId,
        reviewedAt: now,
        updatedAt: now,
        completedAt: now,
      },
    );
    if (!moved) throw new AppError("WITHDRAWAL_NOT_PENDING");
    await release(tx, { userId: moved.userId, reference: id, at: now });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "withdrawal.reject",
      targetType: "withdrawal",
      targetId: moved.id,
      before: reviewedBefore(pending),
      after: { ...reviewedBefore(moved), reason: moved.reason },
      ip: actor.ip,
      at: now,
    });
    return moved;
  });
  announce(deps, row);
  await mailOutcome(deps, row, "rejected");
  return adminOne(deps, id);
}
