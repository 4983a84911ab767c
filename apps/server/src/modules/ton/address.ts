import { Address } from "@ton/core";
import { toHex } from "./bytes.ts";

/** TonConnect's network ids: mainnet and testnet. */
export type TonNetwork = "-239" | "-3";

/** Wallets live on the basechain; the masterchain is the only other workchain in use. */
export type TonWorkchain = 0 | -1;

/** A TON address reduced to what identifies the account, whatever form it was written in. */
export interface ParsedTonAddress {
  /** Canonical raw form `workchain:<64 lower-case hex>`: the one to store and compare. */
  raw: string;
  workchain: TonWorkchain;
  /** The 32-byte account id (hash of the contract's initial state). */
  hash: Uint8Array;
  /** The flags a user-friendly form carried; null for a raw address. */
  friendly: { bounceable: boolean; testOnly: boolean } | null;
}

export class InvalidTonAddressError extends Error {
  constructor(reason: string) {
    super(`Invalid TON address: ${reason}`);
    this.name = "InvalidTonAddressError";
  }
}

const RAW_FORM = /^(0|-1):[0-9a-fA-F]{64}$/;
// 36 bytes in base64 are exactly 48 characters, no padding; one alphabet per address.
const FRIENDLY_URL_SAFE = /^[A-Za-z0-9_-]{48}$/;
const FRIENDLY_STANDARD = /^[A-Za-z0-9+/]{48}$/;

/**
 * Reads an address in raw form (`0:<hex>`, `-1:<hex>`) or user-friendly form (bounceable or
 * not, url-safe or standard base64, with or without the testnet flag; the checksum must hold).
 * Throws `InvalidTonAddressError` for anything else, including other workchains.
 */
export function parseTonAddress(input: string): ParsedTonAddress {
  if (typeof input !== "string") throw new InvalidTonAddressError("not a string");
  if (RAW_FORM.test(input)) {
    const address = Address.parseRaw(input);
    return describe(address, null);
  }
  if (FRIENDLY_URL_SAFE.test(input) || FRIENDLY_STANDARD.test(input)) {
    let parsed: ReturnType<typeof Address.parseFriendly>;
    try {
      parsed = Address.parseFriendly(input);
    } catch {
      throw new InvalidTonAddressError("bad checksum or tag");
    }
    if (parsed.address.workChain !== 0 && parsed.address.workChain !== -1) {
      throw new InvalidTonAddressError("unsupported workchain");
    }
    return describe(parsed.address, {
      bounceable: parsed.isBounceable,
      testOnly: parsed.isTestOnly,
    });
  }
  throw new InvalidTonAddressError("neither raw (0:<64 hex>) nor user-friendly (48 base64 chars)");
}

/** `parseTonAddress` without the exception: null for anything that is not an address. */
export function tryParseTonAddress(input: unknown): ParsedTonAddress | null {
  if (typeof input !== "string") return null;
  try {
    return parseTonAddress(input);
  } catch (error) {
    if (error instanceof InvalidTonAddressError) return null;
    throw error;
  }
}

/** The canonical raw form `0:<64 lower-case hex>` of an address given in any accepted form. */
export function toRawAddress(input: string): string {
  return parseTonAddress(input).raw;
}

export function isTonAddress(input: unknown): input is string {
  return tryParseTonAddress(input) !== null;
}

/** Two spellings of the same account (raw, bounceable, testnet…) compare equal. */
export function sameTonAddress(a: string, b: string): boolean {
  const left = tryParseTonAddress(a);
  const right = tryParseTonAddress(b);
  return left !== null && right !== null && left.raw === right.raw;
}

export interface FriendlyFormatOptions {
  network: TonNetwork;
  /** Wallets are shown non-bounceable (`UQ…`, TEP-2 since 2024); contracts bounceable. */
  bounceable?: boolean;
  /** Url-safe base64 (`-`, `_`), the form wallets display. Default true. */
  urlSafe?: boolean;
}

/**
 * The user-friendly form of an address given in any accepted form: non-bounceable url-safe by
 * default, with the testnet flag on network "-3" (`0Q…`/`kQ…`).
 */
export function formatFriendlyAddress(address: string, options: FriendlyFormatOptions): string {
  const { raw } = parseTonAddress(address);
  return Address.parseRaw(raw).toString({
    urlSafe: options.urlSafe ?? true,
    bounceable: options.bounceable ?? false,
    testOnly: options.network === "-3",
  });
}

function describe(address: Address, friendly: ParsedTonAddress["friendly"]): ParsedTonAddress {
  const hash = new Uint8Array(address.hash);
  return {
    raw: `${address.workChain}:${toHex(hash)}`,
    workchain: address.workChain as TonWorkchain,
    hash,
    friendly,
  };
}
