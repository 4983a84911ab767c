import { randomUUID } from "node:crypto";
import {
  type AdminUserAdjustment,
  type AdminUserAdjustmentBody,
  type AdminUserDetail,
  type AdminUserLedger,
  type AdminUserLedgerQuery,
  type AdminUserList,
  type AdminUserRow,
  type AdminUsersQuery,
  DEFAULT_LANGUAGE,
  formatNano,
  type Language,
  parseFre,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { ViewerResolver } from "../../http/viewer.ts";
import { shopItemName } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordChange } from "../audit/index.ts";
import { claimVerificationResend } from "../auth/auth.service.ts";
import type { Auth } from "../auth/auth.ts";
import { reRateOwnersAround } from "../circle/index.ts";
import { idempotent } from "../ledger/idempotency.ts";
import { credit, debit } from "../ledger/ledger.ts";
import { userLedgerEntries } from "../ledger/ledger-reads.ts";
import { anotherAdminRemains, revokeSessionsOf } from "../users/users.service.ts";
import { liveGrantOf } from "./admin-grants.repo.ts";
import { userContext } from "./admin-user-context.service.ts";
import {
  findUserForAdmin,
  lockUserForAdmin,
  riskQueue,
  searchUsers,
  setUserFields,
  userActivity,
} from "./admin-users.repo.ts";

export interface AdminUsersDeps {
  db: Db;
  clock: Clock;
  auth: Auth;
  viewer: Pick<ViewerResolver, "forgetAll">;
  /** Tells every server process to drop its cached sessions. */
  onSessionsRevoked: () => void;
}

const PAGE_SIZE = 25;
const ACTIVITY_SIZE = 10;

/** A page's last row: `<created_at>|<id>` in the search, `<score>|<id>` in the review queue. */
const encodeCursor = (key: Date | number, id: string) =>
  Buffer.from(`${key instanceof Date ? key.toISOString() : key}|${id}`).toString("base64url");

function cursorParts(cursor: string) {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const split = text.indexOf("|");
  const [key, id] = split < 0 ? ["", ""] : [text.slice(0, split), text.slice(split + 1)];
  if (id.length === 0) throw new AppError("VALIDATION_ERROR", 400);
  return { key, id };
}

function decodeCursor(cursor: string) {
  const { key, id } = cursorParts(cursor);
  const createdAt = new Date(key);
  if (Number.isNaN(createdAt.getTime())) throw new AppError("VALIDATION_ERROR", 400);
  return { createdAt, id };
}

function decodeRiskCursor(cursor: string) {
  const { key, id } = cursorParts(cursor);
  const score = /^\d{1,3}$/.test(key) ? Number(key) : Number.NaN;
  if (!(score >= 0 && score <= 100)) throw new AppError("VALIDATION_ERROR", 400);
  return { score, id };
}

type Row = Awaited<ReturnType<typeof searchUsers>>[number];
const rowView = (row: Row): AdminUserRow => ({
  id: row.id,
  nickname: row.nickname,
  email: row.email,
  referralCode: row.referralCode,
  role: row.role,
  emailVerified: row.emailVerified,
  kycStatus: row.kycStatus,
  suspended: row.suspendedAt !== null,
  erased: row.erasedAt !== null,
  createdAt: row.createdAt.toISOString(),
  risk:
    row.riskLevel === null || row.riskScore === null
      ? null
      : { level: row.riskLevel, score: row.riskScore },
});

export async function listUsers(
  deps: Pick<AdminUsersDeps, "db">,
  query: AdminUsersQuery,
): Promise<AdminUserList> {
  if (query.risk) return listRiskQueue(deps, query.risk, query);
  const rows = await searchUsers(
    deps.db,
    query.q || undefined,
    query.cursor ? decodeCursor(query.cursor) : undefined,
    PAGE_SIZE + 1,
  );
  return pageOf(rows, (last) => last.createdAt);
}

/** The first PAGE_SIZE of `rows` (fetched one more), and a cursor past them if there are more. */
function pageOf(rows: Row[], key: (last: Row) => Date | number): AdminUserList {
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(rowView),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(key(last), last.id) : null,
  };
}

