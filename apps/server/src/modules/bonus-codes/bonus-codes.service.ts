import type { adminBonusCodeBodySchema, adminBonusCodeUpdateSchema } from "@fre/shared";
import {
  type AdminBonusCode,
  formatNano,
  isFreAmount,
  MAX_BOOST_FRE_PER_HOUR,
  MAX_FRE_AMOUNT,
  parseFre,
  type RedeemResult,
} from "@fre/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { credit, lockUser } from "../ledger/ledger.ts";
import { reduceSessionTime } from "../mining/mining.service.ts";
import {
  addBoost,
  type BonusCodeRow,
  findCode,
  hasUsed,
  insertCode,
  isEmailVerified,
  listCodes,
  listUses,
  lockCode,
  recordUse,
  updateCode,
} from "./bonus-codes.repo.ts";

export interface BonusDeps {
  db: Db;
  clock: Clock;
  events: Pick<DomainEvents, "rateChanged" | "notify">;
}

const HOUR = 3_600_000;

const displayValue = (type: string, value: bigint) =>
  type === "time_reduction" ? value.toString() : formatNano(value);

/**
 * Redeems a code (spec §5): the usage row, `currentUses + 1` and the effect commit together, on
 * the code's row lock — under concurrency exactly `maxUses` redemptions succeed. The user's row
 * is locked before the code's, as every money path does (user → code → mining session).
 */
export async function redeemCode(
  deps: BonusDeps,
  userId: string,
  rawCode: string,
): Promise<RedeemResult> {
  const code = rawCode.trim().toUpperCase();
  if (code.length === 0 || code.length > 32) throw new AppError("BONUS_CODE_INVALID", 404);
  // Throwaway accounts would drain public codes: a code needs a reachable owner.
  if (!(await isEmailVerified(deps.db, userId)))
    throw new AppError("BONUS_EMAIL_NOT_VERIFIED", 403);
  const now = deps.clock.now();
  let result: RedeemResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      if (!(await lockUser(tx, userId))) throw new AppError("UNAUTHORIZED", 401);
      const row = await lockCode(tx, code);
      if (!row) throw new AppError("BONUS_CODE_INVALID", 404);
      if (!row.isActive) throw new AppError("BONUS_CODE_INACTIVE", 409);
      if (row.currentUses >= row.maxUses) throw new AppError("BONUS_CODE_EXHAUSTED", 409);
      if (await hasUsed(tx, userId, code)) throw new AppError("BONUS_CODE_ALREADY_USED", 409);
      await recordUse(tx, {
        userId,
        code,
        type: row.type,
        value: row.rewardValue,
        durationHours: row.type === "boost" ? row.durationHours : null,
        usedAt: now,
      });
      // A time reduction that reaches the end finishes the session: its end notice with it.
      if ((await applyEffect(deps, tx, row, userId, now)).sessionEnded) {
        await deps.events.notify(userId, "mining_session_end", {}, { tx });
      }
      return {
        code,
        type: row.type,
        value: displayValue(row.type, row.rewardValue),
        durationHours: row.type === "boost" ? row.durationHours : null,
      };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError("BONUS_CODE_ALREADY_USED", 409);
    throw new AppError("BONUS_CODE_ERROR", 500);
  }
  // A boost changes the running session's rate from now on.
  if (result.type === "boost") await deps.events.rateChanged(userId);
  return result;
}

async function applyEffect(
  deps: BonusDeps,
  tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
  row: BonusCodeRow,
  userId: string,
  now: Date,
): Promise<{ sessionEnded: boolean }> {
  switch (row.type) {
    case "fre":
      await credit(tx, {
        userId,
        kind: "bonus",
        amountNano: row.rewardValue,
        reference: `bonus:${row.code}:${userId}`,
        at: now,
        countsAsMined: true,
      });
      return { sessionEnded: false };
    case "boost":
      await addBoost(tx, {
        userId,
        valueNano: row.rewardValue,
        source: `bonus:${row.code}`,
        appliedAt: now,
        expiresAt: new Date(now.getTime() + row.durationHours * HOUR),
      });
      return { sessionEnded: false };
    case "time_reduction":
      try {
        const { sendEndNotice } = await reduceSessionTime(
          tx,
          deps.clock,
          userId,
          Number(row.rewardValue),
        );
        return { sessionEnded: sendEndNotice };
      } catch (error) {
        if (error instanceof AppError && error.code === "NO_MINING_SESSION") {
          throw new AppError("NO_SESSION_FOR_TIME_REDUCTION", 409);
        }
        throw error;
      }
  }
}

