import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, adminRoleGrantedBetween, recordAudit } from "../audit/index.ts";
import { anotherAdminRemains, isActiveAdmin } from "../users/users.service.ts";
import {
  closeGrant,
  findGrantee,
  insertGrant,
  lockGrant,
  lockPendingGrantOf,
} from "./admin-grants.repo.ts";
import { setUserFields } from "./admin-users.repo.ts";
import {
  type AdminUsersDeps,
  assertNotSelf,
  lockTarget,
  userDetail,
} from "./admin-users.service.ts";

/** How long a console grant waits for its second admin (decision 0049). */
export const ROLE_GRANT_TTL_MS = 24 * 60 * 60 * 1000;

type Grant = NonNullable<Awaited<ReturnType<typeof lockGrant>>>;

/** A pending grant that still stands: not expired, its requester still an active admin. */
async function stands(tx: Db, grant: Grant, now: Date) {
  return (
    grant.status === "pending" &&
    grant.expiresAt.getTime() > now.getTime() &&
    (await isActiveAdmin(tx, grant.requestedBy))
  );
}

/**
 * `POST /api/admin/users/:id/role`. A demotion is immediate — it takes power away — but never
 * leaves the console without an active admin: counted under the roster lock, so of two admins
 * demoting each other at once one gets 409 LAST_ADMIN. Making someone an admin only records a
 * request, which a second admin confirms (decision 0049); the server console (`npm run admin --
 * promote`) stays the operator's immediate way.
 */
export async function changeRole(
  deps: AdminUsersDeps,
  actor: AuditActor,
  userId: string,
  body: { role: "user" | "admin"; reason: string },
) {
  assertNotSelf(actor, userId);
  if (body.role === "admin") return requestAdminRole(deps, actor, userId, body.reason);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (target.role === "user") return;
    if (!(await anotherAdminRemains(tx, userId))) throw new AppError("LAST_ADMIN", 409);
    // Read under the same lock: an admin demoted a moment ago demotes nobody.
    if (!(await isActiveAdmin(tx, actor.userId))) throw new AppError("ADMIN_REQUIRED", 403);
    await setUserFields(tx, userId, { role: "user" }, now);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "user.role",
      targetType: "user",
      targetId: userId,
      before: { role: target.role },
      after: { role: "user", reason: body.reason },
      ip: actor.ip,
      at: now,
    });
  });
  return userDetail(deps, userId);
}

/**
 * Records a pending grant of the admin role (audited `user.role_grant_request`); the role does
 * not change. A grant already standing is kept as it is, whoever presses "make admin" again; one
 * that lapsed (expired, or its requester no longer an admin) is closed and replaced.
 */
async function requestAdminRole(
  deps: AdminUsersDeps,
  actor: AuditActor,
  userId: string,
  reason: string,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (target.erasedAt) throw new AppError("NOT_FOUND", 404);
    if (target.role === "admin") return;
    const pending = await lockPendingGrantOf(tx, userId);
    if (pending) {
      if (await stands(tx, pending, now)) return;
      await closeGrant(tx, pending.id, "lapsed", null, now);
    }
    const expiresAt = new Date(now.getTime() + ROLE_GRANT_TTL_MS);
    const grantId = await insertGrant(tx, {
      granteeId: userId,
      requestedBy: actor.userId,
      reason,
      at: now,
      expiresAt,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "user.role_grant_request",
      targetType: "user",
      targetId: userId,
      before: { role: target.role },
      after: { role: "admin", reason, grantId, expiresAt },
      ip: actor.ip,
      at: now,
    });
  });
  return userDetail(deps, userId);
}

/** Locks the grantee's row, then the grant (the order a request takes too); 404 for neither. */
async function lockGrantAndGrantee(tx: Db, grantId: string, granteeId: string) {
  const target = await lockTarget(tx, granteeId);
  const grant = await lockGrant(tx, grantId);
  if (!grant) throw new AppError("NOT_FOUND", 404);
  return { target, grant };
}

async function granteeOf(deps: Pick<AdminUsersDeps, "db">, grantId: string) {
  const granteeId = await findGrantee(deps.db, grantId);
  if (!granteeId) throw new AppError("NOT_FOUND", 404);
  return granteeId;
}

/**
 * `POST /api/admin/role-grants/:id/confirm`: the second pair of eyes. Neither the grantee (403
 * SELF_ACTION_FORBIDDEN) nor the requester (403 SELF_REVIEW_FORBIDDEN) may confirm, nor an admin
 * who took part in making the requester an admin or whom the requester helped make one (409
 * ADMIN_GRANT_NOT_INDEPENDENT): otherwise one person could make their own second pair of eyes.
 * The role changes here, audited `user.role` by the confirming admin with `after.requestedBy`.
 */
export async function confirmAdminRole(deps: AdminUsersDeps, actor: AuditActor, grantId: string) {
  const granteeId = await granteeOf(deps, grantId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { target, grant } = await lockGrantAndGrantee(tx, grantId, granteeId);
    if (actor.userId === grant.granteeId) throw new AppError("SELF_ACTION_FORBIDDEN", 403);
    if (actor.userId === grant.requestedBy) throw new AppError("SELF_REVIEW_FORBIDDEN", 403);
    if (target.erasedAt || target.role === "admin" || !(await stands(tx, grant, now))) {
      throw new AppError("ADMIN_GRANT_NOT_PENDING", 409);
    }
    if (await adminRoleGrantedBetween(tx, actor.userId, grant.requestedBy)) {
      throw new AppError("ADMIN_GRANT_NOT_INDEPENDENT", 409);
    }
    await closeGrant(tx, grant.id, "confirmed", actor.userId, now);
    await setUserFields(tx, grant.granteeId, { role: "admin" }, now);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "user.role",
      targetType: "user",
      targetId: grant.granteeId,
      before: { role: target.role },
      after: { role: "admin", reason: grant.reason, requestedBy: grant.requestedBy, grantId },
      ip: actor.ip,
      at: now,
    });
  });
  return userDetail(deps, granteeId);
}

/**
 * `POST /api/admin/role-grants/:id/cancel`: its requester withdraws it, or another admin refuses
 * it (taking power from nobody, it needs no second admin). Audited `user.role_grant_cancel`.
 */
export async function cancelAdminRole(deps: AdminUsersDeps, actor: AuditActor, grantId: string) {
  const granteeId = await granteeOf(deps, grantId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { target, grant } = await lockGrantAndGrantee(tx, grantId, granteeId);
    if (actor.userId === grant.granteeId) throw new AppError("SELF_ACTION_FORBIDDEN", 403);
    if (target.erasedAt || !(await stands(tx, grant, now))) {
      throw new AppError("ADMIN_GRANT_NOT_PENDING", 409);
    }
    await closeGrant(tx, grant.id, "cancelled", actor.userId, now);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "user.role_grant_cancel",
      targetType: "user",
      targetId: grant.granteeId,
      before: { status: "pending", requestedBy: grant.requestedBy, grantId, reason: grant.reason },
      after: { status: "cancelled" },
      ip: actor.ip,
      at: now,
    });
  });
  return userDetail(deps, granteeId);
}
