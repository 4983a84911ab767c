import { type Db, driverQuery, type Tx } from "../../db/client.ts";
import { memberMinedSql } from "../mining/circle-sql.ts";

/**
 * The security circle's SQL (decision 0043). Every read is filtered by the owner: nothing here
 * answers who named a user (the reverse index serves only the rate's re-rating and the cascade).
 */

type Executor = Db | Tx;

export interface MemberRow {
  member_id: string;
  nickname: string;
  added_at: Date | string;
  active: boolean;
  suspended: boolean;
}

// A suspended member (decision 0056) is shown as such and never counts, whatever they mined.
const MEMBERS_SQL = `select c.member_id, u.nickname, c.added_at,
    coalesce(u.suspended_at <= $2::timestamptz, false) as suspended,
    (not coalesce(u.suspended_at <= $2::timestamptz, false)
      and ${memberMinedSql("c.member_id", "$2::timestamptz")}) as active
  from circle_members c join users u on u.id = c.member_id
  where c.user_id = $1
  order by c.added_at, c.member_id`;

/** My members, oldest first, each with whether they count at `now`. */
export async function listMembers(db: Executor, userId: string, now: Date) {
  return driverQuery<MemberRow>(db, MEMBERS_SQL, [userId, now.toISOString()]);
}

const FIND_REF_SQL = `select id from users
  where erased_at is null and (lower(nickname) = lower($1) or referral_code = upper($1))
  order by (lower(nickname) = lower($1)) desc limit 1`;

/** The user a nickname (any case) or a referral code names; a nickname wins over a code. */
export async function findUserByRef(db: Executor, ref: string) {
  const [row] = await driverQuery<{ id: string }>(db, FIND_REF_SQL, [ref]);
  return row?.id ?? null;
}

const OWNER_SQL = "select email_verified from users where id = $1";

/** Whether the owner's e-mail is verified (read after their row is locked). */
export async function isEmailVerified(db: Executor, userId: string) {
  const [row] = await driverQuery<{ email_verified: boolean }>(db, OWNER_SQL, [userId]);
  return row?.email_verified === true;
}

const MEMBERSHIP_SQL = `select count(*)::int as members,
    coalesce(bool_or(member_id = $2), false) as present
  from circle_members where user_id = $1`;

/** How many members I have, and whether `memberId` is one of them. */
export async function membership(db: Executor, userId: string, memberId: string) {
  const [row] = await driverQuery<{ members: number; present: boolean }>(db, MEMBERSHIP_SQL, [
    userId,
    memberId,
  ]);
  return { members: row?.members ?? 0, present: row?.present ?? false };
}

const LOCK_MEMBER_SQL = "select erased_at from users where id = $1 for key share";

/**
 * Holds the member's row against an erasure until the naming commits (a key-share lock, the one
 * the insert's foreign key takes anyway) and answers whether it is still an account: an erasure
 * under way is waited for and then seen, so nobody names an account that has just been erased.
 */
export async function lockMemberToName(tx: Tx, memberId: string) {
  const [row] = await driverQuery<{ erased_at: unknown }>(tx, LOCK_MEMBER_SQL, [memberId]);
  return row !== undefined && row.erased_at === null;
}

const INSERT_SQL = `insert into circle_members (user_id, member_id, added_at)
  values ($1, $2, $3::timestamptz) on conflict do nothing returning member_id`;

/** Names a member; false when they already were one. */
export async function insertMember(tx: Tx, userId: string, memberId: string, at: Date) {
  const rows = await driverQuery(tx, INSERT_SQL, [userId, memberId, at.toISOString()]);
  return rows.length > 0;
}

const DELETE_SQL = `delete from circle_members where user_id = $1 and member_id = $2
  returning member_id`;

/** Removes one of my members; false when they were not one. */
export async function deleteMember(tx: Tx, userId: string, memberId: string) {
  const rows = await driverQuery(tx, DELETE_SQL, [userId, memberId]);
  return rows.length > 0;
}

// The reverse index (member → owners) read here serves only the erasure: nothing answers it.
const LOCK_OWNERS_SQL = `select u.id, u.erased_at from users u
  where u.id in (select c.user_id from circle_members c where c.member_id = $1)
  order by u.id for update`;

/**
 * Locks the rows of the owners who named `memberId`, in id order (two erasures sharing owners
 * queue instead of deadlocking); answers those not erased (an erased owner mines no more).
 */
export async function lockOwnersOf(tx: Tx, memberId: string) {
  const rows = await driverQuery<{ id: string; erased_at: unknown }>(tx, LOCK_OWNERS_SQL, [
    memberId,
  ]);
  return rows.filter((row) => row.erased_at === null).map((row) => row.id);
}

const DELETE_EVERY_SQL = "delete from circle_members where user_id = $1 or member_id = $1";

/** Every circle row naming the user, as owner or as member. */
export async function deleteEveryMembership(tx: Tx, userId: string) {
  await driverQuery(tx, DELETE_EVERY_SQL, [userId]);
}