/** The review queue: accounts at one risk level, highest score first (decision 0045). */
async function listRiskQueue(
  deps: Pick<AdminUsersDeps, "db">,
  level: NonNullable<AdminUsersQuery["risk"]>,
  query: AdminUsersQuery,
): Promise<AdminUserList> {
  const rows = await riskQueue(
    deps.db,
    level,
    query.q || undefined,
    query.cursor ? decodeRiskCursor(query.cursor) : undefined,
    PAGE_SIZE + 1,
  );
  return pageOf(rows, (last) => last.riskScore ?? 0);
}

export async function userDetail(
  deps: Pick<AdminUsersDeps, "db" | "clock">,
  userId: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AdminUserDetail> {
  const row = await findUserForAdmin(deps.db, userId);
  if (!row) throw new AppError("NOT_FOUND", 404);
  const now = deps.clock.now();
  const [activity, grant] = await Promise.all([
    userActivity(deps.db, userId, ACTIVITY_SIZE),
    row.erasedAt ? null : liveGrantOf(deps.db, userId, now),
  ]);
  const context = await userContext(deps.db, userId, activity.referralsCount, now);
  return {
    user: {
      ...rowView(row),
      language: row.language,
      level: row.level,
      balance: formatNano(row.balance),
      totalMined: formatNano(row.totalMined),
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      suspendedReason: row.suspendedReason,
      referralsCount: activity.referralsCount,
      wallet: row.walletAddress
        ? { address: row.walletAddress, network: row.walletNetwork ?? "-239" }
        : null,
    },
    ledger: activity.ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: formatNano(e.amountNano),
      reference: e.reference,
      createdAt: e.createdAt.toISOString(),
    })),
    miningSessions: activity.sessions.map((s) => ({
      id: s.id,
      status: s.status,
      startTime: s.startTime.toISOString(),
      endTime: s.endTime.toISOString(),
      credited: s.creditedNano === null ? null : formatNano(s.creditedNano),
    })),
    shopOrders: activity.orders.map((o) => ({
      ...o,
      // Named as the shop names it, in the admin's language ("Boîte de 7 jours"), never its id.
      itemName: shopItemName(language, o.itemId),
      itemKind: o.itemKind ?? null,
      itemDays: o.itemDays ?? null,
      createdAt: o.createdAt.toISOString(),
    })),
    withdrawals: activity.payouts.map((w) => ({
      id: w.id,
      amount: formatNano(w.amountNano),
      status: w.status,
      createdAt: w.createdAt.toISOString(),
    })),
    roleGrant: grant && {
      id: grant.id,
      requestedBy: { id: grant.requestedBy, nickname: grant.requesterNickname },
      reason: grant.reason,
      requestedAt: grant.requestedAt.toISOString(),
      expiresAt: grant.expiresAt.toISOString(),
    },
    ...context,
  };
}

/** An admin may not demote, suspend or pay themselves: another admin must. */
export function assertNotSelf(actor: AuditActor, userId: string) {
  if (actor.userId === userId) throw new AppError("SELF_ACTION_FORBIDDEN", 403);
}

/** Locks the target's row in `tx`; 404 when there is no such user. */
export async function lockTarget(tx: Db, userId: string) {
  const row = await lockUserForAdmin(tx, userId);
  if (!row) throw new AppError("NOT_FOUND", 404);
  return row;
}

/**
 * Suspends the account: the flag, the end of every session and the audit line commit together;
 * then every process forgets its cached sessions, so an open page is signed out at its next call.
 */
export async function suspendUser(
  deps: AdminUsersDeps,
  actor: AuditActor,
  userId: string,
  reason: string,
) {
  assertNotSelf(actor, userId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    // A suspended admin runs no console: the last active one stays (decision 0049).
    if (
      target.role === "admin" &&
      !target.suspendedAt &&
      !(await anotherAdminRemains(tx, userId))
    ) {
      throw new AppError("LAST_ADMIN", 409);
    }
    await revokeSessionsOf(tx, userId);
    if (target.suspendedAt) return;
    // A suspended member counts in no circle (decision 0056): the owners who named them are
    // locked after them and re-rated at this instant, as an erasure does.
    await reRateOwnersAround(tx, userId, now, () =>
      setUserFields(tx, userId, { suspendedAt: now, suspendedReason: reason }, now),
    );
    await recordChange(tx, actor, now, "user.suspend", ["user", userId], {
      before: { suspended: false },
      after: { suspended: true, reason },
    });
  });
  deps.viewer.forgetAll();
  deps.onSessionsRevoked();
  return userDetail(deps, userId);
}

