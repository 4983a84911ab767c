import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { claimSlotNotices } from "./games.repo.ts";
import { utcDay } from "./games-slots.service.ts";

const WEEK_MS = 7 * 86_400_000;

/**
 * `slot_available` (spec §9), once per UTC day, to players active in the last 7 days — people
 * who played a game (a bet, a round or a spin) in that time, not everyone who signed in: a
 * member who never plays is not nagged — whose free spin of the day is still unplayed; it says
 * how many referral bonus spins wait (the notification picks its bonus wording then). The day's
 * notice rows are claimed and the notices recorded through the outbox in one transaction
 * (decision 0065): two server processes never send one twice, and a process that dies after
 * the commit loses none — another delivers them.
 */
export async function sweepSlotNotices(
  deps: { db: Db; clock: Clock; events: Pick<DomainEvents, "notify"> },
  batch = 500,
) {
  const now = deps.clock.now();
  const day = utcDay(now);
  return deps.db.transaction(async (tx) => {
    const due = await claimSlotNotices(tx, {
      day,
      since: new Date(now.getTime() - WEEK_MS),
      batch,
    });
    for (const { userId, bonusSpins } of due) {
      await deps.events.notify(userId, "slot_available", { bonusSpins }, { tx });
    }
    return due.length;
  });
}
