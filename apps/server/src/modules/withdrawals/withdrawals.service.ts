import {
  formatNano,
  parseFre,
  WITHDRAWAL_DEFAULT_MINIMUM,
  WITHDRAWAL_DEFAULT_SECOND_APPROVAL_ABOVE,
  type Withdrawal,
  type WithdrawalList,
  type WithdrawalSettings,
  type WithdrawalSettingsBody,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { idempotent } from "../ledger/idempotency.ts";
import { hold, release } from "../ledger/ledger.ts";
import { formatFriendlyAddress } from "../ton/address.ts";
import type { Chain } from "../ton/chain.ts";
import { lockLinkedWallet } from "../ton/ton-wallet.service.ts";
import { hotWalletCanPay } from "./hot-wallet.ts";
import {
  findActive,
  findUserForWithdrawal,
  findUserSummary,
  findWalletOf,
  findWithdrawal,
  insertWithdrawal,
  listMine,
  readMinimumNano,
  readNanoSetting,
  SETTING_KEYS,
  transition,
  type WithdrawalRow,
  writeNanoSetting,
} from "./withdrawals.repo.ts";

export interface WithdrawalDeps {
  db: Db;
  clock: Clock;
  /** The user's notification, mail and live event, written with the status change. */
  events: Pick<DomainEvents, "notify" | "mail" | "live">;
  chain: Chain;
  /** False when this server has no way to pay (WITHDRAWALS_ENABLED off): requests are refused. */
  enabled: boolean;
  /** What a worker failure is logged with (never personal data). */
  onPayoutError?: (error: unknown, withdrawalId: string) => void;
}

export const DEFAULT_MINIMUM_NANO = parseFre(WITHDRAWAL_DEFAULT_MINIMUM);
export const DEFAULT_SECOND_APPROVAL_ABOVE_NANO = parseFre(
  WITHDRAWAL_DEFAULT_SECOND_APPROVAL_ABOVE,
);

/**
 * Where a payout can be seen: tonviewer on a real chain. A simulated chain has no explorer (its
 * dev routes answer raw JSON, and only on this machine): the app shows the transaction itself.
 */
export function explorerUrl(
  chainKind: Chain["kind"],
  row: Pick<WithdrawalRow, "txHash" | "walletAddress" | "network">,
) {
  if (!row.txHash) return null;
  if (chainKind === "simulated") return null;
  const host = row.network === "-239" ? "tonviewer.com" : "testnet.tonviewer.com";
  return `https://${host}/transaction/${row.txHash}`;
}

export function withdrawalView(row: WithdrawalRow, chainKind: Chain["kind"]): Withdrawal {
  return {
    id: row.id,
    amount: formatNano(row.amountNano),
    status: row.status,
    wallet: formatFriendlyAddress(row.walletAddress, { network: row.network }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    txHash: row.txHash,
    explorerUrl: explorerUrl(chainKind, row),
    reason: row.reason,
  };
}

export const minimumNano = (deps: Pick<WithdrawalDeps, "db">) =>
  readMinimumNano(deps.db, DEFAULT_MINIMUM_NANO);

/** Above this amount (nano-FRE) a withdrawal needs two different admins' approvals. */
export const secondApprovalAboveNano = (deps: Pick<WithdrawalDeps, "db">) =>
  readNanoSetting(deps.db, SETTING_KEYS.secondApprovalAbove, DEFAULT_SECOND_APPROVAL_ABOVE_NANO);

/**
 * A withdrawal request (spec §5): approved KYC (approved again after an admin's re-check request),
 * a ton_proof wallet, at least the minimum, at most the balance, one at a time. The row and the
 * hold commit together with the idempotency key, so the same `Idempotency-Key` answers the first
 * result and never holds twice.
 */
export async function createWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  key: string,
  body: { amount: string },
) {
  // Never accept FRE that nothing would pay out: they would wait "processing" forever.
  if (!deps.enabled) throw new AppError("WITHDRAWALS_UNAVAILABLE");
  const amountNano = parseFre(body.amount);
  // Nor FRE the hot wallet could not send now (decision 0070): paused with one clear answer,
  // rather than held to fail later. The requests already made keep their FRE held and wait.
  if (!(await hotWalletCanPay(deps, amountNano))) throw new AppError("WITHDRAWALS_UNAVAILABLE");
  const now = deps.clock.now();
  const minimum = await minimumNano(deps);
  try {
    return await idempotent<Withdrawal>(
      deps.db,
      {
        userId,
        key,
        operation: "withdrawals.create",
        body: { amountNano: amountNano.toString() },
        at: now,
      },
      async (tx) => {
        const user = await findUserForWithdrawal(tx, userId);
        if (!user) throw new AppError("UNAUTHORIZED");
        if (user.kycStatus !== "approved") throw new AppError("KYC_REQUIRED");
        // An admin asked for a new identity check (decision 0045): only an approval given after
        // that instant lets money out.
        if (user.kycRecheckDue) throw new AppError("KYC_RECHECK_REQUIRED");
        const wallet = await lockLinkedWallet(tx, userId);
        if (!wallet) throw new AppError("WALLET_REQUIRED");
        if (amountNano < minimum) {
          throw new AppError("AMOUNT_BELOW_MINIMUM", 400, { minimum: formatFreShort(minimum) });
        }
        if (await findActive(tx, userId)) throw new AppError("WITHDRAWAL_PENDING");
        if (amountNano > user.balance) throw new AppError("INSUFFICIENT_BALANCE");
        // Four eyes are fixed now, from the threshold in force: raising it later (or raising it,
        // approving alone and lowering it back) never lets one admin pay this request. A
        // high-risk account (decision 0045) needs two admins whatever the amount; a later change
        // of its level does not move the request either.
        const threshold = await secondApprovalAboveNano({ db: tx });
        const fourEyes = amountNano > threshold || user.riskLevel === "high";
        const row = await insertWithdrawal(tx, {
          userId,
          amountNano,
          walletAddress: wallet.address,
          network: wallet.network,
          approvalsRequired: fourEyes ? 2 : 1,
          status: "pending",
          createdAt: now,
          updatedAt: now,
        });
        await hold(tx, { userId, amountNano, reference: row.id, at: now });
        return { statusCode: 201, body: withdrawalView(row, deps.chain.kind) };
      },
    );
  } catch (error) {
    // Two requests with different keys at once: the one-active index lets one through.
    if (isUniqueViolation(error)) throw new AppError("WITHDRAWAL_PENDING");
    throw error;
  }
}

/** "30.000000000" → "30": the minimum as people write it. */
export function formatFreShort(nano: bigint) {
  return formatNano(nano).replace(/\.?0+$/, "");
}

export async function listMyWithdrawals(
  deps: WithdrawalDeps,
  userId: string,
): Promise<WithdrawalList> {
  const [rows, minimum, user, wallet] = await Promise.all([
    listMine(deps.db, userId, 50),
    minimumNano(deps),
    findUserSummary(deps.db, userId),
    findWalletOf(deps.db, userId),
  ]);
  const payable = deps.enabled && (await hotWalletCanPay(deps, minimum));
  const items = rows.map((row) => withdrawalView(row, deps.chain.kind));
  return {
    items,
    limits: {
      minimum: formatNano(minimum),
      balance: formatNano(user?.balance ?? 0n),
      wallet: wallet ? formatFriendlyAddress(wallet.address, { network: wallet.network }) : null,
      kycStatus: user?.kycStatus ?? "none",
      hasActiveWithdrawal: items.some((w) => w.status === "pending" || w.status === "processing"),
      available: payable,
    },
  };
}

/** In a status change's transaction: the user's open app hears it once it commits. */
export function announce(
  deps: Pick<WithdrawalDeps, "events" | "chain">,
  tx: Tx,
  row: WithdrawalRow,
) {
  return deps.events.live(
    row.userId,
    { type: "withdrawal", data: withdrawalView(row, deps.chain.kind) },
    { tx },
  );
}

/** In the outcome's transaction: its mail (completed, rejected, failed), sent after the commit. */
export function mailOutcome(
  deps: Pick<WithdrawalDeps, "events">,
  tx: Tx,
  row: WithdrawalRow,
  outcome: "completed" | "rejected" | "failed",
) {
  return deps.events.mail(
    row.userId,
    "withdrawalOutcome",
    {
      outcome,
      amount: formatFreShort(row.amountNano),
      wallet: formatFriendlyAddress(row.walletAddress, { network: row.network }),
      reason: row.reason,
    },
    { tx },
  );
}

/**
 * Cancels the user's own pending request: the status and the refund commit together. The
 * withdrawal's row is locked before the user's, as a failed payout's refund does; neither takes
 * the user's row FOR UPDATE, so a new request (which locks the user first) cannot cross them.
 */
export async function cancelWithdrawal(deps: WithdrawalDeps, userId: string, id: string) {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const moved = await transition(
      tx,
      { id, userId, from: "pending" },
      { status: "cancelled", updatedAt: now, completedAt: now },
    );
    if (moved) {
      await release(tx, { userId, reference: id, at: now });
      await announce(deps, tx, moved);
    }
    return moved;
  });
  if (!row) {
    const existing = await findWithdrawal(deps.db, id);
    if (!existing || existing.userId !== userId) throw new AppError("NOT_FOUND");
    throw new AppError("WITHDRAWAL_NOT_PENDING");
  }
  return withdrawalView(row, deps.chain.kind);
}

