/**
 * The provably fair random stream (issue 14 §1): bytes are
 * HMAC_SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${round}`) for round 0, 1, 2 …
 * concatenated; each float takes the next 4 bytes as b0/256 + b1/256² + b2/256³ + b3/256⁴.
 * Pure and synchronous so the browser's verify page runs exactly the server's code.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export type Seeds = { serverSeed: string; clientSeed: string; nonce: number };

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** One HMAC block of 32 bytes. */
export const roundBytes = (seeds: Seeds, round: number): Uint8Array =>
  hmac(
    sha256,
    utf8ToBytes(seeds.serverSeed),
    utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`),
  );

/** The endless byte stream for one (server seed, client seed, nonce). */
export function* randomBytesStream(seeds: Seeds): Generator<number, never> {
  for (let round = 0; ; round++) yield* roundBytes(seeds, round);
}

const BYTES_PER_FLOAT = 4;

/** Float in [0, 1) from 4 bytes; exact in a double (32 significant bits). */
export const bytesToFloat = (b0: number, b1: number, b2: number, b3: number) =>
  b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4;

/** The first `count` floats of the stream (8 per HMAC round). */
export function gameFloats(seeds: Seeds, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError("Bad float count");
  const floats: number[] = [];
  for (let round = 0; floats.length < count; round++) {
    const bytes = roundBytes(seeds, round);
    for (let i = 0; i < bytes.length && floats.length < count; i += BYTES_PER_FLOAT) {
      floats.push(
        bytesToFloat(bytes[i] ?? 0, bytes[i + 1] ?? 0, bytes[i + 2] ?? 0, bytes[i + 3] ?? 0),
      );
    }
  }
  return floats;
}

/** Index in [0, n) from a float, as every rule uses it: floor(float × n). */
export const pickIndex = (float: number, n: number) => Math.floor(float * n);
