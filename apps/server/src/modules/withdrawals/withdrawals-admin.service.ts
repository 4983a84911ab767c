import {
  type AdminWithdrawal,
  type AdminWithdrawalApproveBody,
  type AdminWithdrawalQuery,
  defaultWithdrawalSort,
  formatNano,
  parseFre,
  type QueueOpenedBy,
} from "@fre/shared";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, adminRoleGrantedBetween, recordAudit } from "../audit/index.ts";
import { release } from "../ledger/ledger.ts";
import { openedByOthers, recordOpen } from "../queue-opens/index.ts";
import { transition, type WithdrawalRow } from "./withdrawals.repo.ts";
import {
  announce,
  mailOutcome,
  type WithdrawalDeps,
  withdrawalView,
} from "./withdrawals.service.ts";
import {
  type AdminWithdrawalRow,
  findAdminRow,
  findApprover,
  listAdminRows,
  lockWithdrawal,
  recordFirstApproval,
  withdrawalExists,
} from "./withdrawals-admin.repo.ts";

type Step = AdminWithdrawalApproveBody["expect"];

/** Whether a user still counts as an admin for four eyes: admin role, account not erased. */
const stillAdmin = (user: { role: string | null; erasedAt: Date | null } | null) =>
  user !== null && user.role === "admin" && user.erasedAt === null;

function riskView(risk: NonNullable<AdminWithdrawalRow["risk"]>): AdminWithdrawal["risk"] {
  return {
    balance: formatNano(risk.balance),
    kycStatus: risk.kycStatus,
    accountCreatedAt: risk.accountCreatedAt.toISOString(),
    accountAgeDays: Number(risk.accountAgeDays),
    emailVerified: risk.emailVerified,
    totalMined: formatNano(risk.totalMined),
    completedWithdrawals: {
      count: Number(risk.completedCount),
      total: formatNano(BigInt(risk.completedTotal)),
    },
    recentAdjustments: {
      count: Number(risk.adjustmentCount),
      total: formatNano(BigInt(risk.adjustmentTotal)),
    },
    suspended: Boolean(risk.suspended),
    sameWalletAccounts: Number(risk.sameWalletAccounts),
  };
}

function adminView(
  deps: WithdrawalDeps,
  row: AdminWithdrawalRow,
  openedBy: QueueOpenedBy = null,
): AdminWithdrawal {
  const w = row.withdrawal;
  const pending = w.status === "pending";
  // A first approval whose admin has since lost the role (or their account) no longer counts:
  // the request shows as awaiting its first approval again, as the server will treat it.
  const firstCounts =
    w.firstApprovedBy !== null &&
    stillAdmin({ role: row.firstApproverRole, erasedAt: row.firstApproverErasedAt });
  return {
    ...withdrawalView(w, deps.chain.kind),
    userId: w.userId,
    nickname: row.nickname,
    reviewedAt: w.reviewedAt ? w.reviewedAt.toISOString() : null,
    approvalState: !pending
      ? "decided"
      : w.approvalsRequired === 2 && firstCounts
        ? "awaiting_second_approval"
        : "awaiting_approval",
    approvalsRequired: w.approvalsRequired,
    firstApproval:
      w.firstApprovedBy && w.firstApprovedAt && (firstCounts || !pending)
        ? {
            adminId: w.firstApprovedBy,
            nickname: row.firstApproverNickname,
            at: w.firstApprovedAt.toISOString(),
          }
        : null,
    risk: row.risk ? riskView(row.risk) : null,
    riskLevel: row.riskLevel === "high" || row.riskLevel === "medium" ? row.riskLevel : null,
    openedBy,
  };
}

/**
 * `GET /api/admin/withdrawals` (decision 0061): one status, sorted by age or amount, filtered by
 * risk level and amount range, a page at a time (one row more says whether a next page exists);
 * each request says whether another admin opened it in the last minutes.
 */
