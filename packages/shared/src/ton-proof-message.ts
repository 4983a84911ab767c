// TON Connect's ton_proof signing scheme (ton-connect/docs, requests-responses.md, "Address proof
// signature"). No Node-only import: the server verifies with it and the dev wallet in the page
// signs with it, each bringing its own sha256 and ed25519.

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const ITEM_PREFIX = utf8("ton-proof-item-v2/");
const CONNECT_PREFIX = utf8("ton-connect");

/** What a ton_proof signature covers. */
export interface TonProofMessageParts {
  /** Workchain of the wallet (0 or -1). */
  workchain: number;
  /** The 32-byte account id of the wallet's address. */
  addressHash: Uint8Array;
  /** The dapp's host as the wallet saw it, e.g. `fre.example` or `localhost:5173`. */
  domain: string;
  /** Unix seconds when the wallet signed. */
  timestamp: number;
  /** The server's challenge, signed as its UTF-8 bytes, exactly as given. */
  payload: string;
}

export type Sha256 = (data: Uint8Array) => Uint8Array;
/** WebCrypto's digest is asynchronous. */
export type AsyncSha256 = (data: Uint8Array) => Promise<Uint8Array>;

/**
 * message = "ton-proof-item-v2/" ++ workchain (int32 BE) ++ address hash ++ domain length
 * (uint32 LE) ++ domain ++ timestamp (uint64 LE) ++ payload
 */
export function tonProofMessage(parts: TonProofMessageParts): Uint8Array {
  if (parts.addressHash.length !== 32) throw new TypeError("Address hash must be 32 bytes");
  if (!Number.isSafeInteger(parts.timestamp) || parts.timestamp < 0) {
    throw new TypeError("Timestamp must be a non-negative integer of seconds");
  }
  const domain = utf8(parts.domain);
  const workchain = new Uint8Array(4);
  new DataView(workchain.buffer).setInt32(0, parts.workchain, false);
  const domainLength = new Uint8Array(4);
  new DataView(domainLength.buffer).setUint32(0, domain.length, true);
  const timestamp = new Uint8Array(8);
  new DataView(timestamp.buffer).setBigUint64(0, BigInt(parts.timestamp), true);
  return concatBytes(
    ITEM_PREFIX,
    workchain,
    parts.addressHash,
    domainLength,
    domain,
    timestamp,
    utf8(parts.payload),
  );
}

/** What the final hash covers: 0xffff ++ "ton-connect" ++ sha256(message). */
const signedEnvelope = (messageHash: Uint8Array) =>
  concatBytes(new Uint8Array([0xff, 0xff]), CONNECT_PREFIX, messageHash);

/** The 32 bytes the wallet's key signs: sha256(0xffff ++ "ton-connect" ++ sha256(message)). */
export function tonProofDigest(parts: TonProofMessageParts, sha256: Sha256): Uint8Array {
  return sha256(signedEnvelope(sha256(tonProofMessage(parts))));
}

/** `tonProofDigest` with an asynchronous sha256 (WebCrypto in the browser). */
export async function tonProofDigestAsync(
  parts: TonProofMessageParts,
  sha256: AsyncSha256,
): Promise<Uint8Array> {
  return sha256(signedEnvelope(await sha256(tonProofMessage(parts))));
}
