import type { Db, Tx } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import { coalescedRun } from "./coalesced-run.ts";
import type { Job } from "./jobs.ts";
import {
  claimDueEffects,
  deleteDeliveredBefore,
  insertEffect,
  insertEffectAndSignal,
  markEffectFailed,
  markEffectsDelivered,
} from "./outbox.repo.ts";

/**
 * The transactional outbox (decision 0032): an effect is a row written in the transaction of the
 * change it announces, so it exists exactly when the change does; delivery happens after the
 * commit, at least once, by whichever process claims it first.
 */

/** The NOTIFY channel a recording transaction signals on; it reaches listeners at its commit. */
export const OUTBOX_CHANNEL = "fre_outbox";
/** How long a claim owns an effect; past it (its process died), another claims it again. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Attempts before an effect is left alone (about a day of backoff); its row says why. */
export const OUTBOX_MAX_ATTEMPTS = 25;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;
/** Delivered rows are kept this long (what was sent, for support), then pruned. */
const KEEP_DELIVERED_MS = 7 * 86_400_000;

/** The wait before attempt `attempts + 1`: 30 s, doubling, at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

export interface Effect<Kind extends string = string, Payload = unknown> {
  id: string;
  kind: Kind;
  userId: string | null;
  payload: Payload;
  attempts: number;
  createdAt: Date;
}

/** One handler per kind of effect: a kind without its handler does not type-check. */
export type EffectHandlers<Payloads> = {
  [K in keyof Payloads & string]: (effect: Effect<K, Payloads[K]>) => Promise<void>;
};

