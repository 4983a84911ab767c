import type { AuditAction, AuditPage, AuditQuery, AuditTargetType } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { hasAdminGrantBetween, insertAudit, listAudit } from "./audit.repo.ts";

/** Who acts, from where: what every audited admin service is handed by its route. */
export interface AuditActor {
  userId: string;
  ip: string;
}

/** A value kept in `before`/`after`: plain JSON, never a secret (codes, hashes, documents). */
export type AuditValue = Record<string, unknown> | null;

export interface AuditEntryInput {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  before?: AuditValue;
  after?: AuditValue;
  ip: string | null;
  at: Date;
}

/** Keys that never enter the log, whatever a caller passes. */
const SECRET_KEYS = /hash|password|secret|token|accesscode/i;

function scrub(value: AuditValue | undefined): AuditValue {
  if (!value) return null;
  const kept: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(key)) continue;
    kept[key] = typeof v === "bigint" ? v.toString() : v instanceof Date ? v.toISOString() : v;
  }
  return kept;
}

/**
 * Records one admin act in the caller's transaction: the act and its trace commit together, or
 * neither does.
 */
export async function recordAudit(tx: Db, entry: AuditEntryInput) {
  await insertAudit(tx, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: entry.ip,
    createdAt: entry.at,
  });
}

/**
 * True when one of the two users took part in making the other an admin — asked for it or
 * confirmed it, in either direction, at any time: a pair that cannot be four independent eyes
 * (decisions 0030, 0049).
 */
export const adminRoleGrantedBetween = (db: Db, a: string, b: string): Promise<boolean> =>
  hasAdminGrantBetween(db, a, b);

export const AUDIT_PAGE_SIZE = 50;

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at = "", id = ""] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("VALIDATION_ERROR", 400);
  }
  return { createdAt, id };
}

/** A day (`2025-01-31`) means its whole day, UTC: from its start, to its last millisecond. */
function instant(value: string | undefined, endOfDay: boolean): Date | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${endOfDay ? "23:59:59.999" : "00:00:00.000"}Z`);
  }
  return new Date(value);
}

export async function auditPage(deps: { db: Db }, query: AuditQuery): Promise<AuditPage> {
  const rows = await listAudit(
    deps.db,
    {
      action: query.action,
      actorId: query.actorId,
      targetId: query.targetId,
      from: instant(query.from, false),
      to: instant(query.to, true),
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
    },
    AUDIT_PAGE_SIZE + 1,
  );
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor:
      rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
