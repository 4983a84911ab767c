import { QUEUE_OPEN_WINDOW_MINUTES, type QueueOpenedBy } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import {
  deleteStaleOpens,
  listRecentOpens,
  type QueueKind,
  upsertOpen,
} from "./queue-opens.repo.ts";

const MINUTE_MS = 60_000;
const WINDOW_MS = QUEUE_OPEN_WINDOW_MINUTES * MINUTE_MS;

export interface QueueOpensDeps {
  db: Db;
  clock: Clock;
}

/**
 * For each request, the latest open by another admin within the window (decision 0061), keyed by
 * the request's id; requests nobody else opened are absent. One query for the whole page.
 */
export async function openedByOthers(
  deps: QueueOpensDeps,
  kind: QueueKind,
  targetIds: string[],
  adminId: string,
): Promise<Map<string, NonNullable<QueueOpenedBy>>> {
  const now = deps.clock.now();
  const rows = await listRecentOpens(deps.db, {
    kind,
    targetIds,
    exceptAdminId: adminId,
    since: new Date(now.getTime() - WINDOW_MS),
  });
  const latest = new Map<string, NonNullable<QueueOpenedBy>>();
  for (const row of rows) {
    if (latest.has(row.targetId)) continue;
    latest.set(row.targetId, {
      // An erased admin's account keeps no name to show.
      nickname: row.erasedAt ? null : row.nickname,
      at: row.openedAt.toISOString(),
      minutesAgo: Math.max(0, Math.floor((now.getTime() - row.openedAt.getTime()) / MINUTE_MS)),
    });
  }
  return latest;
}

/**
 * Records that this admin opened the request (idempotent: one row per admin and request) and
 * answers who else has it open. Not an audited act: it changes nothing, it only tells the others.
 */
export async function recordOpen(
  deps: QueueOpensDeps,
  kind: QueueKind,
  targetId: string,
  adminId: string,
): Promise<{ openedBy: QueueOpenedBy }> {
  const now = deps.clock.now();
  await upsertOpen(deps.db, { kind, targetId, adminId, at: now });
  await deleteStaleOpens(deps.db, adminId, new Date(now.getTime() - WINDOW_MS));
  const others = await openedByOthers(deps, kind, [targetId], adminId);
  return { openedBy: others.get(targetId) ?? null };
}
