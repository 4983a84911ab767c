import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** An admin who can still run the console: the role, an account neither erased nor suspended. */
const activeAdmin = and(eq(users.role, "admin"), isNull(users.erasedAt), isNull(users.suspendedAt));

/**
 * One transaction-level advisory lock for every act that can leave the console without an active
 * admin (a demotion, the suspension of an admin, an admin's erasure) or that relies on two admins
 * being active (a role grant's confirmation, decision 0049): they count one after the other. Each
 * holds at most its own target's row when it waits here, so no deadlock.
 */
export async function lockAdminRoster(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fre:last-admin'))`);
}

/**
 * Whether an active admin other than `userId` remains, counted under the roster lock: of two
 * admins demoting (or suspending, or erasing) each other at once, the second sees the first's
 * act committed (decisions 0028, 0049).
 */
export async function anotherAdminRemains(tx: Db, userId: string) {
  await lockAdminRoster(tx);
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(activeAdmin, ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `userId` is an active admin now (read under the roster lock by its callers). */
export async function isActiveAdmin(tx: Db, userId: string) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(activeAdmin, eq(users.id, userId)));
  return row !== undefined;
}
