/**
 * KYC documents are private (issue 13, point 2): the type comes from the bytes, the photo is
 * re-encoded without its metadata, encrypted at rest (fields and files, local folder and S3),
 * and read back only by an elevated admin, each view recorded.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "../src/app.ts";
import { kycFiles, kycFileViews, kycRequests } from "../src/db/schema/index.ts";
import {
  appOnDatabase,
  elevatedAdmin,
  expectLedgerBalanced,
  freshDatabase,
  promotedAdmin,
  signUp,
  testConfig,
  uniqueUser,
  useApp,
} from "./helpers.ts";
import {
  address,
  completeRequest,
  createKycApp,
  DATA_KEY,
  EXIF_MARKER,
  getAs,
  identity,
  jpegWithGps,
  pngImage,
  upload,
  webpImage,
} from "./kyc-fixtures.ts";
import { type S3Fake, startS3Fake } from "./s3-fake.ts";

/** The app with its log captured (the document views are logged), a data key and a folder. */
async function createLoggedApp(config: Record<string, string> = {}) {
  const filesDir = await fs.mkdtemp(join(tmpdir(), "fre-kyc-files-"));
  const lines: Record<string, unknown>[] = [];
  const appConfig = testConfig({ DATA_ENCRYPTION_KEY: DATA_KEY, FILES_URL: filesDir, ...config });
  const test = await appOnDatabase(await freshDatabase(), {
    config: { DATA_ENCRYPTION_KEY: DATA_KEY, FILES_URL: filesDir, ...config },
    logger: {
      ...(loggerOptions(appConfig) as object),
      level: "info",
      stream: { write: (line: string) => lines.push(JSON.parse(line)) },
    },
  });
  return {
    ...test,
    filesDir,
    lines,
    async close() {
      await test.close();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

const test = useApp(() => createLoggedApp());

/** Every stored data file below a folder. */
async function storedBlobs(root: string) {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(
    entries
      .filter((e) => e.isFile() && e.name.endsWith(".bin"))
      .map((e) => fs.readFile(join(e.parentPath, e.name))),
  );
}

const IMAGE_MAGIC = [
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  Buffer.from("RIFF"),
];
/** Encrypted bytes: no image signature, no image marker, no metadata or personal text. */
function expectOpaque(bytes: Buffer) {
  for (const magic of IMAGE_MAGIC)
    expect(bytes.subarray(0, magic.length).equals(magic)).toBe(false);
  for (const text of ["JFIF", "Exif", "WEBP", "IHDR", EXIF_MARKER]) {
    expect(bytes.includes(Buffer.from(text))).toBe(false);
  }
}

describe("uploads", () => {
  it("strips EXIF and GPS: the photo an admin opens has pixels only", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    // The test photo does carry what must go: the marker and a GPS block (tag 0x8825).
    expect(before.exif?.includes(EXIF_MARKER)).toBe(true);
    const gpsPointer = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])]; // either byte order
    expect(gpsPointer.some((tag) => before.exif?.includes(tag))).toBe(true);
    expect(before.exif?.includes(Buffer.from("FRE Phone"))).toBe(true);

    const { client: c, me } = await signUp(test(), uniqueUser("kycexif"));
    const uploaded = await upload(test(), c.jar, "front", original, { filename: "IMG_0001.jpg" });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    const boss = await elevatedAdmin(test(), "kycexifboss");
    const read = await getAs(test(), boss.client.jar, `/api/admin/kyc/${me.id}/files/front`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers["content-type"]).toBe("image/jpeg");
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.headers["x-content-type-options"]).toBe("nosniff");
    const bytes = read.rawPayload;
    expect(bytes.length).toBe(uploaded.json().size);
    const after = await sharp(bytes).metadata();
    expect([after.format, after.width, after.height]).toEqual(["jpeg", 64, 48]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(bytes.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
    expect(bytes.includes(Buffer.from("FRE Phone"))).toBe(false);
  });

  it("applies the EXIF orientation to the pixels before dropping it", async () => {
    const { client: c, me } = await signUp(test(), uniqueUser("kycrot"));
    const sideways = await jpegWithGps({ width: 64, height: 48, orientation: 6 });
    expect((await upload(test(), c.jar, "selfie", sideways)).statusCode).toBe(201);
    const boss = await elevatedAdmin(test(), "kycrotboss");
    const read = await getAs(test(), boss.client.jar, `/api/admin/kyc/${me.id}/files/selfie`);
    const after = await sharp(read.rawPayload).metadata();
    expect([after.width, after.height, after.orientation]).toEqual([48, 64, undefined]);
  });

  it("accepts PNG and WebP, typed from their bytes whatever the name says", async () => {
    const { client: c, me } = await signUp(test(), uniqueUser("kycfmt"));
    const png = await upload(test(), c.jar, "front", await pngImage(), {
      filename: "scan.jpg",
      type: "image/jpeg",
    });
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().contentType).toBe("image/png");
    const webp = await upload(test(), c.jar, "back", await webpImage(), {
      filename: "x.bin",
      type: "application/octet-stream",
    });
    expect(webp.json()).toMatchObject({ slot: "back", contentType: "image/webp" });
    const boss = await elevatedAdmin(test(), "kycfmtboss");
    const read = await getAs(test(), boss.client.jar, `/api/admin/kyc/${me.id}/files/back`);
    expect(read.headers["content-type"]).toBe("image/webp");
    expect((await sharp(read.rawPayload).metadata()).format).toBe("webp");
  });

  it("refuses anything but a readable JPEG, PNG or WebP with 415, storing nothing", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kyc415"), {}, { language: "en" });
    const jpeg = await jpegWithGps();
    const gif = await sharp({
      create: { width: 4, height: 4, channels: 3, background: "#fff" },
    })
      .gif()
      .toBuffer();
    const disguised: [string, Buffer][] = [
      ["pdf", Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")],
      ["gif", gif],
      ["text", Buffer.from("just some text pretending to be a photo")],
      ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>')],
      ["truncated jpeg", jpeg.subarray(0, 40)],
      ["jpeg header, garbage after", Buffer.concat([jpeg.subarray(0, 3), randomBytes(2000)])],
    ];
    const blobsBefore = (await storedBlobs(test().filesDir)).length;
    for (const [what, bytes] of disguised) {
      const refused = await upload(test(), c.jar, "front", bytes, { language: "en" });
      expect(refused.statusCode, what).toBe(415);
      expect(refused.json()).toEqual({
        error: "KYC_FILE_TYPE",
        message: "This file is not an accepted photo: upload a JPEG, PNG or WebP image.",
      });
    }
    expect((await storedBlobs(test().filesDir)).length).toBe(blobsBefore);
    expect((await c.get("/api/kyc")).json().draft.files).toEqual([]);
  });

  it("refuses a photo over 10 MB (413) and a request without a photo (400)", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycbig"));
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(test(), c.jar, "front", big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      error: "KYC_FILE_TOO_LARGE",
      message: "La photo dépasse 10 Mo. Envoyez une image plus légère.",
    });
    const jpeg = await jpegWithGps();
    const wrongField = await upload(test(), c.jar, "front", jpeg, { field: "photo" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe("KYC_FILE_REQUIRED");
    const json = await c.post("/api/kyc/files/front", { file: "aGVsbG8=" });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe("KYC_FILE_REQUIRED");
    const empty = await upload(test(), c.jar, "front", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    const badSlot = await upload(test(), c.jar, "passport", jpeg);
    expect(badSlot.statusCode).toBe(400);
    expect((await c.get("/api/kyc")).json().draft.files).toEqual([]);
  });

  it("replaces a slot's photo and deletes the previous file", async () => {
    const { db } = test();
    const { client: c, me } = await signUp(test(), uniqueUser("kycrepl"));
    await upload(test(), c.jar, "front", await jpegWithGps({ width: 30 }));
    const [first] = await db
      .select({ key: kycFiles.storageKey })
      .from(kycFiles)
      .where(eq(kycFiles.userId, me.id));
    expect(await fileExists(first!.key)).toBe(true);
    await upload(test(), c.jar, "front", await jpegWithGps({ width: 50 }));
    const rows = await db
      .select({ key: kycFiles.storageKey })
      .from(kycFiles)
      .where(eq(kycFiles.userId, me.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).not.toBe(first!.key);
    expect(await fileExists(first!.key)).toBe(false);
    expect(await fileExists(rows[0]!.key)).toBe(true);
    // Random keys: nothing in the store names the user.
    expect(rows[0]!.key).toMatch(/^kyc\/[0-9a-f]{32}$/);
    expect(rows[0]!.key).not.toContain(me.id);
  });

  it("limits uploads per user (20 an hour)", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kyclimit"));
    const text = Buffer.from("not an image");
    for (let i = 0; i < 20; i++) {
      expect((await upload(test(), c.jar, "front", text)).statusCode).toBe(415);
    }
    const limited = await upload(test(), c.jar, "front", text);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("RATE_LIMITED");
  });
});

