import type { AdminWithdrawal, WithdrawalStatus } from "@fre/shared";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { release } from "../ledger/ledger.ts";
import {
  findNickname,
  findWithdrawal,
  listByStatus,
  transition,
  type WithdrawalRow,
} from "./withdrawals.repo.ts";
import {
  announce,
  mailOutcome,
  type WithdrawalDeps,
  withdrawalView,
} from "./withdrawals.service.ts";

const adminView = (
  deps: WithdrawalDeps,
  row: WithdrawalRow,
  nickname: string,
): AdminWithdrawal => ({
  ...withdrawalView(row, deps.chain.kind),
  userId: row.userId,
  nickname,
  reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
});

export async function adminListWithdrawals(deps: WithdrawalDeps, status: WithdrawalStatus) {
  const rows = await listByStatus(deps.db, status, 200);
  return { items: rows.map((r) => adminView(deps, r.withdrawal, r.nickname)) };
}

/** The review's audit line: a pending request of this user and amount, and what it became. */
function auditReview(
  tx: Parameters<typeof recordAudit>[0],
  actor: AuditActor,
  row: WithdrawalRow,
  action: "withdrawal.approve" | "withdrawal.reject",
  at: Date,
) {
  return recordAudit(tx, {
    actorId: actor.userId,
    action,
    targetType: "withdrawal",
    targetId: row.id,
    before: { status: "pending", userId: row.userId, amountNano: row.amountNano },
    after: { status: row.status, reason: row.reason },
    ip: actor.ip,
    at,
  });
}

async function notPending(deps: WithdrawalDeps, id: string): Promise<never> {
  if (!(await findWithdrawal(deps.db, id))) throw new AppError("NOT_FOUND");
  throw new AppError("WITHDRAWAL_NOT_PENDING");
}

/**
 * Approves a pending request: it becomes `processing` with its payout queued, in one conditional
 * update — of two admins approving at once, or an approval racing the user's cancel, exactly one
 * wins; the payout worker then sends it (once).
 */
export async function adminApprove(deps: WithdrawalDeps, actor: AuditActor, id: string) {
  // Nothing would send it: the admin rejects (refunds) instead of leaving it stuck.
  if (!deps.enabled) throw new AppError("WITHDRAWALS_UNAVAILABLE");
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const moved = await transition(
      tx,
      { id, from: "pending" },
      {
        status: "processing",
        payoutState: "queued",
        reviewedBy: actor.userId,
        reviewedAt: now,
        updatedAt: now,
      },
    );
    if (moved) await auditReview(tx, actor, moved, "withdrawal.approve", now);
    return moved;
  });
  if (!row) return notPending(deps, id);
  announce(deps, row);
  return adminView(deps, row, await findNickname(deps.db, row.userId));
}

/** Rejects a pending request with a reason: the status and the refund commit together. */
export async function adminReject(
  deps: WithdrawalDeps,
  actor: AuditActor,
  id: string,
  reason: string,
) {
  const adminId = actor.userId;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const moved = await transition(
      tx,
      { id, from: "pending" },
      {
        status: "rejected",
        reason,
        reviewedBy: adminId,
        reviewedAt: now,
        updatedAt: now,
        completedAt: now,
      },
    );
    if (moved) {
      await release(tx, { userId: moved.userId, reference: id, at: now });
      await auditReview(tx, actor, moved, "withdrawal.reject", now);
    }
    return moved;
  });
  if (!row) return notPending(deps, id);
  announce(deps, row);
  await mailOutcome(deps, row, "rejected");
  return adminView(deps, row, await findNickname(deps.db, row.userId));
}