/** Where the commit signal is heard (the database's LISTEN). */
export interface OutboxSignal {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface OutboxOptions<Payloads> {
  db: Db;
  clock: Clock;
  handlers: EffectHandlers<Payloads>;
  signal?: OutboxSignal;
  /** Effects claimed per statement. */
  batchSize?: number;
  /** Users whose effects are delivered side by side (default 16; each user's in order). */
  concurrency?: number;
  /** A failed attempt (kind and id only: never the payload, it holds personal data). */
  onFailure?: (error: unknown, effect: { id: string; kind: string; attempts: number }) => void;
  /** A delivery run that failed as a whole (the database was unreachable…). */
  onRunError?: (error: unknown) => void;
  /**
   * What a delivered effect's row keeps of its payload (`undefined`: all of it): a payload that
   * holds a secret (a sign-in link's token) is emptied as soon as it is delivered.
   */
  keepDelivered?: (effect: Effect) => unknown;
}

/** A short, personal-data-free word for a failure: its code, else its name. */
function errorLabel(error: unknown) {
  const e = error as { code?: unknown; name?: unknown } | null;
  const label = typeof e?.code === "string" || typeof e?.code === "number" ? e.code : e?.name;
  return String(label ?? "unknown").slice(0, 100);
}

export function createOutbox<Payloads>(options: OutboxOptions<Payloads>) {
  const { db, clock, handlers } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 16;
  type Kind = keyof Payloads & string;

  /**
   * Writes an effect in the caller's transaction and signals its commit (a NOTIFY is delivered
   * only if the transaction commits). `quiet` skips the signal: the caller delivers it itself.
   */
  async function record<K extends Kind>(
    tx: Db | Tx,
    kind: K,
    userId: string | null,
    payload: Payloads[K],
    options: { id?: string; quiet?: boolean } = {},
  ) {
    const effect = { id: options.id, kind, userId, payload, at: clock.now() };
    if (options.quiet) return insertEffect(tx, effect);
    return insertEffectAndSignal(tx, effect, OUTBOX_CHANNEL);
  }

  /**
   * Claims due effects for one lease: one statement, rows locked `FOR UPDATE SKIP LOCKED` so two
   * processes never claim the same row; the lease (written before any delivery) keeps the others
   * away after the claim commits.
   */
  async function claim(ids?: string[]) {
    const now = clock.now();
    return claimDueEffects(db, {
      now,
      leaseUntil: new Date(now.getTime() + OUTBOX_LEASE_MS),
      maxAttempts: OUTBOX_MAX_ATTEMPTS,
      limit: batchSize,
      ids,
    });
  }

  /** Runs one claimed effect's handler; a failure schedules its retry (false). */
  async function attempt(effect: Effect) {
    const handler = (
      handlers as unknown as Record<string, ((e: Effect) => Promise<void>) | undefined>
    )[effect.kind];
    try {
      if (!handler) throw Object.assign(new Error("no handler"), { code: "UNKNOWN_KIND" });
      await handler(effect);
      return true;
    } catch (error) {
      options.onFailure?.(error, effect);
      const retryAt = new Date(clock.now().getTime() + backoffMs(effect.attempts));
      await markEffectFailed(db, effect.id, retryAt, errorLabel(error));
      return false;
    }
  }

  /**
   * Delivers claimed effects: each user's one after the other, in the order they were recorded,
   * and up to `concurrency` users' side by side (their statements share round trips); then the
   * delivered ones are marked in one statement. Answers how many were delivered.
   */
  async function deliver(effects: Effect[]) {
    const chains = new Map<string, Effect[]>();
    for (const effect of effects) {
      const key = effect.userId ?? effect.id;
      const chain = chains.get(key);
      if (chain) chain.push(effect);
      else chains.set(key, [effect]);
    }
    const queue = [...chains.values()];
    const delivered: Effect[] = [];
    const worker = async () => {
      for (let chain = queue.shift(); chain; chain = queue.shift()) {
        for (const effect of chain) if (await attempt(effect)) delivered.push(effect);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    if (delivered.length > 0) {
      await markEffectsDelivered(
        db,
        delivered.map((effect) => ({ id: effect.id, keep: options.keepDelivered?.(effect) })),
        clock.now(),
      );
    }
    return delivered.length;
  }

  /** One delivery pass over every due effect, batch after batch. */
  async function deliverDue() {
    let delivered = 0;
    let failed = 0;
    for (;;) {
      const claimed = await claim();
      const done = await deliver(claimed);
      delivered += done;
      failed += claimed.length - done;
      if (claimed.length < batchSize) return { delivered, failed };
    }
  }

  /** Delivers these effects now if nobody else holds them (a failure is left to the job). */
  async function deliverNow(ids: string[]) {
    await deliver(await claim(ids));
  }

  // One pass at a time in this process; a kick during a pass asks for one more pass after it.
  const passes = coalescedRun(deliverDue, (error) => options.onRunError?.(error));
  const kick = passes.kick;

  /** Deletes delivered effects past their keeping time. */
  async function prune() {
    await deleteDeliveredBefore(db, new Date(clock.now().getTime() - KEEP_DELIVERED_MS));
  }

  let unlisten: (() => Promise<void>) | null = null;

  return {
    record,
    deliverNow,
    /** One raw delivery pass (two at once stand for two processes: each claims its own rows). */
    deliverDue,
    /** Starts a pass now, or one more after the running one; resolves when it is done. */
    kick,
    /**
     * Resolves once every effect due now has been tried by this process (a pass in flight, then
     * one more): what a test awaits before it looks at the mailbox.
     */
    settle: () => kick(),
    prune,
    /** Hears every commit that recorded effects (any process's) and delivers at once. */
    async start() {
      if (!options.signal || unlisten) return;
      unlisten = await options.signal.listen(OUTBOX_CHANNEL, () => void kick());
    },
    /** Stops hearing commits and waits for the pass in flight (a shutdown, a test's end). */
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      await stopListening?.().catch((error) => options.onRunError?.(error));
      await passes.inFlight();
    },
    /** The periodic run: retries, and effects whose signal was missed (a restart). */
    jobs(everyMs: number): Job[] {
      return [
        { name: "outbox-delivery", everyMs, run: () => kick() },
        { name: "outbox-prune", everyMs: 3_600_000, run: prune },
      ];
    },
  };
}

export type Outbox<Payloads> = ReturnType<typeof createOutbox<Payloads>>;
