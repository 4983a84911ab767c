import { ADMIN_CODE_MIN_LENGTH, type AdminPendingRoleGrants, type AdminSummary } from "@fre/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { AdminCodeNotice } from "../../lib/admin-code-notice.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { hashSecret, randomCode, verifySecret } from "../../lib/secret-hash.ts";
import { recordAudit } from "../audit/index.ts";
import { accessCodeGuard, reserveAttempt } from "../auth/auth.service.ts";
import { openTicketCount } from "../support/support.service.ts";
import { roleOf } from "../users/users.service.ts";
import {
  addSecurityLog,
  anyCodeChanged,
  assignCodeIfMissing,
  countPendingKyc,
  countPendingWithdrawals,
  createSecuritySettings,
  deleteElevation,
  deleteElevationsOf,
  findDefaultCodeHash,
  findElevation,
  findPersonalCodeHash,
  listSecurityLogs,
  lockAccountByEmail,
  touchElevation,
  upsertElevation,
  upsertPersonalCode,
} from "./admin.repo.ts";
import { countLivePendingGrants, livePendingGrants } from "./admin-grants.repo.ts";

export interface AdminDeps {
  db: Db;
  clock: Clock;
  elevationMs: number;
  /** An admin has set their own code: the generated default's copy is no longer needed. */
  onCodeChanged?: () => void;
}

/**
 * Makes sure the security settings exist (spec §4). The default code comes from config or is
 * generated here and shown once — the only time it is ever readable. A generated code's hash is
 * committed only after the notice has it (its file on disk, or the terminal): a notice that fails,
 * or a crash before the commit, leaves nothing stored, so the next start makes and shows a new
 * one instead of keeping a code nobody knows.
 */
export async function ensureSecuritySettings(
  db: Db,
  configuredCode: string | undefined,
  log: FastifyBaseLogger,
  /** Shows a generated code to the person starting the server (never into the log). */
  notice?: AdminCodeNotice,
) {
  if (await findDefaultCodeHash(db)) {
    // Changed while another instance (or an earlier run) kept the copy: drop it now.
    if (await anyCodeChanged(db)) notice?.forget();
    return;
  }
  if (configuredCode) {
    await createSecuritySettings(db, await hashSecret(configuredCode));
    return;
  }
  const code = randomCode(12);
  const hash = await hashSecret(code);
  // Another start's insert waits on this uncommitted row, then finds it: one code is shown.
  const where = await db.transaction(async (tx) => {
    if (!(await createSecuritySettings(tx, hash))) return null;
    return notice?.announce(code) ?? "shown nowhere (no console notice at this start)";
  });
  if (where !== null) {
    // Where to look, and the way out when it is lost: the operator reading the log has both.
    log.warn(
      `Generated the default admin access code: ${where}. Lost it? ` +
        "`npm run admin -- reset-code EMAIL` gives an admin a new personal code " +
        "(set ADMIN_DEFAULT_ACCESS_CODE to choose the default one)",
    );
  }
}

/** Role check for admin routes: 401 when signed out, 403 for a plain user. */
export async function assertAdmin(db: Db, viewer: Viewer | null): Promise<Viewer> {
  if (!viewer) throw new AppError("ADMIN_NOT_SIGNED_IN", 401);
  if ((await roleOf(db, viewer.userId)) !== "admin") throw new AppError("ADMIN_REQUIRED", 403);
  return viewer;
}

/** Role and a live elevation of this sign-in session; each admin call extends it. */
export async function assertElevated(deps: AdminDeps, viewer: Viewer | null): Promise<Viewer> {
  const admin = await assertAdmin(deps.db, viewer);
  const now = deps.clock.now();
  const extended = await touchElevation(
    deps.db,
    admin.sessionId,
    admin.userId,
    now,
    new Date(now.getTime() + deps.elevationMs),
  );
  if (!extended) throw new AppError("ADMIN_ACCESS_REQUIRED", 403);
  return admin;
}

export async function accessStatus(deps: AdminDeps, admin: Viewer) {
  const expiresAt = await findElevation(deps.db, admin.sessionId, admin.userId, deps.clock.now());
  return { elevated: expiresAt !== null, expiresAt: expiresAt?.toISOString() ?? null };
}

