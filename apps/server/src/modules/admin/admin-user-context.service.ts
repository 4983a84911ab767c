import type { AdminUserDetail } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { listMembers } from "../circle/index.ts";
import {
  circleCounts,
  kycOf,
  pushSubscriptionsOf,
  recognisedBrowsersOf,
  referredUsers,
  referrerOf,
  signInSessionsOf,
} from "./admin-user-context.repo.ts";
import { describeUserAgent, pushServiceOf } from "./user-agent.ts";

/** Each list of the user page holds at most this many, newest first, with its count. */
export const CONTEXT_LIST_SIZE = 20;

type Context = Pick<AdminUserDetail, "kyc" | "circle" | "referrals" | "signInSessions" | "devices">;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The user page's KYC, circle, referrals, sign-in sessions and devices (issue 34 point 3). */
export async function userContext(
  db: Db,
  userId: string,
  referralsCount: number,
  now: Date,
): Promise<Context> {
  const [kyc, members, circle, referrer, referred, signIns, push, browsers] = await Promise.all([
    kycOf(db, userId),
    listMembers(db, userId, now),
    circleCounts(db, userId),
    referrerOf(db, userId),
    referredUsers(db, userId, now, CONTEXT_LIST_SIZE),
    signInSessionsOf(db, userId, CONTEXT_LIST_SIZE),
    pushSubscriptionsOf(db, userId, CONTEXT_LIST_SIZE),
    recognisedBrowsersOf(db, userId, CONTEXT_LIST_SIZE),
  ]);
  return {
    kyc: kyc && {
      status: kyc.status,
      submittedAt: kyc.submittedAt?.toISOString() ?? null,
      reviewedAt: kyc.reviewedAt?.toISOString() ?? null,
      reviewer:
        kyc.reviewerId && kyc.reviewerNickname
          ? { id: kyc.reviewerId, nickname: kyc.reviewerNickname }
          : null,
      rejectionReason: kyc.rejectionReason,
    },
    circle: {
      // The circle is small by rule (CIRCLE_MAX_MEMBERS_LIMIT); the newest come first here.
      members: members
        .slice(-CONTEXT_LIST_SIZE)
        .reverse()
        .map((m) => ({
          id: m.member_id,
          nickname: m.nickname,
          addedAt: iso(m.added_at),
          active: Boolean(m.active),
          suspended: Boolean(m.suspended),
        })),
      membersCount: circle.members,
      namedByCount: circle.namedBy,
    },
    referrals: {
      referrer,
      items: referred.map((r) => ({
        id: r.id,
        nickname: r.nickname,
        joinedAt: iso(r.joinedAt),
        active: Boolean(r.active),
        suspended: r.suspendedAt !== null,
      })),
      count: referralsCount,
    },
    signInSessions: {
      items: signIns.rows.map((s) => ({
        createdAt: iso(s.createdAt),
        lastSeenAt: iso(s.updatedAt),
        expiresAt: iso(s.expiresAt),
        device: describeUserAgent(s.userAgent),
      })),
      count: signIns.count,
    },
    devices: {
      push: push.map((p) => ({ createdAt: iso(p.createdAt), service: pushServiceOf(p.endpoint) })),
      browsers: browsers.rows.map((b) => ({
        firstSeenAt: iso(b.firstSeenAt),
        lastSeenAt: iso(b.lastSeenAt),
        signIns: Number(b.signIns),
        sharedWith: Number(b.sharedWith),
      })),
      browsersCount: Number(browsers.count),
    },
  };
}
