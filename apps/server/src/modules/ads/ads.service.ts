import { randomBytes } from "node:crypto";
import {
  AD_RECENT_DAYS,
  type AdCreateBody,
  type AdminAd,
  type AdminAdList,
  type AdPlacement,
  type AdUpdateBody,
  type PublicAdList,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { FileContent, FileStore } from "../../lib/file-store.ts";
import { reencodeImage, UnreadableImageError } from "../../lib/image-reencode.ts";
import { type AuditActor, recordChange } from "../audit/index.ts";
import {
  type AdRow,
  type AdRowWithCounts,
  countAdEvent,
  deleteAd,
  findAd,
  findEligibleImage,
  insertAd,
  listAdsWithCounts,
  listEligibleAds,
  lockAd,
  updateAd,
} from "./ads.repo.ts";

export interface AdsDeps {
  db: Db;
  clock: Clock;
  /** The private file store (lib/file-store.ts): images live under `ads/<id>/<random>`. */
  files: FileStore;
  /** Told when deleting an image file no ad points at failed (nothing to undo). */
  onFileError?: (adId: string) => void;
}

/** A banner never needs more than this: bigger images are scaled down to fit. */
const AD_IMAGE_MAX_SIDE = 2000;
/** Decoding refuses bigger images (a small file can claim huge dimensions). */
const AD_IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** At most this many ads of a placement take part in the rotation. */
const ROTATION_MAX_ADS = 20;

/**
 * A fresh key for each upload: a file is written once and never replaced, so a store holds only
 * images an ad points at (or pointed at, until the delete after the commit) and the audit names
 * the very file each change put in place.
 */
const newImageKey = (id: string) => `ads/${id}/${randomBytes(12).toString("hex")}`;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** The image URL's `?v=`: the key's last segment, so it changes with the image and only then. */
const imageVersion = (imageKey: string) => imageKey.slice(imageKey.lastIndexOf("/") + 1);

/** What the audit log keeps of an ad: its settings, never its image bytes. */
function auditView(row: AdRow) {
  return {
    placement: row.placement,
    title: row.title,
    linkUrl: row.linkUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    weight: row.weight,
    active: row.active,
    image: row.imageType,
    imageKey: row.imageKey,
  };
}

const isLive = (row: AdRow, now: Date) =>
  row.active && row.imageKey !== null && row.startsAt <= now && row.endsAt > now;

function adminView(row: AdRowWithCounts, now: Date): AdminAd {
  return {
    id: row.id,
    placement: row.placement,
    title: row.title,
    linkUrl: row.linkUrl,
    imageUrl: row.imageKey
      ? `/api/admin/ads/${row.id}/image?v=${imageVersion(row.imageKey)}`
      : null,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    weight: row.weight,
    active: row.active,
    live: isLive(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    total: { impressions: row.totalImpressions, clicks: row.totalClicks },
    recent: { impressions: row.recentImpressions, clicks: row.recentClicks },
  };
}

async function adminRows(deps: AdsDeps, onlyId?: string): Promise<AdminAd[]> {
  const now = deps.clock.now();
  const recentFrom = utcDay(new Date(now.getTime() - (AD_RECENT_DAYS - 1) * 86_400_000));
  const rows = await listAdsWithCounts(deps.db, recentFrom, onlyId);
  return rows.map((row) => adminView(row, now));
}

export async function listAdsForAdmin(deps: AdsDeps): Promise<AdminAdList> {
  return { items: await adminRows(deps) };
}

async function adminAd(deps: AdsDeps, id: string): Promise<AdminAd> {
  const [item] = await adminRows(deps, id);
  if (!item) throw new AppError("NOT_FOUND", 404);
  return item;
}

export async function createAd(
  deps: AdsDeps,
  actor: AuditActor,
  body: AdCreateBody,
): Promise<AdminAd> {
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    const row = await insertAd(tx, {
      placement: body.placement,
      title: body.title,
      linkUrl: body.linkUrl,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      weight: body.weight,
      active: body.active,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordChange(tx, actor, now, "ad.create", ["ad", row.id], {
      before: null,
      after: auditView(row),
    });
    return row;
  });
  return adminAd(deps, created.id);
}

export async function editAd(
  deps: AdsDeps,
  actor: AuditActor,
  id: string,
  body: AdUpdateBody,
): Promise<AdminAd> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockAd(tx, id);
    if (!before) throw new AppError("NOT_FOUND", 404);
    const startsAt = body.startsAt ? new Date(body.startsAt) : before.startsAt;
    const endsAt = body.endsAt ? new Date(body.endsAt) : before.endsAt;
    // One bound moved alone must still leave a window (the database refuses one otherwise).
    if (endsAt <= startsAt) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        { issues: [{ path: "endsAt", message: "must end after it starts" }] },
      );
    }
    const after = await updateAd(tx, id, {
      ...(body.placement !== undefined && { placement: body.placement }),
      ...(body.title !== undefined && { title: body.title }),
      ...(body.linkUrl !== undefined && { linkUrl: body.linkUrl }),
      ...(body.weight !== undefined && { weight: body.weight }),
      ...(body.active !== undefined && { active: body.active }),
      startsAt,
      endsAt,
      updatedAt: now,
    });
    await recordChange(tx, actor, now, "ad.update", ["ad", id], {
      before: auditView(before),
      after: auditView(after),
    });
  });
  return adminAd(deps, id);
}

