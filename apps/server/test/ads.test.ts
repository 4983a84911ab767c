/**
 * First-party ads (issue 21 point 4, decision 0027): the admin's CRUD with its audit entries, the
 * image re-encoded into the private file store, what users are shown (active, within the window,
 * with an image) and the aggregate counts per UTC day, which name nobody.
 */
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localFileStore } from "../src/adapters/file-store/local-file-store.ts";
import { adDailyCounts, ads } from "../src/db/schema/index.ts";
import {
  type Client,
  client,
  createTestApp,
  DEFAULT_ADMIN_CODE,
  elevatedAdmin,
  expectLedgerBalanced,
  PUBLIC_URL,
  promotedAdmin,
  signUp,
  type TestApp,
  uniqueUser,
} from "./helpers.ts";
import { EXIF_MARKER, jpegWithGps, multipart, pngImage } from "./kyc-fixtures.ts";

let test: TestApp;
let filesDir: string;
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  filesDir = await fs.mkdtemp(join(tmpdir(), "fre-ads-files-"));
  test = await createTestApp({ config: { FILES_URL: filesDir } });
  // A few minutes before a UTC midnight: the day rollover is one short step away.
  const now = test.clock.now();
  test.clock.set(
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 50)),
  );
  admin = await elevatedAdmin(test, "adsboss");
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(test);
  } finally {
    await test.close();
    await fs.rm(filesDir, { recursive: true, force: true });
  }
});

const iso = (offsetMs: number) => new Date(test.clock.now().getTime() + offsetMs).toISOString();

function adBody(overrides: Record<string, unknown> = {}) {
  return {
    placement: "dashboard",
    title: "Nouveau pack FRE",
    linkUrl: "https://fre-partner.fr/packs",
    startsAt: iso(-HOUR),
    endsAt: iso(30 * 24 * HOUR),
    weight: 10,
    active: true,
    ...overrides,
  };
}

async function createAd(overrides: Record<string, unknown> = {}) {
  const response = await admin.client.post("/api/admin/ads", adBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; [key: string]: unknown };
}

function putImage(c: Client, id: string, bytes: Buffer, type = "image/jpeg") {
  const body = multipart(bytes, { type, filename: "banner.jpg" });
  return test.app.inject({
    method: "PUT",
    url: `/api/admin/ads/${id}/image`,
    headers: {
      origin: PUBLIC_URL,
      "content-type": body.contentType,
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
    },
    payload: body.payload,
  });
}

async function liveAd(overrides: Record<string, unknown> = {}) {
  const ad = await createAd(overrides);
  const uploaded = await putImage(admin.client, ad.id, await pngImage(), "image/png");
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return uploaded.json() as { id: string; live: boolean; imageUrl: string };
}

/** The key the ad points at now, read from the database. */
async function imageKeyOf(id: string) {
  const [row] = await test.db.select({ imageKey: ads.imageKey }).from(ads).where(eq(ads.id, id));
  return row?.imageKey ?? null;
}

/** Every image file the store holds for the ad (each key's sidecar, `<key>.json`, on disk). */
async function storedImageKeys(id: string) {
  const names = await fs.readdir(join(filesDir, "ads", id)).catch(() => [] as string[]);
  const keys = names.filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5));
  return keys.map((name) => `ads/${id}/${name}`).sort();
}