export async function bonusHistory({ db }: { db: Db }, userId: string) {
  const rows = await listUses(db, userId, 100);
  return rows.map((r) => ({
    id: `${r.code}:${r.usedAt.getTime()}`,
    code: r.code,
    type: r.type,
    value: displayValue(r.type, r.value),
    duration: r.durationHours,
    timestamp: r.usedAt.toISOString(),
  }));
}

function toAdmin(row: BonusCodeRow): AdminBonusCode {
  return {
    code: row.code,
    type: row.type,
    rewardValue: displayValue(row.type, row.rewardValue),
    durationHours: row.durationHours,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** fre/boost: a positive decimal FRE string; time_reduction: positive integer milliseconds. */
function parseReward(type: BonusCodeRow["type"], text: string): bigint {
  if (type === "time_reduction") {
    if (!/^\d{1,12}$/.test(text) || BigInt(text) <= 0n) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        {
          issues: [{ path: "rewardValue", message: "integer milliseconds > 0" }],
        },
      );
    }
    return BigInt(text);
  }
  // FRE: at most MAX_FRE_AMOUNT (the ledger's column holds nine times it). A boost is a rate:
  // a whole session of it must fit too, hence its own, lower bound.
  const max = type === "boost" ? MAX_BOOST_FRE_PER_HOUR : MAX_FRE_AMOUNT;
  if (!isFreAmount(text) || parseFre(text) <= 0n || parseFre(text) > parseFre(max)) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      {
        issues: [{ path: "rewardValue", message: `FRE amount between 0 and ${max}, 9 decimals` }],
      },
    );
  }
  return parseFre(text);
}

export async function adminListCodes({ db }: { db: Db }) {
  return { items: (await listCodes(db)).map(toAdmin) };
}

export async function adminCreateCode(
  deps: BonusDeps,
  actor: AuditActor,
  body: z.infer<typeof adminBonusCodeBodySchema>,
) {
  const now = deps.clock.now();
  const rewardValue = parseReward(body.type, body.rewardValue);
  return deps.db.transaction(async (tx) => {
    const row = await insertCode(tx, {
      code: body.code,
      type: body.type,
      rewardValue,
      durationHours: body.durationHours,
      maxUses: body.maxUses,
      isActive: body.isActive,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError("BONUS_CODE_EXISTS", 409);
    const view = toAdmin(row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "bonus_code.create",
      targetType: "bonus_code",
      targetId: row.code,
      after: view,
      ip: actor.ip,
      at: now,
    });
    return view;
  });
}

export async function adminUpdateCode(
  deps: BonusDeps,
  actor: AuditActor,
  code: string,
  body: z.infer<typeof adminBonusCodeUpdateSchema>,
) {
  return deps.db.transaction((tx) => updateCodeIn(tx, deps, actor, code, body));
}

async function updateCodeIn(
  tx: Db,
  deps: BonusDeps,
  actor: AuditActor,
  code: string,
  body: z.infer<typeof adminBonusCodeUpdateSchema>,
) {
  const existing = await findCode(tx, code.trim().toUpperCase());
  if (!existing) throw new AppError("NOT_FOUND", 404);
  if (body.maxUses !== undefined && body.maxUses < existing.currentUses) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      {
        issues: [{ path: "maxUses", message: `already used ${existing.currentUses} times` }],
      },
    );
  }
  const now = deps.clock.now();
  const row = await updateCode(tx, existing.code, {
    ...(body.rewardValue !== undefined
      ? { rewardValue: parseReward(existing.type, body.rewardValue) }
      : {}),
    ...(body.durationHours !== undefined ? { durationHours: body.durationHours } : {}),
    ...(body.maxUses !== undefined ? { maxUses: body.maxUses } : {}),
    ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    updatedAt: now,
  });
  if (!row) throw new AppError("NOT_FOUND", 404);
  const view = toAdmin(row);
  await recordAudit(tx, {
    actorId: actor.userId,
    action: "bonus_code.update",
    targetType: "bonus_code",
    targetId: row.code,
    before: toAdmin(existing),
    after: view,
    ip: actor.ip,
    at: now,
  });
  return view;
}
