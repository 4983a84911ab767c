import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { idColumn, tz } from "./columns.ts";

/**
 * First-party ad slots (issue 21): an image kept in the private file store (re-encoded on
 * upload), a link, a window of dates, a weight for the rotation. Nothing here names a person.
 */
export const ads = pgTable(
  "ads",
  {
    id: idColumn(),
    placement: text("placement", { enum: ["dashboard", "games"] }).notNull(),
    /** What the image says (its alternative text). */
    title: text("title").notNull(),
    linkUrl: text("link_url").notNull(),
    /** File-store key of the re-encoded image; null until one is uploaded. */
    imageKey: text("image_key"),
    imageType: text("image_type"),
    startsAt: timestamp("starts_at", tz).notNull(),
    endsAt: timestamp("ends_at", tz).notNull(),
    weight: integer("weight").notNull().default(1),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull(),
    updatedAt: timestamp("updated_at", tz).notNull(),
  },
  (t) => [
    check("ads_window", sql`${t.endsAt} > ${t.startsAt}`),
    check("ads_weight_range", sql`${t.weight} between 1 and 100`),
    check("ads_placement_known", sql`${t.placement} in ('dashboard', 'games')`),
    index("ads_placement_window_idx").on(t.placement, t.active, t.startsAt, t.endsAt),
  ],
);

/** Impressions and clicks per ad and day: aggregate counts only, never who saw what. */
export const adDailyCounts = pgTable(
  "ad_daily_counts",
  {
    adId: uuid("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    impressions: bigint("impressions", { mode: "bigint" }).notNull().default(sql`0`),
    clicks: bigint("clicks", { mode: "bigint" }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);
