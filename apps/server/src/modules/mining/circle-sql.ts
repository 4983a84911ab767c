/**
 * The security circle's SQL pieces that the mining rate's statement and the circle's own reads
 * share (decision 0043): one text for "a member counts", so the screen and the rate never differ.
 * Kept with the rate that applies them: the circle module imports mining, never the reverse.
 */

/** The app_settings key of the security circle's rules. */
export const CIRCLE_SETTINGS_KEY = "circle_settings";

/**
 * `member` (an SQL expression) had a session running at some instant of (at - 24 h, at]: one
 * started by `at` that ended, or ends, after `at - 24 h`. A session lasts at most 24 h, so only
 * sessions started in the 48 h before `at` can qualify: the bound keeps the lookup on
 * mining_sessions_user_start_idx.
 *
 * Written as a scalar `limit 1` probe rather than `exists (…)`: a prepared statement's generic
 * plan, made while mining_sessions looked small, may run an EXISTS as a *hashed* subplan that reads
 * every session of the window on each execution (seen on the bench: 0.8 ms a start); a scalar
 * subquery is always one index probe per row.
 */
export const memberMinedSql = (member: string, at: string) => `((
      select true from mining_sessions ms where ms.user_id = ${member}
        and ms.start_time <= ${at} and ms.start_time > ${at} - interval '48 hours'
        and coalesce(ms.ended_at, ms.end_time) > ${at} - interval '24 hours' limit 1) is not null)`;

/**
 * `member` counts in a circle at `at` (decision 0043): they mined in the 24 h before it, and no
 * suspension was in force at `at` (decision 0056: a suspended account, like an erased one, is no
 * guarantor). `suspended_at` is the current suspension's instant, cleared when lifted; the
 * suspension and its lifting re-rate the owners at that instant, in their own transaction.
 */
export const memberCountsSql = (
  member: string,
  at: string,
) => `(${memberNotSuspendedSql(member, at)}
      and ${memberMinedSql(member, at)})`;

/** `member` was not under a suspension at `at`: one primary-key probe. */
export const memberNotSuspendedSql = (member: string, at: string) => `((
      select true from users su where su.id = ${member}
        and (su.suspended_at is null or su.suspended_at > ${at})) is not null)`;
