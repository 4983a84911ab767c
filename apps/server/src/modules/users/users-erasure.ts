import { randomBytes } from "node:crypto";
import { ERASED_NICKNAME_PREFIX } from "@fre/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import type { ViewerResolver } from "../../http/viewer.ts";
import type { Clock } from "../../lib/clock.ts";
import { isDeadlock } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileStore } from "../../lib/file-store.ts";
import { leaveEveryCircle } from "../circle/index.ts";
import { leaveSquadOnErasure } from "../squads/index.ts";
import {
  anonymiseUser,
  anotherAdminRemains,
  deleteKycFileRows,
  deletePersonalRows,
  findPasswordHash,
  hasActiveWithdrawal,
  lockUserForErasure,
  nicknameTaken,
} from "./users-erasure.repo.ts";

/**
 * What erasure needs of Better Auth: its password hashing, to check the user's password. (A
 * shape, not the auth module's type: users sits below auth, which reads users' suspension.)
 */
export interface PasswordCheck {
  $context: Promise<{
    password: {
      hash(password: string): Promise<string>;
      verify(input: { hash: string; password: string }): Promise<boolean>;
    };
  }>;
}

export interface ErasureDeps {
  db: Db;
  clock: Clock;
  auth: PasswordCheck;
  /** Where the KYC photos lie: deleted after the commit. */
  files: FileStore;
  viewer: Pick<ViewerResolver, "forgetAll">;
  /** Tells every server process to drop its cached sessions (open pages are signed out). */
  onSessionsRevoked: () => void;
  log: Pick<FastifyBaseLogger, "warn">;
}

/** Attempts per photo before it is left to the operator (see decision 0028). */
const FILE_DELETE_ATTEMPTS = 3;

/** `erased-` and 12 hex digits: fits the nickname rules' 20 characters, names nobody. */
const neutralName = () => `${ERASED_NICKNAME_PREFIX}${randomBytes(6).toString("hex")}`;

async function verifyPassword(deps: ErasureDeps, userId: string, password: string) {
  const hash = await findPasswordHash(deps.db, userId);
  const context = await deps.auth.$context;
  // Hashing even without a credential keeps the answer's time the same.
  const ok = await context.password.verify({
    hash: hash ?? (await context.password.hash("x")),
    password,
  });
  if (!hash || !ok) throw new AppError("INVALID_PASSWORD", 400);
}

/** Deletes each photo, retrying a failing store; what still fails is logged by its opaque key. */
async function deleteFiles(deps: ErasureDeps, keys: string[]) {
  for (const key of keys) {
    for (let attempt = 1; ; attempt++) {
      try {
        await deps.files.delete(key);
        break;
      } catch (error) {
        if (attempt < FILE_DELETE_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          continue;
        }
        // The key is random and names nobody; the error's text may quote a path: its name only.
        deps.log.warn(
          { storageKey: key, error: error instanceof Error ? error.name : "unknown" },
          "erased account's KYC file could not be deleted; delete it by hand",
        );
        break;
      }
    }
  }
}

/**
 * `DELETE /api/me`: erases the account (GDPR art. 17, decision 0028). The password confirms it;
 * an open withdrawal refuses it (its payout and its refund need the account). One transaction,
 * the user row locked first: sessions and credentials, personal rows and fields go, the row is
 * anonymised and the books stay whole; it leaves every security circle and its squad, and the running sessions
 * of those who named it are re-rated at that instant. After the commit every process forgets its
 * cached sessions and the KYC photos leave the file store.
 */
export async function eraseAccount(deps: ErasureDeps, userId: string, password: string) {
  await verifyPassword(deps, userId, password);
  const now = deps.clock.now();
  const eraseRows = async (tx: Tx) => {
    const user = await lockUserForErasure(tx, userId);
    if (!user || user.erasedAt) throw new AppError("UNAUTHORIZED", 401);
    if (await hasActiveWithdrawal(tx, userId)) {
      throw new AppError("ERASURE_WITHDRAWAL_PENDING", 409);
    }
    // The row stays (the books), so no cascade removes it from circles: its owners are re-rated.
    // Their rows are locked before the admin roster: a demotion locks its target, then the
    // roster — the same order, so the two never wait on each other in a circle.
    await leaveEveryCircle(tx, userId, now);
    await leaveSquadOnErasure(tx, userId, now);
    // The console would have nobody left to run it (decision 0028).
    if (user.role === "admin" && !(await anotherAdminRemains(tx, userId))) {
      throw new AppError("LAST_ADMIN", 409);
    }
    const keys = await deleteKycFileRows(tx, userId);
    await deletePersonalRows(tx, userId, user.email, now);
    let nickname = neutralName();
    while (await nicknameTaken(tx, nickname)) nickname = neutralName();
    await anonymiseUser(
      tx,
      userId,
      {
        // `.invalid` is reserved (RFC 2606): no mail can reach it; the id keeps it unique.
        email: `erased-${userId}@invalid`,
        nickname,
        // Lower case: sign-up upper-cases a typed code, so nobody can be referred by it again.
        referralCode: nickname,
      },
      now,
    );
    return keys;
  };
  // Two accounts that named each other, erased at once, each lock their own row and then the
  // other's (an owner): PostgreSQL aborts one, which runs again once the other has committed —
  // up to three times, for a third erasure or a demotion crossing the same rows meanwhile.
  const attempt = (left: number): Promise<string[]> =>
    deps.db.transaction(eraseRows).catch((error) => {
      if (left > 0 && isDeadlock(error)) return attempt(left - 1);
      throw error;
    });
  const fileKeys = await attempt(3);
  deps.viewer.forgetAll();
  deps.onSessionsRevoked();
  await deleteFiles(deps, fileKeys);
}
