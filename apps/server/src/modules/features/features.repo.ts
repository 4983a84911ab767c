import { DEFAULT_FEATURES, type Features } from "@fre/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appSettings, users } from "../../db/schema/index.ts";

const FEATURES_KEY = "features";

/**
 * The stored switches, read defensively: a switch never set, or stored in another shape, takes
 * its default (everything on, no maintenance).
 */
export function featuresFromStored(value: unknown): Features {
  const stored = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const flag = (key: "games" | "shop" | "referrals") =>
    typeof stored[key] === "boolean" ? stored[key] : DEFAULT_FEATURES[key];
  const maintenance = (
    stored.maintenance && typeof stored.maintenance === "object" ? stored.maintenance : {}
  ) as Record<string, unknown>;
  return {
    games: flag("games"),
    shop: flag("shop"),
    referrals: flag("referrals"),
    maintenance: {
      active: maintenance.active === true,
      message:
        typeof maintenance.message === "string" && maintenance.message !== ""
          ? maintenance.message
          : null,
    },
  };
}

export async function readFeatures(db: Db): Promise<Features> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FEATURES_KEY));
  return featuresFromStored(row?.value);
}

/** The stored switches, the row locked until the transaction ends (created first if missing). */
export async function lockFeatures(tx: Db): Promise<Features> {
  await tx
    .insert(appSettings)
    .values({ key: FEATURES_KEY, value: DEFAULT_FEATURES })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FEATURES_KEY))
    .for("update");
  return featuresFromStored(row?.value);
}

export async function writeFeatures(tx: Db, features: Features): Promise<void> {
  await tx.update(appSettings).set({ value: features }).where(eq(appSettings.key, FEATURES_KEY));
}

export async function isAdminUser(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.role === "admin";
}
