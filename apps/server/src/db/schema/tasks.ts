import type { TaskTitle } from "@fre/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { userColumn, users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/**
 * The tasks hub « Gagner » (issue 38 point 1, decision 0073): a task an admin made, its reward
 * (`reward_nano` FRE for `fre`, or a boost of `boost_percent` % for `boost_hours`), its kind's
 * parameters, its window and its cap. `completions` counts every completion (withheld ones too),
 * under the task row's lock, so a cap holds under concurrency.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: idColumn(),
    kind: text("kind", {
      enum: [
        "visit_link",
        "telegram_channel",
        "wallet_linked",
        "kyc_approved",
        "daily_streak",
        "referrals",
        "league",
      ],
    }).notNull(),
    title: jsonb("title").$type<TaskTitle>().notNull(),
    rewardType: text("reward_type", { enum: ["fre", "boost"] }).notNull(),
    rewardNano: bigint("reward_nano", { mode: "bigint" }).notNull().default(sql`0`),
    boostPercent: integer("boost_percent"),
    boostHours: integer("boost_hours"),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    startsAt: timestamp("starts_at", tz),
    endsAt: timestamp("ends_at", tz),
    maxCompletions: integer("max_completions"),
    completions: integer("completions").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    check(
      "tasks_completions_within_max",
      sql`${t.maxCompletions} is null or ${t.completions} <= ${t.maxCompletions}`,
    ),
    check(
      "tasks_reward_shape",
      sql`(${t.rewardType} = 'fre' and ${t.rewardNano} > 0) or (${t.rewardType} = 'boost' and ${t.boostPercent} between 1 and 100 and ${t.boostHours} between 1 and 168)`,
    ),
    index("tasks_active_idx").on(t.active, t.createdAt),
  ],
);

/**
 * A user's progress on a task: started (the visit's clock), completed once (the primary key),
 * the reward paid or withheld (a high-risk account, decision 0073).
 */
export const taskProgress = pgTable(
  "task_progress",
  {
    userId: userColumn(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", tz),
    completedAt: timestamp("completed_at", tz),
    rewardWithheld: boolean("reward_withheld").notNull().default(false),
    /** FRE paid (fre), or the boost's nFRE/h (boost); 0 while withheld. */
    rewardNano: bigint("reward_nano", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taskId] }),
    index("task_progress_task_completed_idx").on(t.taskId, t.completedAt),
  ],
);
