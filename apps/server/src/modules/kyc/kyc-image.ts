import { AppError } from "../../lib/errors.ts";
import {
  detectImageType,
  type ImageType,
  reencodeImage as reencode,
} from "../../lib/image-reencode.ts";

export type KycImageType = ImageType;
export { detectImageType };

/** Larger photos are scaled down to fit: a document stays readable well below this. */
const MAX_SIDE = 4000;
/** Decoding refuses bigger images (a small file can claim huge dimensions). */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * The photo decoded and encoded again in its own format (lib/image-reencode.ts): only pixels
 * survive, upright. A file that is not a readable JPEG, PNG or WebP is refused (415).
 */
export async function reencodeImage(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; contentType: KycImageType }> {
  try {
    return await reencode(bytes, {
      maxSide: MAX_SIDE,
      maxInputPixels: MAX_INPUT_PIXELS,
      output: "same",
    });
  } catch {
    throw new AppError("KYC_FILE_TYPE", 415);
  }
}