async function fileExists(key: string) {
  return fs
    .stat(join(test().filesDir, `${key}.json`))
    .then(() => true)
    .catch(() => false);
}

describe("encryption at rest", () => {
  it("keeps no readable field in the database and no readable image on disk", async () => {
    const { db } = test();
    const { client: c, me } = await signUp(test(), uniqueUser("kycrest"));
    await completeRequest(test(), c);
    const [row] = await db
      .select({
        identity: kycRequests.identitySealed,
        address: kycRequests.addressSealed,
        document: kycRequests.documentSealed,
      })
      .from(kycRequests)
      .where(eq(kycRequests.userId, me.id));
    const raw = JSON.stringify(row);
    for (const clear of [
      identity.firstName,
      "Arcy",
      "1990-04-12",
      "612345678",
      address.address,
      address.city,
      address.postalCode,
      "123456",
      "id_card",
    ]) {
      expect(raw).not.toContain(clear);
    }
    for (const sealed of Object.values(row!)) {
      const bytes = Buffer.from(sealed!, "base64");
      expect(bytes[0]).toBe(2); // format version (decision 0054)
      expect(bytes.length).toBeGreaterThan(37); // version, key id, IV, tag, then the data
    }
    // The whole table, as a dump would show it.
    const dump = await db.execute(sql`select * from kyc_requests`);
    expect(JSON.stringify(dump)).not.toContain("Jeanne");

    const blobs = await storedBlobs(test().filesDir);
    expect(blobs.length).toBeGreaterThanOrEqual(3);
    for (const blob of blobs) expectOpaque(blob);
  });

  it("works the same on an S3-compatible bucket: only ciphertext leaves the server", async () => {
    const s3: S3Fake = await startS3Fake();
    const onS3 = await createKycApp({ FILES_URL: s3.filesUrl });
    try {
      const { client: c, me } = await signUp(onS3, uniqueUser("kycs3"));
      await completeRequest(onS3, c, "passport");
      expect(s3.objects.size).toBe(2);
      for (const object of s3.objects.values()) {
        expectOpaque(object.body);
        expect(object.contentType).toBe("application/octet-stream");
      }
      const boss = await elevatedAdmin(onS3, "kycs3boss");
      const read = await getAs(onS3, boss.client.jar, `/api/admin/kyc/${me.id}/files/selfie`);
      expect(read.statusCode, read.body).toBe(200);
      const picture = await sharp(read.rawPayload).metadata();
      expect([picture.format, picture.exif]).toEqual(["jpeg", undefined]);
      // A replaced photo's object is deleted from the bucket.
      await upload(onS3, c.jar, "selfie", await jpegWithGps({ width: 20 }));
      expect(s3.objects.size).toBe(2);
      expect(s3.requests.filter((r) => r.status === 403)).toEqual([]);
      await expectLedgerBalanced(onS3);
    } finally {
      await onS3.close();
      await s3.close();
    }
  });

  it("cannot be read with another key", async () => {
    const { client: c, me } = await signUp(test(), uniqueUser("kyckey"));
    await c.put("/api/kyc/identity", identity);
    // The same database and folder behind a server with another key: nothing decrypts.
    const other = await buildApp(
      testConfig({
        DATA_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        FILES_URL: test().filesDir,
      }),
      { database: test().database, clock: test().clock },
    );
    try {
      await other.app.ready();
      const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const read = await other.app.inject({ url: "/api/kyc", headers: { cookie } });
      expect(read.statusCode).toBe(500);
      expect(read.body).not.toContain(identity.firstName);
      const admin = await getAs(
        { app: other.app },
        (await elevatedAdmin(test(), "kyckeyboss")).client.jar,
        `/api/admin/kyc/${me.id}`,
      );
      expect(admin.statusCode).toBe(500);
    } finally {
      await other.app.close();
    }
    expect((await c.get("/api/kyc")).json().draft.identity.firstName).toBe(identity.firstName);
  });
});

