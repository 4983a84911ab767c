import { createHash } from "node:crypto";
import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { claimKey, findKey, storeAnswer } from "./idempotency.repo.ts";
import { lockUserRow } from "./ledger.repo.ts";

/** The same value whatever the key order of its objects (the request hash must be stable). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (operation: string, body: unknown) =>
  createHash("sha256")
    .update(`${operation}\n${canonical(body)}`)
    .digest("hex");

export interface IdempotentRequest {
  userId: string;
  /** The client's `Idempotency-Key` (validated by the route). */
  key: string;
  /** What is asked (e.g. "shop.purchase"): the same key for another operation is refused too. */
  operation: string;
  body: unknown;
  at: Date;
}

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
}

/**
 * Runs a money operation at most once per (user, key): the key row, the operation's writes and
 * the answer commit in one transaction. A concurrent request with the same key waits (on the
 * user's row, then the key row's unique index), then gets the stored answer; a retry after commit gets it too
 * (`replayed: true`); the same key with another body is refused (422). When the operation fails,
 * everything rolls back with it, key included, so the client may retry. The user's row is locked
 * first: the key row references it, and its KEY SHARE lock taken before the operation's own
 * `for update` of the user would deadlock two requests with different keys.
 */
export async function idempotent<T>(
  db: Db,
  request: IdempotentRequest,
  run: (tx: Tx) => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T> & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await lockUserRow(tx, request.userId))) throw new AppError("UNAUTHORIZED", 401);
    return idempotentIn(tx, request, () => run(tx));
  });
}

/**
 * The same, inside the caller's transaction, which has taken its own first lock — one that
 * serialises this user's requests of that kind (a game's seed pair) and comes before the user's
 * row in every path that takes both, so no deadlock is possible.
 */
export async function idempotentIn<T>(
  tx: Tx,
  request: IdempotentRequest,
  run: () => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T> & { replayed: boolean }> {
  const hash = requestHash(request.operation, request.body);
  if (!(await claimKey(tx, request, hash))) {
    const stored = await findKey(tx, request.userId, request.key);
    if (!stored || stored.requestHash !== hash) {
      throw new AppError("IDEMPOTENCY_KEY_REUSED", 422);
    }
    return { statusCode: stored.statusCode, body: stored.response as T, replayed: true };
  }
  const answer = await run();
  await storeAnswer(tx, request.userId, request.key, answer);
  return { ...answer, replayed: false };
}