async function readSettings(db: Db | Tx): Promise<WithdrawalSettings> {
  const [minimum, secondApprovalAbove] = await Promise.all([
    minimumNano({ db }),
    secondApprovalAboveNano({ db }),
  ]);
  return { minimum: formatNano(minimum), secondApprovalAbove: formatNano(secondApprovalAbove) };
}

/** Changes the minimum and/or the four-eyes threshold, audited with both values before and after. */
export async function setSettings(
  deps: WithdrawalDeps,
  actor: AuditActor,
  body: WithdrawalSettingsBody,
): Promise<WithdrawalSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readSettings(tx);
    if (body.minimum !== undefined) {
      await writeNanoSetting(tx, SETTING_KEYS.minimum, parseFre(body.minimum));
    }
    if (body.secondApprovalAbove !== undefined) {
      const nano = parseFre(body.secondApprovalAbove);
      await writeNanoSetting(tx, SETTING_KEYS.secondApprovalAbove, nano);
    }
    const after = await readSettings(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "withdrawal.settings",
      targetType: "settings",
      targetId: "withdrawals",
      before,
      after,
      ip: actor.ip,
      at: deps.clock.now(),
    });
    return after;
  });
}

export const getSettings = (deps: WithdrawalDeps) => readSettings(deps.db);

/** Whether a withdrawal of this user is pending or being paid (the TON wallet's unlink asks). */
export async function hasOpenWithdrawal(tx: Tx, userId: string) {
  return (await findActive(tx, userId)) !== null;
}