describe("reading documents", () => {
  it("is for elevated admins only: others get 401 or 403, the owner too", async () => {
    const { client: owner, me } = await signUp(test(), uniqueUser("kycown"));
    await upload(test(), owner.jar, "front", await jpegWithGps());
    const other = await signUp(test(), uniqueUser("kycother"));
    const admin = await promotedAdmin(test(), "kycplainadmin");
    const url = `/api/admin/kyc/${me.id}/files/front`;
    expect((await getAs(test(), null, url)).statusCode).toBe(401);
    for (const jar of [owner.jar, other.client.jar, admin.client.jar]) {
      const refused = await getAs(test(), jar, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers["content-type"]).toContain("application/json");
    }
    // No other route serves a document: the user's own view is metadata only.
    const own = await owner.get("/api/kyc");
    expect(own.body).not.toContain("/files/");
    expect((await getAs(test(), owner.jar, "/api/kyc/files/front")).statusCode).toBe(404);

    const boss = await elevatedAdmin(test(), "kycreader");
    expect((await getAs(test(), boss.client.jar, url)).statusCode).toBe(200);
    const missing = await getAs(test(), boss.client.jar, `/api/admin/kyc/${me.id}/files/back`);
    expect(missing.statusCode).toBe(404);
    expect(
      (await getAs(test(), boss.client.jar, `/api/admin/kyc/${me.id}/files/x`)).statusCode,
    ).toBe(400);
  });

  it("records every view with the admin, in the table and the log, without personal data", async () => {
    const { db } = test();
    const { client: c, me, user } = await signUp(test(), uniqueUser("kyclog"));
    await completeRequest(test(), c);
    const boss = await elevatedAdmin(test(), "kyclogboss");
    const bossId = boss.me.id;
    test().lines.length = 0;
    for (const slot of ["front", "selfie", "front"]) {
      const read = await getAs(test(), boss.client.jar, `/api/admin/kyc/${me.id}/files/${slot}`);
      expect(read.statusCode).toBe(200);
    }
    const views = await db
      .select({ adminId: kycFileViews.adminId, slot: kycFileViews.slot })
      .from(kycFileViews)
      .where(eq(kycFileViews.userId, me.id));
    expect(views.map((v) => [v.adminId, v.slot]).sort()).toEqual(
      [
        [bossId, "front"],
        [bossId, "front"],
        [bossId, "selfie"],
      ].sort(),
    );
    // A refused read is not a view.
    await getAs(test(), c.jar, `/api/admin/kyc/${me.id}/files/back`);
    const logged = test().lines.filter((l) => l.msg === "kyc document viewed");
    expect(logged.map((l) => [l.adminId, l.userId, l.slot])).toEqual([
      [bossId, me.id, "front"],
      [bossId, me.id, "selfie"],
      [bossId, me.id, "front"],
    ]);
    const everything = JSON.stringify(test().lines);
    for (const personal of [user.email, identity.firstName, "Arcy", address.city]) {
      expect(everything).not.toContain(personal);
    }
    expect(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(kycFileViews)
          .where(eq(kycFileViews.userId, me.id))
      )[0]?.n,
    ).toBe(3);
  });
});
