// ed25519 and sha256 from Node's crypto: the server's half of the ton_proof primitives.

import { createHash, createPrivateKey, createPublicKey, sign, verify } from "node:crypto";

// DER headers of an Ed25519 SubjectPublicKeyInfo and PKCS#8 private key (RFC 8410), to which
// the raw 32-byte key is appended.
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash("sha256").update(data).digest());
}

/** False for a wrong signature and for a key or signature that is not a valid encoding. */
export function ed25519Verify(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([SPKI_PREFIX, publicKey]),
      format: "der",
      type: "spki",
    });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

/**
 * Accepts the 32-byte seed or tweetnacl's 64-byte secret key (seed ++ public key, whose public
 * half must match the seed).
 */
export function ed25519Sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const seed = seedOf(secretKey);
  return new Uint8Array(sign(null, message, privateKeyFromSeed(seed)));
}

export function ed25519PublicKey(secretKey: Uint8Array): Uint8Array {
  const spki = createPublicKey(privateKeyFromSeed(seedOf(secretKey))).export({
    format: "der",
    type: "spki",
  });
  return new Uint8Array(spki.subarray(SPKI_PREFIX.length));
}

function seedOf(secretKey: Uint8Array): Uint8Array {
  if (secretKey.length === 32) return secretKey;
  if (secretKey.length === 64) {
    const seed = secretKey.subarray(0, 32);
    const derived = ed25519PublicKey(seed);
    if (!Buffer.from(derived).equals(Buffer.from(secretKey.subarray(32)))) {
      throw new TypeError("The secret key's public half does not match its seed");
    }
    return seed;
  }
  throw new TypeError("An ed25519 secret key is a 32-byte seed or a 64-byte seed ++ public key");
}

function privateKeyFromSeed(seed: Uint8Array) {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
}
