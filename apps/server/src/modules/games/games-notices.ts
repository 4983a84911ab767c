import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { utcDay } from "./games-slots.service.ts";

const WEEK_MS = 7 * 86_400_000;

/**
 * `slot_available` (spec §9), once per UTC day, to players active in the last 7 days — people
 * who played a game (a bet, a round or a spin) in that time, not everyone who signed in: a
 * member who never plays is not nagged — whose free spin of the day is still unplayed; it says how many referral bonus
 * spins wait (the notification picks its bonus wording then). The day's notice row is claimed
 * in the same statement, so two server processes never send it twice.
 */
export async function sweepSlotNotices(
  deps: { db: Db; clock: Clock; events: Pick<DomainEvents, "notify"> },
  batch = 500,
) {
  const now = deps.clock.now();
  const day = utcDay(now);
  // As text with a cast: postgres-js does not bind a Date in a raw statement.
  const since = sql`${new Date(now.getTime() - WEEK_MS).toISOString()}::timestamptz`;
  const result = await deps.db.execute(sql`
    with due as (
      select u.id from users u
      where exists (select 1 from game_bets b where b.user_id = u.id and b.created_at > ${since})
        and not exists (select 1 from slot_notices n where n.user_id = u.id and n.day = ${day})
        and not exists (select 1 from slot_free_spins f
                        where f.user_id = u.id and f.kind = 'daily' and f.day = ${day})
      limit ${batch}
    ), claimed as (
      insert into slot_notices (user_id, day) select id, ${day} from due
      on conflict do nothing returning user_id
    )
    select c.user_id as "userId",
      greatest(0,
        (select count(*) from users r where r.referred_by = c.user_id and r.email_verified
           and exists (select 1 from mining_sessions s
                       where s.user_id = r.id and s.status in ('claimed', 'stopped')))
        - (select count(*) from slot_free_spins f where f.user_id = c.user_id and f.kind = 'bonus')
      )::int as "bonusSpins"
    from claimed c`);
  const due = rowsOf<{ userId: string; bonusSpins: number }>(result);
  for (const { userId, bonusSpins } of due) {
    await deps.events.notify(userId, "slot_available", { bonusSpins });
  }
  return due.length;
}
