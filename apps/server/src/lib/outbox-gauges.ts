import type { Db } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import type { GaugeSpec } from "./metrics.ts";
import { outboxBacklog } from "./outbox.repo.ts";
import { OUTBOX_MAX_ATTEMPTS } from "./outbox.ts";

/**
 * The outbox's backlog at each scrape (alerts: deploy/prometheus/alerts.yml): effects still to
 * deliver, the oldest one's age, and those left alone after their last attempt. One database for
 * every worker, so a group reports the largest (the same) figure, not N times it.
 */
export function outboxGauges(db: Db, clock: Clock): GaugeSpec[] {
  const backlog = () => outboxBacklog(db, OUTBOX_MAX_ATTEMPTS);
  return [
    {
      name: "fre_outbox_pending",
      help: "Outbox effects (mails, notifications, live events) not delivered yet, still retried",
      aggregate: "max",
      read: async () => (await backlog()).pending,
    },
    {
      name: "fre_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest outbox effect not delivered yet (0 when none waits)",
      aggregate: "max",
      read: async () => {
        const { oldest } = await backlog();
        return oldest === null ? 0 : ageSeconds(clock, oldest);
      },
    },
    {
      name: "fre_outbox_abandoned",
      help: `Outbox effects left undelivered after ${OUTBOX_MAX_ATTEMPTS} attempts`,
      aggregate: "max",
      read: async () => (await backlog()).abandoned,
    },
  ];
}

/** Seconds from `at` to the clock's now, never negative. */
export const ageSeconds = (clock: Clock, at: Date | string) =>
  Math.max(0, (clock.now().getTime() - new Date(at).getTime()) / 1000);