export async function removeAd(deps: AdsDeps, actor: AuditActor, id: string): Promise<void> {
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    const before = await lockAd(tx, id);
    if (!before) throw new AppError("NOT_FOUND", 404);
    await deleteAd(tx, id);
    await recordChange(tx, actor, now, "ad.delete", ["ad", id], {
      before: auditView(before),
      after: null,
    });
    return before;
  });
  // The file goes once the row is gone for good (no file call inside the transaction).
  if (removed.imageKey) await dropImageFile(deps, id, removed.imageKey);
}

/** Deletes a file no ad points at; a failure leaves an unreferenced file that nothing serves. */
async function dropImageFile(deps: AdsDeps, id: string, key: string) {
  await deps.files.delete(key).catch(() => deps.onFileError?.(id));
}

/**
 * Replaces the ad's image: decoded and encoded again to WebP (metadata gone, size bounded, as KYC
 * photos are) and written under a fresh key; the ad points at it in the transaction that records
 * the audit entry (`ad.update`, naming the old and new keys). The previous file goes after the
 * commit; if the transaction fails, the new file goes instead. Two uploads at once each write
 * their own file; the row lock orders them and the one that commits second replaces the first's.
 */
export async function setAdImage(
  deps: AdsDeps,
  actor: AuditActor,
  id: string,
  upload: Uint8Array,
): Promise<AdminAd> {
  if (!(await findAd(deps.db, id))) throw new AppError("NOT_FOUND", 404);
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await reencodeImage(upload, {
      maxSide: AD_IMAGE_MAX_SIDE,
      maxInputPixels: AD_IMAGE_MAX_INPUT_PIXELS,
      output: "webp",
    });
  } catch (error) {
    if (error instanceof UnreadableImageError) throw new AppError("AD_IMAGE_INVALID", 400);
    throw error;
  }
  const key = newImageKey(id);
  await deps.files.put(key, image.bytes, { contentType: image.contentType });
  const now = deps.clock.now();
  let replaced: AdRow | null;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const before = await lockAd(tx, id);
      if (!before) return null;
      const after = await updateAd(tx, id, {
        imageKey: key,
        imageType: image.contentType,
        updatedAt: now,
      });
      await recordChange(tx, actor, now, "ad.update", ["ad", id], {
        before: auditView(before),
        after: { ...auditView(after), imageBytes: image.bytes.byteLength },
      });
      return before;
    });
  } catch (error) {
    await dropImageFile(deps, id, key);
    throw error;
  }
  if (!replaced) {
    // Deleted while the image was being encoded: its file must not outlive it.
    await dropImageFile(deps, id, key);
    throw new AppError("NOT_FOUND", 404);
  }
  if (replaced.imageKey && replaced.imageKey !== key) {
    await dropImageFile(deps, id, replaced.imageKey);
  }
  return adminAd(deps, id);
}

/** The stored image of any ad, for the admin's preview. */
export async function adminAdImage(deps: AdsDeps, id: string): Promise<FileContent> {
  const ad = await findAd(deps.db, id);
  const file = ad?.imageKey ? await deps.files.get(ad.imageKey) : null;
  if (!file) throw new AppError("NOT_FOUND", 404);
  return file;
}

/** The ads of a placement users may see now, for the web's weighted rotation. */
export async function eligibleAds(deps: AdsDeps, placement: AdPlacement): Promise<PublicAdList> {
  const rows = await listEligibleAds(deps.db, placement, deps.clock.now(), ROTATION_MAX_ADS);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      linkUrl: row.linkUrl,
      imageUrl: `/api/ads/${row.id}/image?v=${imageVersion(row.imageKey)}`,
      weight: row.weight,
    })),
  };
}

/** The image of an ad users may see now; 404 for any other. */
export async function eligibleAdImage(deps: AdsDeps, id: string): Promise<FileContent> {
  const key = await findEligibleImage(deps.db, id, deps.clock.now());
  const file = key ? await deps.files.get(key) : null;
  if (!file) throw new AppError("NOT_FOUND", 404);
  return file;
}

/**
 * One more impression or click on the ad for today (UTC). Aggregate only: who sent it is
 * neither stored nor logged (decision 0027). 404 for an ad users may not see now.
 */
export async function countAd(deps: AdsDeps, id: string, event: "impression" | "click") {
  const now = deps.clock.now();
  const column = event === "impression" ? "impressions" : "clicks";
  if (!(await countAdEvent(deps.db, id, utcDay(now), column, now))) {
    throw new AppError("NOT_FOUND", 404);
  }
}
