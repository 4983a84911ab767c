import sharp from "sharp";
import { AppError } from "../../lib/errors.ts";

// Identity documents must not linger in a process-wide cache once answered.
sharp.cache(false);

export type KycImageType = "image/jpeg" | "image/png" | "image/webp";

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * The image type from the file's first bytes (its name and declared type are the sender's
 * word): JPEG `FF D8 FF`, PNG's 8-byte signature, WebP `RIFF….WEBP`. Anything else is null —
 * GIF, PDF, SVG, HEIC and text among them.
 */
export function detectImageType(bytes: Uint8Array): KycImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return "image/webp";
  }
  return null;
}

/** Larger photos are scaled down to fit: a document stays readable well below this. */
const MAX_SIDE = 4000;
/** Decoding refuses bigger images (a small file can claim huge dimensions). */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * Decodes the photo and encodes it again in its own format: only pixels survive — no EXIF (GPS,
 * camera, date), XMP, IPTC or comment. The EXIF orientation is applied to the pixels first, so
 * the picture stays upright. A file that is not a readable JPEG, PNG or WebP is refused (415).
 */
export async function reencodeImage(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; contentType: KycImageType }> {
  const contentType = detectImageType(bytes);
  if (!contentType) throw new AppError("KYC_FILE_TYPE", 415);
  try {
    const image = sharp(bytes, {
      failOn: "error",
      limitInputPixels: MAX_INPUT_PIXELS,
      animated: false,
    })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      contentType === "image/jpeg"
        ? image.jpeg({ quality: 90 })
        : contentType === "image/png"
          ? image.png({ compressionLevel: 6 })
          : image.webp({ quality: 90 });
    const output = await encoded.toBuffer();
    return { bytes: new Uint8Array(output), contentType };
  } catch {
    throw new AppError("KYC_FILE_TYPE", 415);
  }
}
