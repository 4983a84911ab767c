/** Shared pieces of the KYC suites: real image bytes, multipart uploads, a complete request. */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import { type Client, createTestApp, PUBLIC_URL, type TestApp, useApp } from "./helpers.ts";

export const DATA_KEY = randomBytes(32).toString("hex");

/** The app with its own data key and a private files folder (removed by `close`). */
export async function createKycApp(config: Record<string, string> = {}) {
  const filesDir = await fs.mkdtemp(join(tmpdir(), "fre-kyc-files-"));
  const test = await createTestApp({
    config: { DATA_ENCRYPTION_KEY: DATA_KEY, FILES_URL: filesDir, ...config },
  });
  return {
    ...test,
    filesDir,
    async close() {
      await test.close();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** `useTestApp` for the KYC app: opened in beforeAll, books checked and closed in afterAll. */
export const useKycApp = (config: Record<string, string> = {}) =>
  useApp(() => createKycApp(config));

/** A marker written into the EXIF of test photos: it must never come back. */
export const EXIF_MARKER = "FRE-EXIF-MARKER-4242";

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

/** A JPEG carrying EXIF with an artist marker and GPS coordinates (and an orientation). */
export async function jpegWithGps(
  options: { width?: number; height?: number; orientation?: number } = {},
) {
  const image = canvas(options.width ?? 64, options.height ?? 48).jpeg();
  if (options.orientation) image.withMetadata({ orientation: options.orientation });
  return image
    .withExif({
      IFD0: { Artist: EXIF_MARKER, Make: "FRE Phone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 700/100",
      },
    })
    .toBuffer();
}

export const pngImage = () => canvas(40, 30).png().toBuffer();
export const webpImage = () => canvas(40, 30).webp().toBuffer();

export function multipart(
  bytes: Buffer,
  options: { field?: string; filename?: string; type?: string } = {},
) {
  const boundary = `----fre${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "file"}"; ` +
      `filename="${options.filename ?? "photo.jpg"}"\r\nContent-Type: ${options.type ?? "image/jpeg"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const cookieOf = (jar: Map<string, string> | null) =>
  jar && jar.size > 0 ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {};

/** `POST /api/kyc/files/:slot` as this session (null: anonymous). */
export function upload(
  test: Pick<TestApp, "app">,
  jar: Map<string, string> | null,
  slot: string,
  bytes: Buffer,
  options: Parameters<typeof multipart>[1] & { language?: string } = {},
) {
  const body = multipart(bytes, options);
  return test.app.inject({
    method: "POST",
    url: `/api/kyc/files/${slot}`,
    headers: {
      origin: PUBLIC_URL,
      "content-type": body.contentType,
      ...(options.language ? { "accept-language": options.language } : {}),
      ...cookieOf(jar),
    },
    payload: body.payload,
  });
}

/** A GET as this session, raw (for the admin's file route). */
export function getAs(test: Pick<TestApp, "app">, jar: Map<string, string> | null, url: string) {
  return test.app.inject({ method: "GET", url, headers: cookieOf(jar) });
}

export const identity = {
  firstName: "Jeanne-Marie",
  lastName: "D'Arcy",
  dateOfBirth: "1990-04-12",
  nationality: "fr",
  phoneNumber: "+33 6 12 34 56 78",
};
export const address = {
  address: "12 rue de la Paix",
  city: "Paris",
  postalCode: "75002",
  country: "FR",
};

/** Saves every step and uploads the photos the document needs (all three but for a passport). */
export async function completeRequest(
  test: Pick<TestApp, "app">,
  c: Client,
  documentType: "passport" | "id_card" | "driving_license" = "id_card",
) {
  for (const [url, body] of [
    ["/api/kyc/identity", identity],
    ["/api/kyc/address", address],
    ["/api/kyc/documents", { documentType, documentNumber: "ab 123456" }],
  ] as const) {
    const saved = await c.put(url, body);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const slots = documentType === "passport" ? ["front", "selfie"] : ["front", "back", "selfie"];
  for (const slot of slots) {
    const uploaded = await upload(test, c.jar, slot, await jpegWithGps());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  }
}