export async function adminListWithdrawals(
  deps: WithdrawalDeps,
  adminId: string,
  query: AdminWithdrawalQuery,
) {
  const rows = await listAdminRows(
    deps.db,
    {
      status: query.status,
      sort: query.sort ?? defaultWithdrawalSort(query.status),
      risk: query.risk,
      search: query.q,
      minAmount: query.minAmount === undefined ? undefined : parseFre(query.minAmount),
      maxAmount: query.maxAmount === undefined ? undefined : parseFre(query.maxAmount),
      limit: query.limit + 1,
      offset: query.offset,
    },
    deps.clock.now(),
  );
  const page = rows.slice(0, query.limit);
  const opened = await openedByOthers(
    deps,
    "withdrawal",
    page.map((row) => row.withdrawal.id),
    adminId,
  );
  return {
    items: page.map((row) => adminView(deps, row, opened.get(row.withdrawal.id) ?? null)),
    nextOffset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

/**
 * `POST /api/admin/withdrawals/:id/open`: this admin has the request open (its confirmation or
 * its rejection); the answer says whether another admin has it open too.
 */
export async function adminOpenWithdrawal(deps: WithdrawalDeps, adminId: string, id: string) {
  if (!(await withdrawalExists(deps.db, id))) throw new AppError("NOT_FOUND");
  return recordOpen(deps, "withdrawal", id, adminId);
}

async function adminOne(deps: WithdrawalDeps, id: string) {
  const row = await findAdminRow(deps.db, id, deps.clock.now());
  if (!row) throw new AppError("NOT_FOUND");
  return adminView(deps, row);
}

/** What a review saw before it acted: the pending request, its amount and any first approval. */
const reviewedBefore = (row: WithdrawalRow) => ({
  status: row.status,
  userId: row.userId,
  amount: formatNano(row.amountNano),
  approvalsRequired: row.approvalsRequired,
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
 * What this approval is on the locked row: "first" (of two, pays nothing) or "final" (pays).
 * `recorded` reads the row as written; `effective` drops a first approval whose admin is no
 * longer an admin (demoted or erased): that approval no longer counts, this one is the first.
 */
async function approvalStep(tx: Tx, row: WithdrawalRow) {
  const recorded: Step = row.approvalsRequired === 2 && !row.firstApprovedBy ? "first" : "final";
  if (recorded === "first" || row.approvalsRequired === 1 || !row.firstApprovedBy) {
    return { recorded, effective: recorded };
  }
  const firstCounts = stillAdmin(await findApprover(tx, row.firstApprovedBy));
  return { recorded, effective: firstCounts ? recorded : ("first" as Step) };
}

/**
 * Approves a pending request. `approvals_required` was fixed when the user asked (2 above the
 * four-eyes threshold then in force); the threshold now plays no part. With one required, the
 * approval pays: `processing`, payout queued. With two, the first approval is only recorded (still
 * pending, "awaiting second approval") and a second, independent admin's approval pays it.
 * `expected` is what the admin was shown; if the request no longer stands there (another admin
 * acted meanwhile), 409 WITHDRAWAL_STATE_CHANGED and nothing changes — except that a "final" seen
 * on a first approval which no longer counts may still record a first approval (it pays nothing).
 * The row is locked for the whole decision, so two admins at once take turns and one payout is
 * queued at most; the payout worker then sends it (once).
 */
export async function adminApprove(
  deps: WithdrawalDeps,
  actor: AuditActor,
  id: string,
  expected: Step,
) {
  // Nothing would send it: the admin rejects (refunds) instead of leaving it stuck.
  if (!deps.enabled) throw new AppError("WITHDRAWALS_UNAVAILABLE");
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await lockForReview(tx, actor, id);
    // The first approver never gives the second one, whatever changed since.
    if (row.firstApprovedBy === actor.userId) throw new AppError("SECOND_APPROVER_REQUIRED");
    const step = await approvalStep(tx, row);
    if (expected !== step.effective && expected !== step.recorded) {
      throw new AppError("WITHDRAWAL_STATE_CHANGED");
    }
    const audit = {
      actorId: actor.userId,
      targetType: "withdrawal" as const,
      targetId: row.id,
      before: reviewedBefore(row),
      ip: actor.ip,
      at: now,
    };
    if (step.effective === "first") {
      const marked = await recordFirstApproval(tx, row.id, actor.userId, now);
      await recordAudit(tx, {
        ...audit,
        action: "withdrawal.first_approval",
        after: {
          ...reviewedBefore(marked),
          approvals: "1/2",
          // The earlier first approval, dropped: its admin is no longer an admin.
          ...(row.firstApprovedBy ? { discardedFirstApprovalBy: row.firstApprovedBy } : {}),
        },
      });
      return;
    }
    // One admin who made the other an admin (either way, ever) is not a second pair of eyes.
    if (
      row.approvalsRequired === 2 &&
      row.firstApprovedBy &&
      (await adminRoleGrantedBetween(tx, actor.userId, row.firstApprovedBy))
    ) {
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
        approvals: row.approvalsRequired === 2 ? "2/2" : "1/1",
      },
    });
    await announce(deps, tx, moved);
  });
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
  await deps.db.transaction(async (tx) => {
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
    await announce(deps, tx, moved);
    await mailOutcome(deps, tx, moved, "rejected");
  });
  return adminOne(deps, id);
}
