import { DEFAULT_FEATURES, type Features, type FeaturesBody } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { EventBus } from "../../lib/event-bus.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import { lockFeatures, readFeatures, writeFeatures } from "./features.repo.ts";

/** The process signal that makes every server process re-read the switches at once. */
const FEATURES_CHANGED = "features-changed";
/** Without a signal (a lost NOTIFY), a process re-reads the switches at most this late. */
export const FEATURES_MAX_AGE_MS = 5_000;

/**
 * The switches as this process knows them. Every request asks (the gate), so they live in
 * memory: re-read after FEATURES_MAX_AGE_MS, at once after a write here, and at once when
 * another process signals a write through the event bus (PostgreSQL NOTIFY).
 */
export function createFeatureStore(deps: {
  db: Db;
  bus: Pick<EventBus, "onProcessSignal" | "signalProcesses">;
  onError: (error: unknown) => void;
  /** Monotonic milliseconds: the cache's age is not business time. */
  now?: () => number;
}) {
  const now = deps.now ?? (() => performance.now());
  let known: Features | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<Features> | null = null;
  // A read that started before a write must not put the older state back.
  let generation = 0;

  function refresh(): Promise<Features> {
    if (pending) return pending;
    const started = generation;
    pending = readFeatures(deps.db)
      .then((features) => {
        if (started === generation) {
          known = features;
          readAt = now();
        }
        return known ?? features;
      })
      .catch((error: unknown) => {
        // The database is unreachable: keep what we knew (or the defaults) and try again later;
        // no request fails because of the switches.
        deps.onError(error);
        readAt = now();
        return known ?? DEFAULT_FEATURES;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  // Another process (or this one) wrote: what we hold is stale; read again once any read
  // already under way is over (it may predate the write).
  deps.bus.onProcessSignal(FEATURES_CHANGED, () => {
    generation += 1;
    readAt = Number.NEGATIVE_INFINITY;
    void (pending ?? Promise.resolve()).then(() => refresh());
  });

  return {
    async current(): Promise<Features> {
      if (known && now() - readAt < FEATURES_MAX_AGE_MS) return known;
      return refresh();
    },
    /** After a committed write in this process: the new state now, the other processes told. */
    changed(features: Features) {
      generation += 1;
      known = features;
      readAt = now();
      deps.bus.signalProcesses(FEATURES_CHANGED);
    },
  };
}

export type FeatureStore = ReturnType<typeof createFeatureStore>;

export interface FeaturesDeps {
  db: Db;
  clock: Clock;
  features: FeatureStore;
}

export const getFeatures = (deps: Pick<FeaturesDeps, "features">) => deps.features.current();

function applyChange(before: Features, body: FeaturesBody): Features {
  return {
    games: body.games ?? before.games,
    shop: body.shop ?? before.shop,
    referrals: body.referrals ?? before.referrals,
    maintenance: body.maintenance
      ? { active: body.maintenance.active, message: body.maintenance.message || null }
      : before.maintenance,
  };
}

/** Changes the switches and records who did it, in one transaction; effective at once. */
export async function updateFeatures(
  deps: FeaturesDeps,
  actor: AuditActor,
  body: FeaturesBody,
): Promise<Features> {
  const after = await deps.db.transaction(async (tx) => {
    const before = await lockFeatures(tx);
    const next = applyChange(before, body);
    await writeFeatures(tx, next);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "features.update",
      targetType: "settings",
      targetId: "features",
      before: flatten(before),
      after: flatten(next),
      ip: actor.ip,
      at: deps.clock.now(),
    });
    return next;
  });
  deps.features.changed(after);
  return after;
}

/** One level, so the audit screen lists each switch beside its old value. */
const flatten = (features: Features) => ({
  games: features.games,
  shop: features.shop,
  referrals: features.referrals,
  maintenance: features.maintenance.active,
  maintenanceMessage: features.maintenance.message,
});
