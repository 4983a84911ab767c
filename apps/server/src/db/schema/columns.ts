import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Every timestamp of the schema is stored with its time zone (`timestamptz`). */
export const tz = { withTimezone: true } as const;

/** A row's own id: a random uuid, its primary key. */
export const idColumn = () => uuid("id").primaryKey().defaultRandom();

/** When the row was written (the database's clock). */
export const createdAtColumn = () => timestamp("created_at", tz).notNull().defaultNow();
