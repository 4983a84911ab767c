import type Sharp from "sharp";

/** sharp (libvips, ~25 MB resident) loaded at the first picture, not at boot (decision 0055). */
let loaded: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // Uploaded pictures (identity documents among them) must not linger in a process-wide cache.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
};

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

/**
 * The image type from the file's first bytes (its name and declared type are the sender's
 * word): JPEG `FF D8 FF`, PNG's 8-byte signature, WebP `RIFF….WEBP`. Anything else is null —
 * GIF, PDF, SVG, HEIC and text among them.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
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

/** Not a readable JPEG, PNG or WebP (or bigger than allowed): each caller names its own error. */
export class UnreadableImageError extends Error {
  constructor() {
    super("Unreadable image");
    this.name = "UnreadableImageError";
  }
}

export interface ReencodeOptions {
  /** Larger pictures are scaled down to fit this box. */
  maxSide: number;
  /** Decoding refuses bigger images (a small file can claim huge dimensions). */
  maxInputPixels: number;
  /** "same": the input's own format; "webp": always WebP (alpha kept, small). */
  output: "same" | "webp";
}

/**
 * Decodes the picture and encodes it again: only pixels survive — no EXIF (GPS, camera, date),
 * XMP, IPTC, ICC or comment. The EXIF orientation is applied to the pixels first, so the picture
 * stays upright. Anything that is not a readable JPEG, PNG or WebP throws UnreadableImageError.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  options: ReencodeOptions,
): Promise<{ bytes: Uint8Array; contentType: ImageType }> {
  const detected = detectImageType(bytes);
  if (!detected) throw new UnreadableImageError();
  const contentType: ImageType = options.output === "webp" ? "image/webp" : detected;
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, {
      failOn: "error",
      limitInputPixels: options.maxInputPixels,
      animated: false,
    })
      .rotate()
      .resize({
        width: options.maxSide,
        height: options.maxSide,
        fit: "inside",
        withoutEnlargement: true,
      });
    const encoded =
      contentType === "image/jpeg"
        ? image.jpeg({ quality: 90 })
        : contentType === "image/png"
          ? image.png({ compressionLevel: 6 })
          : image.webp({ quality: 90 });
    const output = await encoded.toBuffer();
    return { bytes: new Uint8Array(output), contentType };
  } catch {
    throw new UnreadableImageError();
  }
}
