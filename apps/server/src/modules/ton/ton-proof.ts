import { tonProofDigest } from "@fre/shared";
import { Cell, loadStateInit, type StateInit } from "@ton/core";
import { type ParsedTonAddress, type TonNetwork, tryParseTonAddress } from "./address.ts";
import { equalBytes, fromHex, toHex, utf8 } from "./bytes.ts";
import { ed25519Verify, sha256 } from "./ed25519.ts";
import { type WalletVersion, walletPublicKey } from "./wallet-contracts.ts";

/** The body TON's reference backend (ton-connect demo dapp, `/ton-proof/check-proof`) takes. */
export interface TonProofRequest {
  /** The wallet's address, raw (`0:<hex>`, what TON Connect sends) or user-friendly. */
  address: string;
  network: TonNetwork;
  /** Hex ed25519 public key the wallet reports. */
  public_key: string;
  proof: {
    /** Unix seconds when the wallet signed. */
    timestamp: number;
    domain: { lengthBytes: number; value: string };
    /** The server's challenge, as issued. */
    payload: string;
    /** Base64 ed25519 signature. */
    signature: string;
    /** Base64 BOC of the wallet's StateInit; without it the key comes from `getPublicKey`. */
    state_init?: string | null;
  };
}

/** Why a proof was refused; stable identifiers, translated by the caller. */
export type TonProofFailure =
  /** Missing or ill-typed field, bad encoding, unsupported network, unreadable state init. */
  | "malformed_input"
  /** Signed for a domain not in `allowedDomains`, or `lengthBytes` disagrees with the domain. */
  | "foreign_domain"
  /** Signed more than `maxAgeSeconds` ago. */
  | "timestamp_expired"
  /** Signed later than now, beyond the allowed clock skew. */
  | "timestamp_in_future"
  /** The address is not the hash of the given state init. */
  | "address_mismatch"
  /** The wallet's actual key (state init or chain) is not the `public_key` sent. */
  | "public_key_mismatch"
  /** Not a wallet whose key FRE can read, and the chain does not give one. */
  | "unknown_wallet"
  /** The signature does not verify over the proof's fields with the wallet's key. */
  | "bad_signature";

export const TON_PROOF_FAILURES: readonly TonProofFailure[] = [
  "malformed_input",
  "foreign_domain",
  "timestamp_expired",
  "timestamp_in_future",
  "address_mismatch",
  "public_key_mismatch",
  "unknown_wallet",
  "bad_signature",
];

export type TonProofVerification =
  | {
      ok: true;
      /** Hex public key of the wallet (equal to the request's `public_key`, lower case). */
      publicKey: string;
      /** Canonical raw address `0:<64 hex>`. */
      address: string;
      /** Which standard wallet the state init showed; null when the key came from the chain. */
      wallet: WalletVersion | null;
    }
  | { ok: false; reason: TonProofFailure };

export interface VerifyTonProofOptions {
  now: Date;
  /** Hosts the proof may be signed for, exactly as the wallet writes them (`host[:port]`). */
  allowedDomains: readonly string[];
  maxAgeSeconds: number;
  /** How far in the future a timestamp may be (wallet clocks drift). Default 60 s. */
  maxFutureSkewSeconds?: number;
  /**
   * The key of a deployed wallet (its `get_public_key` get-method): 64 hex chars, 32 bytes or
   * the get-method's integer; null when the contract is not deployed or has no such method. Consulted only when the state init is
   * missing or is not a standard wallet. Its errors (chain down) propagate.
   */
  getPublicKey?: (rawAddress: string) => Promise<string | Uint8Array | bigint | null>;
}

const NETWORKS: readonly string[] = ["-239", "-3"];
const MAX_DOMAIN_BYTES = 300;
const MAX_PAYLOAD_BYTES = 1024;
const MAX_STATE_INIT_CHARS = 8192;
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;
const PUBLIC_KEY_HEX = /^[0-9a-fA-F]{64}$/;
const DEFAULT_FUTURE_SKEW_SECONDS = 60;

/**
 * Checks a TON Connect `ton_proof` (TON Connect's published scheme): the domain is ours, the
 * timestamp is fresh, the address is the hash of the state init, the wallet's key is the one
 * claimed and it signed these exact fields. Single use of the payload is the caller's job.
 * Never throws for a bad proof; only `getPublicKey`'s own errors propagate.
 */
