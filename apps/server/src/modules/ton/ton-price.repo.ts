import { tonFiatPriceSchema, tonPriceSourceSchema } from "@fre/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/index.ts";

/** The app_settings key holding the last good TON price (one figure for every process). */
const TON_PRICE_KEY = "ton_price";

const storedPrice = z.object({
  usd: tonFiatPriceSchema,
  eur: tonFiatPriceSchema,
  /** When the source priced it (ISO). */
  pricedAt: z.iso.datetime(),
  source: tonPriceSourceSchema,
});
export type StoredTonPrice = z.infer<typeof storedPrice>;

/** The last good price, or null (never fetched, or a row this version cannot read). */
export async function readStoredTonPrice(db: Db): Promise<StoredTonPrice | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, TON_PRICE_KEY));
  const parsed = storedPrice.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * Stores a price unless the one stored is more recent (a slow fetch finishing after a newer one
 * must not move the figure back in time).
 */
export async function storeTonPrice(db: Db, price: StoredTonPrice): Promise<void> {
  const value = storedPrice.parse(price);
  await db
    .insert(appSettings)
    .values({ key: TON_PRICE_KEY, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      setWhere: sql`coalesce(${appSettings.value}->>'pricedAt', '') <= ${value.pricedAt}`,
    });
}
