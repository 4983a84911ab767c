import { createHash, createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gameFloats, randomBytesStream, type Seeds, sha256Hex } from "./fair.ts";

/** Independent reference: node:crypto HMAC blocks, read as big-endian 32-bit words / 2^32. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const out: number[] = [];
  let round = 0;
  while (out.length < count) {
    const block = createHmac("sha256", Buffer.from(serverSeed, "utf8"))
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    for (let offset = 0; offset < 32 && out.length < count; offset += 4) {
      out.push(block.readUInt32BE(offset) / 2 ** 32);
    }
    round += 1;
  }
  return out;
}

const seedsArbitrary = fc.record({
  serverSeed: fc.string({ minLength: 1, maxLength: 64 }),
  clientSeed: fc.string({ minLength: 1, maxLength: 64 }),
  nonce: fc.nat({ max: 1_000_000_000 }),
});

describe("provably fair stream", () => {
  it("matches vectors computed outside the code with `openssl dgst -sha256 -hmac`", () => {
    // printf 'client:1:0' | openssl dgst -sha256 -hmac aaaa…(64 a) → 4a8a4b1e…
    expect(gameFloats({ serverSeed: "a".repeat(64), clientSeed: "client", nonce: 1 }, 1)).toEqual([
      0x4a8a4b1e / 2 ** 32,
    ]);
    // printf 'my-client-seed:7:1' | openssl dgst -sha256 -hmac server-seed-1 → b5bfc6c5 5449…
    // The 9th and 10th floats are the first two of round 1.
    const floats = gameFloats(
      { serverSeed: "server-seed-1", clientSeed: "my-client-seed", nonce: 7 },
      10,
    );
    expect(floats.slice(8)).toEqual([0xb5bfc6c5 / 2 ** 32, 0x549e3c51 / 2 ** 32]);
  });

  it("hashes like openssl and node:crypto", () => {
    expect(sha256Hex("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(sha256Hex("é🎲")).toBe(createHash("sha256").update("é🎲", "utf8").digest("hex"));
  });

  it("equals the node:crypto reference for any seeds and counts across rounds", () => {
    fc.assert(
      fc.property(seedsArbitrary, fc.integer({ min: 0, max: 40 }), (seeds: Seeds, count) => {
        expect(gameFloats(seeds, count)).toEqual(
          referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, count),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("streams the same bytes as the reference, 32 per round", () => {
    const seeds = { serverSeed: "s", clientSeed: "c", nonce: 3 };
    const stream = randomBytesStream(seeds);
    const bytes = Array.from({ length: 70 }, () => stream.next().value);
    const reference = [0, 1, 2].flatMap((round) => [
      ...createHmac("sha256", "s").update(`c:3:${round}`).digest(),
    ]);
    expect(bytes).toEqual(reference.slice(0, 70));
  });

  it("keeps floats in [0, 1) and changes them with the nonce", () => {
    fc.assert(
      fc.property(seedsArbitrary, (seeds) => {
        const floats = gameFloats(seeds, 8);
        expect(floats.every((f) => f >= 0 && f < 1)).toBe(true);
        expect(gameFloats({ ...seeds, nonce: seeds.nonce + 1 }, 8)).not.toEqual(floats);
      }),
      { numRuns: 100 },
    );
  });

  it("refuses a bad count", () => {
    expect(() => gameFloats({ serverSeed: "s", clientSeed: "c", nonce: 0 }, -1)).toThrow(
      RangeError,
    );
    expect(() => gameFloats({ serverSeed: "s", clientSeed: "c", nonce: 0 }, 1.5)).toThrow(
      RangeError,
    );
  });
});