export async function verifyTonProof(
  input: TonProofRequest,
  options: VerifyTonProofOptions,
): Promise<TonProofVerification> {
  const request = readRequest(input);
  if (!request) return refuse("malformed_input");
  const { address, claimedKey, proof } = request;

  if (
    proof.domainLength !== utf8(proof.domain).length ||
    !options.allowedDomains.includes(proof.domain)
  ) {
    return refuse("foreign_domain");
  }

  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (nowSeconds - proof.timestamp > options.maxAgeSeconds) return refuse("timestamp_expired");
  const skew = options.maxFutureSkewSeconds ?? DEFAULT_FUTURE_SKEW_SECONDS;
  if (proof.timestamp - nowSeconds > skew) return refuse("timestamp_in_future");

  let walletKey: Uint8Array | null = null;
  let wallet: WalletVersion | null = null;
  if (proof.stateInit) {
    if (!equalBytes(new Uint8Array(proof.stateInit.cell.hash()), address.hash)) {
      return refuse("address_mismatch");
    }
    const fromState = walletPublicKey(proof.stateInit.init);
    if (fromState.kind === "malformed") return refuse("malformed_input");
    if (fromState.kind === "known") {
      walletKey = fromState.publicKey;
      wallet = fromState.version;
    }
  }
  if (!walletKey && options.getPublicKey) {
    walletKey = chainKey(await options.getPublicKey(address.raw));
  }
  if (!walletKey) return refuse("unknown_wallet");
  if (!equalBytes(walletKey, claimedKey)) return refuse("public_key_mismatch");

  const digest = tonProofDigest(
    {
      workchain: address.workchain,
      addressHash: address.hash,
      domain: proof.domain,
      timestamp: proof.timestamp,
      payload: proof.payload,
    },
    sha256,
  );
  if (!ed25519Verify(digest, proof.signature, walletKey)) return refuse("bad_signature");

  return { ok: true, publicKey: toHex(walletKey), address: address.raw, wallet };
}

const refuse = (reason: TonProofFailure): TonProofVerification => ({ ok: false, reason });

interface ReadRequest {
  address: ParsedTonAddress;
  claimedKey: Uint8Array;
  proof: {
    timestamp: number;
    domain: string;
    domainLength: number;
    payload: string;
    signature: Uint8Array;
    stateInit: { cell: Cell; init: StateInit } | null;
  };
}

/** Every field checked for type, encoding and size: the input may come from anyone. */
function readRequest(input: unknown): ReadRequest | null {
  if (!isRecord(input) || !isRecord(input.proof) || !isRecord(input.proof.domain)) return null;
  const { proof } = input;
  const domain = proof.domain as Record<string, unknown>;
  if (typeof input.network !== "string" || !NETWORKS.includes(input.network)) return null;
  const address = tryParseTonAddress(input.address);
  if (!address) return null;
  if (typeof input.public_key !== "string" || !PUBLIC_KEY_HEX.test(input.public_key)) return null;
  if (
    !Number.isSafeInteger(proof.timestamp) ||
    (proof.timestamp as number) < 0 ||
    !Number.isSafeInteger(domain.lengthBytes) ||
    typeof domain.value !== "string" ||
    domain.value.length === 0 ||
    utf8(domain.value).length > MAX_DOMAIN_BYTES ||
    typeof proof.payload !== "string" ||
    utf8(proof.payload).length > MAX_PAYLOAD_BYTES
  ) {
    return null;
  }
  const signature = decodeBase64(proof.signature, 100);
  if (signature?.length !== 64) return null;
  const stateInit = readStateInit(proof.state_init);
  if (stateInit === undefined) return null;
  return {
    address,
    claimedKey: fromHex(input.public_key),
    proof: {
      timestamp: proof.timestamp as number,
      domain: domain.value,
      domainLength: domain.lengthBytes as number,
      payload: proof.payload,
      signature,
      stateInit,
    },
  };
}

/** null: no state init given; undefined: one was given but is not a StateInit cell. */
function readStateInit(value: unknown): { cell: Cell; init: StateInit } | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  const boc = decodeBase64(value, MAX_STATE_INIT_CHARS);
  if (!boc) return undefined;
  try {
    const roots = Cell.fromBoc(Buffer.from(boc));
    const cell = roots[0];
    if (roots.length !== 1 || !cell || cell.isExotic) return undefined;
    const slice = cell.beginParse();
    const init = loadStateInit(slice);
    // A cell with more than a StateInit in it hashes to an address no contract can have.
    slice.endParse();
    return { cell, init };
  } catch {
    return undefined;
  }
}

function decodeBase64(value: unknown, maxChars: number): Uint8Array | null {
  if (typeof value !== "string" || value.length > maxChars || !BASE64.test(value)) return null;
  return new Uint8Array(Buffer.from(value, "base64"));
}

function chainKey(key: string | Uint8Array | bigint | null): Uint8Array | null {
  if (key instanceof Uint8Array) return key.length === 32 ? key : null;
  if (typeof key === "bigint") {
    return key >= 0n && key < 1n << 256n ? fromHex(key.toString(16).padStart(64, "0")) : null;
  }
  if (typeof key === "string" && PUBLIC_KEY_HEX.test(key)) return fromHex(key);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