/** Checks the personal code (an admin without one gets the default) and elevates the session. */
export async function grantAccess(deps: AdminDeps, admin: Viewer, code: string, ip: string) {
  const { db, clock } = deps;
  // Counted before the code is checked, so concurrent guesses cannot pass the lock together.
  const attempt = await reserveAttempt(db, clock, accessCodeGuard(admin.userId));
  let valid: boolean;
  try {
    let personal = await findPersonalCodeHash(db, admin.userId);
    if (!personal) {
      const fallback = await findDefaultCodeHash(db);
      if (!fallback) throw new AppError("ACCESS_CODE_CHECK_FAILED", 500);
      await assignCodeIfMissing(db, admin.userId, fallback);
      personal = await findPersonalCodeHash(db, admin.userId);
    }
    valid = Boolean(personal && (await verifySecret(code, personal)));
  } catch (error) {
    await attempt.settle("cancel");
    throw error;
  }
  const now = clock.now();
  const trace = (action: "access_granted" | "access_denied") => (tx: Db) =>
    Promise.all([
      addSecurityLog(tx, admin.userId, action, now),
      recordAudit(tx, {
        actorId: admin.userId,
        action: `admin.${action}`,
        targetType: "admin",
        targetId: admin.userId,
        ip,
        at: now,
      }),
    ]);
  if (!valid) {
    await db.transaction(trace("access_denied"));
    await attempt.settle("failure");
    throw new AppError("INVALID_ACCESS_CODE", 401);
  }
  await attempt.settle("success");
  const expiresAt = new Date(now.getTime() + deps.elevationMs);
  // The elevation and its log line commit together: never access without a trace.
  await db.transaction(async (tx) => {
    await upsertElevation(tx, admin.sessionId, admin.userId, expiresAt);
    await trace("access_granted")(tx);
  });
  return { elevated: true, expiresAt: expiresAt.toISOString() };
}

export async function revokeAccess(deps: AdminDeps, viewer: Viewer) {
  await deleteElevation(deps.db, viewer.sessionId);
}

export async function changeAccessCode(deps: AdminDeps, admin: Viewer, code: string, ip: string) {
  if (code.length < ADMIN_CODE_MIN_LENGTH) throw new AppError("ACCESS_CODE_TOO_SHORT", 400);
  const now = deps.clock.now();
  const hash = await hashSecret(code);
  await deps.db.transaction(async (tx) => {
    await upsertPersonalCode(tx, admin.userId, hash, now);
    await addSecurityLog(tx, admin.userId, "code_changed", now);
    // Neither the code nor its hash: only that it changed.
    await recordAudit(tx, {
      actorId: admin.userId,
      action: "admin.code_changed",
      targetType: "admin",
      targetId: admin.userId,
      ip,
      at: now,
    });
  });
  deps.onCodeChanged?.();
}

/** The length of a code made by `npm run admin -- reset-code` (well above the minimum). */
export const RESET_CODE_LENGTH = Math.max(12, ADMIN_CODE_MIN_LENGTH);

/** Where a code reset came from: the server's console, by which system account on which host. */
export interface CodeResetOrigin {
  via: "cli";
  osUser: string;
  host: string;
}

/**
 * Lost access code (`npm run admin -- reset-code EMAIL`, run by whoever holds the server): a new
 * random personal code replaces the old one, every elevation of that admin ends, and the reset
 * is audited in the same transaction. The audit has no system actor, so the entry's actor is the
 * admin whose code was reset; its `after` says who really ran it (`origin`: the console, the
 * system account and the host; never the code) and it has no IP (decision 0031). The code is
 * returned once to be shown; only its hash is kept.
 */
export async function resetAccessCode(
  deps: Pick<AdminDeps, "db" | "clock">,
  email: string,
  origin: CodeResetOrigin,
): Promise<{ userId: string; code: string; endedElevations: number }> {
  const code = randomCode(RESET_CODE_LENGTH);
  const hash = await hashSecret(code);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const account = await lockAccountByEmail(tx, email);
    if (!account) throw new AppError("NOT_FOUND", 404);
    if (account.role !== "admin") throw new AppError("ADMIN_REQUIRED", 403);
    await upsertPersonalCode(tx, account.id, hash, now);
    const endedElevations = await deleteElevationsOf(tx, account.id);
    await recordAudit(tx, {
      actorId: account.id,
      action: "admin.code_reset",
      targetType: "admin",
      targetId: account.id,
      after: { via: origin.via, osUser: origin.osUser, host: origin.host },
      ip: null,
      at: now,
    });
    return { userId: account.id, code, endedElevations };
  });
}

export async function securityLog(deps: AdminDeps) {
  const rows = await listSecurityLogs(deps.db, 200);
  return {
    items: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      nickname: row.nickname,
      action: row.action,
      timestamp: row.createdAt.toISOString(),
    })),
  };
}

/** Pending requests for the admin home (spec §4). */
export async function pendingSummary(deps: AdminDeps): Promise<AdminSummary> {
  const [pendingKyc, pendingWithdrawals, openSupportTickets, pendingRoleGrants] = await Promise.all(
    [
      countPendingKyc(deps.db),
      countPendingWithdrawals(deps.db),
      openTicketCount(deps),
      countLivePendingGrants(deps.db, deps.clock.now()),
    ],
  );
  return { pendingKyc, pendingWithdrawals, openSupportTickets, pendingRoleGrants };
}

/** The grant requests a second admin may decide on, oldest first (the console's Users screen). */
export async function pendingRoleGrants(deps: AdminDeps): Promise<AdminPendingRoleGrants> {
  const rows = await livePendingGrants(deps.db, deps.clock.now(), 50);
  return {
    items: rows.map((row) => ({
      id: row.id,
      requestedBy: { id: row.requestedBy, nickname: row.requesterNickname },
      grantee: { id: row.granteeId, nickname: row.granteeNickname },
      reason: row.reason,
      requestedAt: row.requestedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    })),
  };
}