export async function unsuspendUser(deps: AdminUsersDeps, actor: AuditActor, userId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (!target.suspendedAt) return;
    await reRateOwnersAround(tx, userId, now, () =>
      setUserFields(tx, userId, { suspendedAt: null, suspendedReason: null }, now),
    );
    await recordChange(tx, actor, now, "user.unsuspend", ["user", userId], {
      before: { suspended: true, reason: target.suspendedReason },
      after: { suspended: false },
    });
  });
  return userDetail(deps, userId);
}

/**
 * Moves FRE by hand: one `admin_adjustment` ledger entry, never below zero (the balance CHECK
 * answers INSUFFICIENT_BALANCE), the user's row locked first, at most once per Idempotency-Key.
 */
export async function adjustBalance(
  deps: AdminUsersDeps,
  actor: AuditActor,
  userId: string,
  key: string,
  body: AdminUserAdjustmentBody,
) {
  assertNotSelf(actor, userId);
  // An erased account holds no one's money any more: 404, as for the verification mail.
  const found = await findUserForAdmin(deps.db, userId);
  if (!found || found.erasedAt) throw new AppError("NOT_FOUND", 404);
  const negative = body.amount.startsWith("-");
  const amountNano = parseFre(body.amount.replace(/^-/, ""));
  const now = deps.clock.now();
  return idempotent<AdminUserAdjustment>(
    deps.db,
    {
      userId,
      key,
      operation: "admin.adjustment",
      body: { amountNano: (negative ? -amountNano : amountNano).toString(), reason: body.reason },
      at: now,
    },
    async (tx) => {
      const before = await lockTarget(tx, userId);
      const reference = `admin:${randomUUID()}`;
      const movement = {
        userId,
        kind: "admin_adjustment" as const,
        amountNano,
        reference,
        at: now,
      };
      if (negative) await debit(tx, movement);
      else await credit(tx, movement);
      const after = await lockTarget(tx, userId);
      const amount = formatNano(negative ? -amountNano : amountNano);
      await recordChange(tx, actor, now, "user.adjustment", ["user", userId], {
        before: { balance: formatNano(before.balance) },
        after: { balance: formatNano(after.balance), amount, reason: body.reason, reference },
      });
      return {
        statusCode: 201,
        body: { reference, amount, balance: formatNano(after.balance) },
      };
    },
  );
}

/** Sends the verification mail again (the user's own 60 s cooldown applies). */
export async function resendVerification(deps: AdminUsersDeps, actor: AuditActor, userId: string) {
  const now = deps.clock.now();
  const found = await findUserForAdmin(deps.db, userId);
  // An erased account has no address left to write to (decision 0028).
  if (!found || found.erasedAt) throw new AppError("NOT_FOUND", 404);
  if (found.emailVerified) throw new AppError("EMAIL_ALREADY_VERIFIED", 400);
  await claimVerificationResend(deps.db, deps.clock, found.email);
  const target = await deps.db.transaction(async (tx) => {
    const row = await lockTarget(tx, userId);
    await recordChange(tx, actor, now, "user.verification_resend", ["user", userId]);
    return row;
  });
  await deps.auth.api.sendVerificationEmail({
    body: { email: target.email, callbackURL: "/dashboard" },
  });
}

export const LEDGER_PAGE_SIZE = 25;

/** A user's ledger, newest first, by kind and by whole days (UTC); 404 for an unknown user. */
export async function userLedger(
  deps: Pick<AdminUsersDeps, "db">,
  userId: string,
  query: AdminUserLedgerQuery,
): Promise<AdminUserLedger> {
  if (!(await findUserForAdmin(deps.db, userId))) throw new AppError("NOT_FOUND", 404);
  const rows = await userLedgerEntries(
    deps.db,
    userId,
    {
      kind: query.kind,
      from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
      to: query.to ? new Date(`${query.to}T23:59:59.999Z`) : undefined,
      beforeId: query.cursor ? Number(query.cursor) : undefined,
    },
    LEDGER_PAGE_SIZE + 1,
  );
  const page = rows.slice(0, LEDGER_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: formatNano(e.amountNano),
      reference: e.reference,
      createdAt: e.createdAt.toISOString(),
    })),
    nextCursor: rows.length > LEDGER_PAGE_SIZE && last ? String(last.id) : null,
  };
}
