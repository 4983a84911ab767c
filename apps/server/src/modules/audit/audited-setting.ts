import type { AuditAction } from "@fre/shared";
import type { ZodType } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { readSetting, writeSetting } from "../../lib/app-settings.repo.ts";
import { type AuditActor, recordAudit } from "./audit.service.ts";

/**
 * An admin-edited setting kept in app_settings under `key` (circle, daily, leagues, challenge,
 * risk…): read through its schema — the defaults when nothing is stored or what is stored no
 * longer parses — and saved with its audit line in one transaction, the row locked while the
 * "before" is read (two saves at once each record what they replaced).
 */
export function auditedSetting<T extends Record<string, unknown>>(spec: {
  key: string;
  schema: ZodType<T>;
  /** A fresh copy each call: callers may change what they get. */
  defaults: () => T;
  action: AuditAction;
  /** The audit line's target id (default: the key). */
  targetId?: string;
}) {
  async function load(db: Db | Tx, options: { lock?: boolean } = {}): Promise<T> {
    const parsed = spec.schema.safeParse(await readSetting(db, spec.key, options));
    return parsed.success ? parsed.data : spec.defaults();
  }
  return {
    load,
    /** Saves `value` (already validated by the route) with its audit line; answers it. */
    save(db: Db, actor: AuditActor, value: T, at: Date): Promise<T> {
      return db.transaction(async (tx) => {
        const before = await load(tx, { lock: true });
        await writeSetting(tx, spec.key, value);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: spec.action,
          targetType: "settings",
          targetId: spec.targetId ?? spec.key,
          before,
          after: value,
          ip: actor.ip,
          at,
        });
        return value;
      });
    },
  };
}
