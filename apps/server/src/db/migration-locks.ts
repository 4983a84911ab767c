/**
 * A bound on how long a migration waits for a table lock (decision 0053, "Consequences").
 *
 * A migration's `ALTER TABLE` queues behind any long query on that table, and every later query
 * on the table then queues behind the migration: one slow report would stop the service. With
 * `lock_timeout` set on the migration connection, a migration that cannot have its lock at once
 * gives up (PostgreSQL error 55P03, its transaction rolled back: nothing half-applied), lets the
 * queue drain, and tries again a little later; after the last try the boot fails with a message
 * that says what to look for.
 */

export interface MigrationLockPolicy {
  /** How long one statement may wait for a lock, in milliseconds. */
  lockTimeoutMs: number;
  /** Tries in all (the first included). */
  attempts: number;
  /** The pause before the second try; doubled before each later one. */
  retryDelayMs: number;
}

export const DEFAULT_MIGRATION_LOCK_POLICY: MigrationLockPolicy = {
  lockTimeoutMs: 5_000,
  attempts: 6,
  retryDelayMs: 1_000,
};

const LOCK_NOT_AVAILABLE = "55P03";

export class MigrationLockTimeoutError extends Error {
  constructor(policy: MigrationLockPolicy, cause: unknown) {
    super(
      `The migrations could not take a table lock within ${policy.lockTimeoutMs} ms after ${policy.attempts} tries: a long transaction holds a table they change. Look for it in pg_stat_activity (state 'idle in transaction' or an old query_start), let it finish or end it, then start again. Nothing was applied.`,
      { cause },
    );
    this.name = "MigrationLockTimeoutError";
  }
}

function isLockTimeout(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}

/**
 * Runs `apply` (drizzle's migrator: one transaction for every pending file) with the connection's
 * `lock_timeout` set by `setLockTimeout`, again after a lock timeout, up to the policy's tries.
 * The advisory lock that keeps instances from migrating together is taken before, without the
 * bound: an instance waiting for another's migrations waits as long as they take.
 */
export async function withMigrationLockBound<T>(
  policy: MigrationLockPolicy,
  setLockTimeout: (ms: number) => Promise<unknown>,
  apply: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<T> {
  await setLockTimeout(policy.lockTimeoutMs);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await apply();
      } catch (error) {
        if (!isLockTimeout(error)) throw error;
        if (attempt >= policy.attempts) throw new MigrationLockTimeoutError(policy, error);
        await sleep(policy.retryDelayMs * 2 ** (attempt - 1));
      }
    }
  } finally {
    await setLockTimeout(0);
  }
}