async function servedWidth(c: Client, url: string) {
  const response = await test.app.inject({
    method: "GET",
    url,
    headers: { cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (await sharp(response.rawPayload).metadata()).width;
}

async function auditOf(action: string, targetId: string) {
  const response = await admin.client.get(
    `/api/admin/audit?action=${action}&targetId=${encodeURIComponent(targetId)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as {
    actorId: string;
    targetType: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
}

async function listed(c: Client, placement = "dashboard") {
  const response = await c.get(`/api/ads?placement=${placement}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { id: string }[]).map((ad) => ad.id);
}

async function adminItem(id: string) {
  const response = await admin.client.get("/api/admin/ads");
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { id: string; [key: string]: unknown }[]).find(
    (ad) => ad.id === id,
  );
}

describe("admin: create, edit, delete, audited", () => {
  it("creates an ad, audited with its values after", async () => {
    const created = await createAd({ title: "  Boutique FRE  " });
    expect(created).toMatchObject({
      placement: "dashboard",
      title: "Boutique FRE",
      linkUrl: "https://fre-partner.fr/packs",
      weight: 10,
      active: true,
      imageUrl: null,
      // No image yet: nobody sees it.
      live: false,
      total: { impressions: 0, clicks: 0 },
      recent: { impressions: 0, clicks: 0 },
    });
    const [entry] = await auditOf("ad.create", created.id);
    expect(entry).toMatchObject({
      actorId: admin.me.id,
      targetType: "ad",
      before: null,
      after: { title: "Boutique FRE", weight: 10, active: true, placement: "dashboard" },
    });
    expect(await adminItem(created.id)).toMatchObject({ id: created.id, title: "Boutique FRE" });
  });

  it("edits an ad, audited with the values before and after", async () => {
    const created = await createAd();
    const edited = await admin.client.patch(`/api/admin/ads/${created.id}`, {
      weight: 55,
      active: false,
      placement: "games",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ weight: 55, active: false, placement: "games" });
    const [entry] = await auditOf("ad.update", created.id);
    expect(entry?.before).toMatchObject({ weight: 10, active: true, placement: "dashboard" });
    expect(entry?.after).toMatchObject({ weight: 55, active: false, placement: "games" });
    // Moving one bound alone must still leave a window.
    const backwards = await admin.client.patch(`/api/admin/ads/${created.id}`, {
      endsAt: iso(-2 * HOUR),
    });
    expect(backwards.statusCode, backwards.body).toBe(400);
    expect(backwards.json().error).toBe("VALIDATION_ERROR");
    const missing = await admin.client.patch(
      "/api/admin/ads/00000000-0000-4000-8000-000000000000",
      { weight: 2 },
    );
    expect(missing.statusCode).toBe(404);
  });

  it("deletes an ad and its image file, audited with the values before", async () => {
    const ad = await liveAd();
    const store = localFileStore(filesDir);
    const key = await imageKeyOf(ad.id);
    expect(key && (await store.exists(key))).toBe(true);
    const deleted = await admin.client.delete(`/api/admin/ads/${ad.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await storedImageKeys(ad.id)).toEqual([]);
    expect(await adminItem(ad.id)).toBeUndefined();
    const [entry] = await auditOf("ad.delete", ad.id);
    expect(entry).toMatchObject({
      targetType: "ad",
      before: { title: "Nouveau pack FRE", image: "image/webp" },
      after: null,
    });
    expect((await admin.client.delete(`/api/admin/ads/${ad.id}`)).statusCode).toBe(404);
  });

  it("refuses bad values with 400 VALIDATION_ERROR", async () => {
    const cases: Record<string, unknown>[] = [
      { linkUrl: "http://fre-partner.fr/packs" },
      { linkUrl: "javascript:alert(1)" },
      { linkUrl: `https://fre-partner.fr/${"a".repeat(500)}` },
      { linkUrl: "https://user:pass@fre-partner.fr/" },
      // A public name, as for the community links: no IP literal, local or single-label host.
      { linkUrl: "https://192.0.2.10/offre" },
      { linkUrl: "https://[2001:db8::1]/offre" },
      { linkUrl: "https://2130706433/offre" },
      { linkUrl: "https://localhost/offre" },
      { linkUrl: "https://pub.localhost/offre" },
      { linkUrl: "https://intranet/offre" },
      { linkUrl: "https://imprimante.local/offre" },
      { linkUrl: "https://fre.example.org/offre" },
      { linkUrl: "" },
      { endsAt: iso(-2 * HOUR) },
      { endsAt: iso(-HOUR) },
      { weight: 0 },
      { weight: 101 },
      { weight: 1.5 },
      { title: "" },
      { title: "a".repeat(81) },
      { title: "Ligne\u0007bip" },
      { title: "Deux\nlignes" },
      { title: "Tab\tulation" },
      { title: "\u202eesrever" },
      { placement: "sidebar" },
      { startsAt: "demain" },
      { startsAt: "1900-01-01T00:00:00Z" },
    ];
    for (const overrides of cases) {
      const response = await admin.client.post("/api/admin/ads", adBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error).toBe("VALIDATION_ERROR");
    }
    const created = await createAd();
    const patches = [
      { weight: 101 },
      { linkUrl: "http://x.org" },
      { linkUrl: "https://10.0.0.1/" },
      { linkUrl: "https://localhost/" },
      {},
      { title: "\u0000" },
    ];
    for (const patch of patches) {
      const response = await admin.client.patch(`/api/admin/ads/${created.id}`, patch);
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
    }
  });
});

describe("admin: the image", () => {
  it("re-encodes the upload: the stored bytes are new, the metadata gone", async () => {
    const ad = await createAd();
    const original = await jpegWithGps({ width: 64, height: 48 });
    expect((await sharp(original).metadata()).exif?.includes(EXIF_MARKER)).toBe(true);
    const uploaded = await putImage(admin.client, ad.id, original);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ id: ad.id, live: true });

    const stored = await localFileStore(filesDir).get((await imageKeyOf(ad.id)) ?? "");
    expect(stored?.contentType).toBe("image/webp");
    const bytes = Buffer.from(stored?.bytes ?? []);
    expect(bytes.equals(original)).toBe(false);
    const after = await sharp(bytes).metadata();
    expect([after.format, after.width, after.height]).toEqual(["webp", 64, 48]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(bytes.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    expect(bytes.includes(Buffer.from("FRE Phone"))).toBe(false);

    // The admin's preview serves the same bytes, never cached.
    const preview = await test.app.inject({
      method: "GET",
      url: uploaded.json().imageUrl,
      headers: { cookie: [...admin.client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/webp");
    expect(preview.headers["cache-control"]).toBe("no-store");
    expect(preview.rawPayload.equals(bytes)).toBe(true);

    const [entry] = await auditOf("ad.update", ad.id);
    expect(entry?.before).toMatchObject({ image: null, imageKey: null });
    expect(entry?.after).toMatchObject({ image: "image/webp", imageKey: await imageKeyOf(ad.id) });
  });

  it("writes each upload under a fresh key and deletes the replaced file after the commit", async () => {
    const ad = await createAd();
    const first = await putImage(admin.client, ad.id, await jpegWithGps({ width: 60, height: 20 }));
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = await imageKeyOf(ad.id);
    expect(firstKey).toMatch(new RegExp(`^ads/${ad.id}/[a-z0-9]+$`));
    // The URL's version is the key's: an edit that leaves the image alone leaves the URL alone.
    const firstUrl = first.json().imageUrl as string;
    expect(firstUrl).toBe(`/api/admin/ads/${ad.id}/image?v=${firstKey?.split("/").at(-1)}`);
    await admin.client.patch(`/api/admin/ads/${ad.id}`, { title: "Autre titre" });
    expect(await adminItem(ad.id)).toMatchObject({ imageUrl: firstUrl });

    const second = await putImage(
      admin.client,
      ad.id,
      await jpegWithGps({ width: 90, height: 30 }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const secondKey = await imageKeyOf(ad.id);
    expect(secondKey).toMatch(new RegExp(`^ads/${ad.id}/[a-z0-9]+$`));
    expect(secondKey).not.toBe(firstKey);
    expect(second.json().imageUrl).not.toBe(firstUrl);
    expect(await servedWidth(admin.client, second.json().imageUrl)).toBe(90);
    // The replaced file is gone; the audit names both.
    expect(await storedImageKeys(ad.id)).toEqual([secondKey]);
    const entries = await auditOf("ad.update", ad.id);
    const entry = entries.find((item) => item.after?.imageKey === secondKey);
    expect(entry?.before).toMatchObject({ imageKey: firstKey });
  });

  it("keeps the image in place when the transaction fails, and drops the new file", async () => {
    const ad = await createAd();
    const first = await putImage(admin.client, ad.id, await jpegWithGps({ width: 60, height: 20 }));
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = await imageKeyOf(ad.id);
    const audited = (await auditOf("ad.update", ad.id)).length;
    // The database refuses any change to this one ad: the upload's transaction fails.
    await test.db.execute(
      sql.raw(`create function fail_ad_update() returns trigger language plpgsql as $$
        begin raise exception 'refused by the test'; end $$`),
    );
    await test.db.execute(
      sql.raw(`create trigger fail_ad_update before update on ads for each row
        when (new.id = '${ad.id}') execute function fail_ad_update()`),
    );
    try {
      const failed = await putImage(
        admin.client,
        ad.id,
        await jpegWithGps({ width: 90, height: 30 }),
      );
      expect(failed.statusCode, failed.body).toBe(500);
    } finally {
      await test.db.execute(sql.raw("drop trigger fail_ad_update on ads"));
      await test.db.execute(sql.raw("drop function fail_ad_update()"));
    }
    // What is shown is still what the audit recorded, and nothing else is stored.
    expect(await imageKeyOf(ad.id)).toBe(firstKey);
    expect(await storedImageKeys(ad.id)).toEqual([firstKey]);
    expect(await servedWidth(admin.client, first.json().imageUrl)).toBe(60);
    expect(await auditOf("ad.update", ad.id)).toHaveLength(audited);
  });

  it("two uploads at once: the ad shows the image of the last audit entry, one file stays", async () => {
    const ad = await createAd();
    const [a, b] = await Promise.all([
      putImage(admin.client, ad.id, await jpegWithGps({ width: 70, height: 20 })),
      putImage(admin.client, ad.id, await jpegWithGps({ width: 110, height: 20 })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const key = await imageKeyOf(ad.id);
    expect(await storedImageKeys(ad.id)).toEqual([key]);
    // Both are audited, one after the other: the second replaced the first's file.
    const entries = await auditOf("ad.update", ad.id);
    expect(entries).toHaveLength(2);
    const last = entries.find((item) => item.after?.imageKey === key);
    const earlier = entries.find((item) => item !== last);
    expect(earlier?.before).toMatchObject({ imageKey: null });
    expect(last?.before).toMatchObject({ imageKey: earlier?.after?.imageKey });
    expect(earlier?.after?.imageKey).not.toBe(key);
    const shown = (await adminItem(ad.id))?.imageUrl as string;
    const width = await servedWidth(admin.client, shown);
    const bytes = (await localFileStore(filesDir).get(key ?? ""))?.size;
    expect(last?.after?.imageBytes).toBe(bytes);
    expect([70, 110]).toContain(width);
  });

  it("refuses what is not a JPEG, PNG or WebP image with AD_IMAGE_INVALID", async () => {
    const ad = await createAd();
    const gif = Buffer.from("R0lGODlhAQABAAAAACw=", "base64");
    const truncatedPng = (await pngImage()).subarray(0, 40);
    for (const bytes of [Buffer.from("not an image at all"), gif, truncatedPng]) {
      const response = await putImage(admin.client, ad.id, bytes);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe("AD_IMAGE_INVALID");
    }
    // A JSON body instead of a file, and a file in the wrong field.
    const json = await admin.client.put(`/api/admin/ads/${ad.id}/image`, { file: "aGVsbG8=" });
    expect(json.json().error).toBe("AD_IMAGE_INVALID");
    const body = multipart(await pngImage(), { field: "picture" });
    const wrongField = await test.app.inject({
      method: "PUT",
      url: `/api/admin/ads/${ad.id}/image`,
      headers: {
        origin: PUBLIC_URL,
        "content-type": body.contentType,
        cookie: [...admin.client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      payload: body.payload,
    });
    expect(wrongField.json().error).toBe("AD_IMAGE_INVALID");
    expect(await storedImageKeys(ad.id)).toEqual([]);
    expect(await adminItem(ad.id)).toMatchObject({ imageUrl: null, live: false });
    const missing = await putImage(
      admin.client,
      "00000000-0000-4000-8000-000000000000",
      await pngImage(),
    );
    expect(missing.statusCode).toBe(404);
  });

  it("refuses an upload over 5 MB", async () => {
    const ad = await createAd();
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const response = await putImage(admin.client, ad.id, big, "image/png");
    expect(response.statusCode, response.body).toBe(413);
  });
});

describe("what users are shown", () => {
  it("lists only active ads within their window that have an image, with public fields", async () => {
    const { client: user } = await signUp(test, uniqueUser("adsview"));
    const shown = await liveAd({ placement: "games", weight: 7, title: "Jouez" });
    const noImage = await createAd({ placement: "games" });
    const inactive = await liveAd({ placement: "games", active: false });
    const future = await liveAd({ placement: "games", startsAt: iso(HOUR), endsAt: iso(2 * HOUR) });
    const ended = await liveAd({
      placement: "games",
      startsAt: iso(-2 * HOUR),
      endsAt: iso(-HOUR),
    });
    const elsewhere = await liveAd({ placement: "dashboard" });

    const response = await user.get("/api/ads?placement=games");
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items as Record<string, unknown>[];
    const mine = items.find((ad) => ad.id === shown.id);
    expect(mine).toEqual({
      id: shown.id,
      title: "Jouez",
      linkUrl: "https://fre-partner.fr/packs",
      imageUrl: `/api/ads/${shown.id}/image?v=${(await imageKeyOf(shown.id))?.split("/").at(-1)}`,
      weight: 7,
    });
    const ids = items.map((ad) => ad.id);
    for (const hidden of [noImage, inactive, future, ended, elsewhere]) {
      expect(ids).not.toContain(hidden.id);
    }

    // The image is served while the ad is shown, then 404.
    const image = await user.get(mine?.imageUrl as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.headers["cache-control"]).toMatch(/max-age=\d+/);
    expect(image.headers["set-cookie"]).toBeUndefined();
    for (const hidden of [inactive, future, ended]) {
      expect((await user.get(`/api/ads/${hidden.id}/image`)).statusCode).toBe(404);
    }
    expect((await user.get(`/api/ads/${noImage.id}/image`)).statusCode).toBe(404);

    // Deactivated: gone from the list and its image at once.
    await admin.client.patch(`/api/admin/ads/${shown.id}`, { active: false });
    expect(await listed(user, "games")).not.toContain(shown.id);
    expect((await user.get(`/api/ads/${shown.id}/image`)).statusCode).toBe(404);
    // Within the window again once the clock reaches the future ad's start.
    test.clock.advance(HOUR);
    expect(await listed(user, "games")).toContain(future.id);
    test.clock.advance(-HOUR);
  });

  it("answers 401 to anonymous callers and 400 to an unknown placement", async () => {
    const ad = await liveAd();
    const anonymous = client(test);
    expect((await anonymous.get("/api/ads?placement=dashboard")).statusCode).toBe(401);
    expect((await anonymous.get(`/api/ads/${ad.id}/image`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/ads/${ad.id}/impression`)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/ads/${ad.id}/click`)).statusCode).toBe(401);
    const { client: user } = await signUp(test, uniqueUser("adsbad"));
    expect((await user.get("/api/ads?placement=sidebar")).statusCode).toBe(400);
    expect((await user.get("/api/ads")).statusCode).toBe(400);
    expect((await user.post("/api/ads/not-a-uuid/click")).statusCode).toBe(400);
  });
});

describe("counting", () => {
  it("adds impressions and clicks per ad and UTC day, naming nobody", async () => {
    const ad = await liveAd({ title: "Compteur" });
    const other = await liveAd({ title: "Autre" });
    const alice = await signUp(test, uniqueUser("adsalice"));
    const bob = await signUp(test, uniqueUser("adsbob"));

    const send = async (c: Client, id: string, event: string) => {
      const response = await c.post(`/api/ads/${id}/${event}`);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.headers["set-cookie"]).toBeUndefined();
    };
    await send(alice.client, ad.id, "impression");
    await send(alice.client, ad.id, "impression");
    await send(bob.client, ad.id, "impression");
    await send(bob.client, ad.id, "click");
    await send(alice.client, other.id, "impression");
    const today = test.clock.now().toISOString().slice(0, 10);

    // The next UTC day starts its own row.
    test.clock.advance(15 * 60_000);
    const tomorrow = test.clock.now().toISOString().slice(0, 10);
    expect(tomorrow).not.toBe(today);
    await send(alice.client, ad.id, "impression");
    await send(alice.client, ad.id, "click");
    await send(bob.client, ad.id, "click");

    const rows = await test.db.select().from(adDailyCounts);
    const mine = rows
      .filter((row) => row.adId === ad.id)
      .map((row) => ({ day: row.day, impressions: row.impressions, clicks: row.clicks }))
      .sort((a, b) => a.day.localeCompare(b.day));
    expect(mine).toEqual([
      { day: today, impressions: 3n, clicks: 1n },
      { day: tomorrow, impressions: 1n, clicks: 2n },
    ]);
    // The elevation may have lapsed with the clock: ask for it again.
    await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
    expect(await adminItem(ad.id)).toMatchObject({
      total: { impressions: 4, clicks: 3 },
      recent: { impressions: 4, clicks: 3 },
    });
    expect(await adminItem(other.id)).toMatchObject({ total: { impressions: 1, clicks: 0 } });

    // Nothing in the ads tables names a viewer.
    const everything = JSON.stringify(
      [...(await test.db.select().from(ads)), ...rows],
      (_key, value) => (typeof value === "bigint" ? value.toString() : value),
    );
    for (const viewer of [alice, bob]) {
      expect(everything).not.toContain(viewer.me.id);
      expect(everything).not.toContain(viewer.me.nickname);
      expect(everything).not.toContain(viewer.user.email);
    }

    // An ad users cannot see now counts nothing.
    await admin.client.patch(`/api/admin/ads/${other.id}`, { active: false });
    expect((await alice.client.post(`/api/ads/${other.id}/impression`)).statusCode).toBe(404);
    expect(
      (await alice.client.post("/api/ads/00000000-0000-4000-8000-000000000000/click")).statusCode,
    ).toBe(404);
  });

  it("keeps counts older than 30 days in the total only", async () => {
    const ad = await liveAd({ endsAt: iso(400 * 24 * HOUR) });
    const old = new Date(test.clock.now().getTime() - 45 * 24 * HOUR).toISOString().slice(0, 10);
    await test.db
      .insert(adDailyCounts)
      .values({ adId: ad.id, day: old, impressions: 50n, clicks: 5n });
    const { client: user } = await signUp(test, uniqueUser("adsold"));
    await user.post(`/api/ads/${ad.id}/impression`);
    expect(await adminItem(ad.id)).toMatchObject({
      total: { impressions: 51, clicks: 5 },
      recent: { impressions: 1, clicks: 0 },
    });
  });
});

describe("access", () => {
  it("refuses the admin routes to users (403) and non-elevated admins (403)", async () => {
    const ad = await createAd();
    const { client: user } = await signUp(test, uniqueUser("adsuser"));
    const { client: notElevated } = await promotedAdmin(test, "adsnoelev");
    for (const c of [user, notElevated]) {
      expect((await c.get("/api/admin/ads")).statusCode).toBe(403);
      expect((await c.post("/api/admin/ads", adBody())).statusCode).toBe(403);
      expect((await c.patch(`/api/admin/ads/${ad.id}`, { weight: 3 })).statusCode).toBe(403);
      expect((await c.delete(`/api/admin/ads/${ad.id}`)).statusCode).toBe(403);
      expect((await putImage(c, ad.id, await pngImage(), "image/png")).statusCode).toBe(403);
      expect((await c.get(`/api/admin/ads/${ad.id}/image`)).statusCode).toBe(403);
    }
    expect(await adminItem(ad.id)).toMatchObject({ weight: 10, imageUrl: null });
  });
});
