import { bigint, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { userColumn } from "./auth.ts";
import { tz } from "./columns.ts";

/** A validated contest level and its permanent reward (spec levelValidations). */
export const levelValidations = pgTable(
  "level_validations",
  {
    userId: userColumn(),
    level: integer("level").notNull(),
    rewardNano: bigint("reward_nano", { mode: "bigint" }).notNull(),
    validatedAt: timestamp("validated_at", tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);

/** When the user opened a social task's link (validation needs ≥ 10 s since). */
export const contestTaskOpens = pgTable(
  "contest_task_opens",
  {
    userId: userColumn(),
    level: integer("level").notNull(),
    openedAt: timestamp("opened_at", tz).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.level] })],
);

/** Admin-configurable links of the social tasks. */
export const contestLinks = pgTable("contest_links", {
  level: integer("level").primaryKey(),
  url: text("url").notNull(),
  updatedAt: timestamp("updated_at", tz).notNull(),
});
