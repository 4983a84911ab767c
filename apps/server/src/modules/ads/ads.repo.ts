import type { AdPlacement } from "@fre/shared";
import { and, asc, desc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { type Db, rowsOf, type Tx } from "../../db/client.ts";
import { adDailyCounts, ads } from "../../db/schema/index.ts";

/** The columns an ad is read with (never `select *`). */
const adColumns = {
  id: ads.id,
  placement: ads.placement,
  title: ads.title,
  linkUrl: ads.linkUrl,
  imageKey: ads.imageKey,
  imageType: ads.imageType,
  startsAt: ads.startsAt,
  endsAt: ads.endsAt,
  weight: ads.weight,
  active: ads.active,
  createdAt: ads.createdAt,
  updatedAt: ads.updatedAt,
};

export type AdRow = {
  id: string;
  placement: AdPlacement;
  title: string;
  linkUrl: string;
  imageKey: string | null;
  imageType: string | null;
  startsAt: Date;
  endsAt: Date;
  weight: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export type AdRowWithCounts = AdRow & {
  totalImpressions: number;
  totalClicks: number;
  recentImpressions: number;
  recentClicks: number;
};

/** Active, started, not ended, with an image: what users may be shown at `now`. */
const eligibleAt = (now: Date) =>
  and(eq(ads.active, true), lte(ads.startsAt, now), gt(ads.endsAt, now), isNotNull(ads.imageKey));

/**
 * Every ad (or only one) with its all-time and recent counts (since `recentFrom`, a UTC day),
 * newest first.
 */
export async function listAdsWithCounts(
  db: Db,
  recentFrom: string,
  onlyId?: string,
): Promise<AdRowWithCounts[]> {
  const counts = db
    .select({
      adId: adDailyCounts.adId,
      totalImpressions: sql<string>`sum(${adDailyCounts.impressions})`.as("total_impressions"),
      totalClicks: sql<string>`sum(${adDailyCounts.clicks})`.as("total_clicks"),
      recentImpressions:
        sql<string>`sum(${adDailyCounts.impressions}) filter (where ${adDailyCounts.day} >= ${recentFrom})`.as(
          "recent_impressions",
        ),
      recentClicks:
        sql<string>`sum(${adDailyCounts.clicks}) filter (where ${adDailyCounts.day} >= ${recentFrom})`.as(
          "recent_clicks",
        ),
    })
    .from(adDailyCounts)
    .where(onlyId ? eq(adDailyCounts.adId, onlyId) : undefined)
    .groupBy(adDailyCounts.adId)
    .as("counts");
  const rows = await db
    .select({
      ...adColumns,
      totalImpressions: counts.totalImpressions,
      totalClicks: counts.totalClicks,
      recentImpressions: counts.recentImpressions,
      recentClicks: counts.recentClicks,
    })
    .from(ads)
    .leftJoin(counts, eq(counts.adId, ads.id))
    .where(onlyId ? eq(ads.id, onlyId) : undefined)
    .orderBy(desc(ads.createdAt), desc(ads.id));
  // Sums come back as numeric text (or null without any count); one ad's counts stay far below
  // 2^53.
  return rows.map((row) => ({
    ...row,
    totalImpressions: Number(row.totalImpressions ?? 0),
    totalClicks: Number(row.totalClicks ?? 0),
    recentImpressions: Number(row.recentImpressions ?? 0),
    recentClicks: Number(row.recentClicks ?? 0),
  }));
}

export async function findAd(db: Db, id: string): Promise<AdRow | null> {
  const [row] = await db.select(adColumns).from(ads).where(eq(ads.id, id));
  return row ?? null;
}

/** The ad, locked until the transaction ends (an edit reads what it replaces). */
export async function lockAd(tx: Tx, id: string): Promise<AdRow | null> {
  const [row] = await tx.select(adColumns).from(ads).where(eq(ads.id, id)).for("update");
  return row ?? null;
}

export async function insertAd(
  tx: Tx,
  values: Omit<AdRow, "id" | "imageKey" | "imageType"> & { createdBy: string },
): Promise<AdRow> {
  const [row] = await tx.insert(ads).values(values).returning(adColumns);
  if (!row) throw new Error("ad insert returned nothing");
  return row;
}

export async function updateAd(
  tx: Tx,
  id: string,
  values: Partial<Omit<AdRow, "id" | "createdAt">>,
): Promise<AdRow> {
  const [row] = await tx.update(ads).set(values).where(eq(ads.id, id)).returning(adColumns);
  if (!row) throw new Error("ad update returned nothing");
  return row;
}

export async function deleteAd(tx: Tx, id: string) {
  await tx.delete(ads).where(eq(ads.id, id));
}

/** The ads of a placement users may see now (a bounded list: the rotation draws among them). */
export async function listEligibleAds(db: Db, placement: AdPlacement, now: Date, limit: number) {
  const rows = await db
    .select({
      id: ads.id,
      title: ads.title,
      linkUrl: ads.linkUrl,
      weight: ads.weight,
      imageKey: ads.imageKey,
    })
    .from(ads)
    .where(and(eq(ads.placement, placement), eligibleAt(now)))
    // Past the limit, the heaviest (then newest) ads take part in the rotation.
    .orderBy(desc(ads.weight), desc(ads.createdAt), asc(ads.id))
    .limit(limit);
  // Eligible ads have an image (the filter says so); this tells the type.
  return rows.flatMap(({ imageKey, ...row }) => (imageKey ? [{ ...row, imageKey }] : []));
}

/** The image of an ad users may see now, or null. */
export async function findEligibleImage(db: Db, id: string, now: Date) {
  const [row] = await db
    .select({ imageKey: ads.imageKey })
    .from(ads)
    .where(and(eq(ads.id, id), eligibleAt(now)));
  return row?.imageKey ?? null;
}

/**
 * Adds one impression or click to the ad's count for the UTC day, in one statement: the row is
 * created by the first event of the day and incremented in place after (never read, then
 * written). Only an ad users may see now is counted; false when there is none.
 */
export async function countAdEvent(
  db: Db,
  id: string,
  day: string,
  event: "impressions" | "clicks",
  now: Date,
): Promise<boolean> {
  const impressions = event === "impressions" ? sql`1` : sql`0`;
  const clicks = event === "clicks" ? sql`1` : sql`0`;
  const column = event === "impressions" ? sql.raw("impressions") : sql.raw("clicks");
  const result = await db.execute(sql`
    insert into ${adDailyCounts} (ad_id, day, impressions, clicks)
    select ${ads.id}, ${day}::date, ${impressions}, ${clicks}
    from ${ads}
    where ${and(eq(ads.id, id), eligibleAt(now))}
    on conflict (ad_id, day)
    do update set ${column} = ${adDailyCounts}.${column} + 1
    returning ad_id`);
  return rowsOf(result).length > 0;
}
