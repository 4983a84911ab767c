import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { tz } from "./columns.ts";

/**
 * The security circle (issue 25, decision 0043): the people `userId` named among FRE users. A
 * member counts while they mined in the last 24 h; nobody is ever told who named them, so the
 * reverse index (`member_id`) only serves the rate's re-rating of the owners and the cascade.
 */
export const circleMembers = pgTable(
  "circle_members",
  {
    userId: userColumn(),
    memberId: userColumn("member_id"),
    addedAt: timestamp("added_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.memberId] }),
    check("circle_members_not_self", sql`${t.userId} <> ${t.memberId}`),
    index("circle_members_member_idx").on(t.memberId),
  ],
);
