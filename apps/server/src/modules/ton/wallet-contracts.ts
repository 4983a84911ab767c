import { type Cell, CellType, type Slice } from "@ton/core";
import { toHex } from "./bytes.ts";

/** The standard wallet contracts whose public key FRE can read from their initial data. */
export type WalletVersion = "v3R1" | "v3R2" | "v4R2" | "v5Beta" | "v5R1";

export const WALLET_VERSIONS: readonly WalletVersion[] = ["v3R1", "v3R2", "v4R2", "v5Beta", "v5R1"];

// Representation hashes of the wallets' code cells, as TON explorers and indexers list them
// (tonapi, toncenter: e.g. v4R2 = "/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=" in base64), and
// as the code BOCs of @ton/ton's WalletContractV3R1/V3R2/V4/V5R1 hash (checked in the tests).
// v5Beta is only ever deployed as a library cell pointing at its code, hence the hash of the
// code it references (the one a library cell carries).
const KNOWN_CODE_HASHES: Record<string, WalletVersion> = {
  b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581: "v3R1",
  "84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599": "v3R2",
  feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0: "v4R2",
  e4cf3b2f4c6d6a61ea0f2b5447d266785b26af3637db2deee6bcd1aa826f3412: "v5Beta",
  "20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f": "v5R1",
};

/**
 * Where the public key sits in each wallet's persistent data (only what precedes it is read):
 * - v3R1, v3R2, v4R2: seqno uint32, subwallet_id uint32, public_key bits256, …
 * - v5Beta: is_signature_allowed + seqno (33 bits), wallet_id (80 bits), public_key bits256, …
 * - v5R1: is_signature_allowed bit, seqno uint32, wallet_id int32, public_key bits256, …
 */
const BITS_BEFORE_KEY: Record<WalletVersion, number> = {
  v3R1: 64,
  v3R2: 64,
  v4R2: 64,
  v5Beta: 113,
  v5R1: 65,
};

/**
 * The hash identifying a contract's code. A library cell (a 256-bit pointer to code published
 * in the masterchain, how wallets deploy v5 cheaply) stands for the code it points to, so it
 * counts as that code's hash.
 */
export function walletCodeHash(code: Cell): string {
  if (code.type === CellType.Library) {
    const pointer = code.beginParse(true);
    pointer.skip(8);
    return toHex(pointer.loadBuffer(32));
  }
  return toHex(code.hash());
}

/** The standard wallet a code cell is, or null for any other contract. */
export function identifyWallet(code: Cell): WalletVersion | null {
  return KNOWN_CODE_HASHES[walletCodeHash(code)] ?? null;
}

export type WalletKeyResult =
  | { kind: "known"; version: WalletVersion; publicKey: Uint8Array }
  /** Not a wallet FRE knows (or no code/data at all): ask the chain instead. */
  | { kind: "unknown" }
  /** A known wallet's code with data too short to hold a key. */
  | { kind: "malformed"; version: WalletVersion };

/** The public key written in a standard wallet's initial state. */
export function walletPublicKey(stateInit: {
  code?: Cell | null;
  data?: Cell | null;
}): WalletKeyResult {
  if (!stateInit.code || !stateInit.data) return { kind: "unknown" };
  const version = identifyWallet(stateInit.code);
  if (version === null) return { kind: "unknown" };
  if (stateInit.data.isExotic) return { kind: "malformed", version };
  const data: Slice = stateInit.data.beginParse();
  if (data.remainingBits < BITS_BEFORE_KEY[version] + 256) return { kind: "malformed", version };
  data.skip(BITS_BEFORE_KEY[version]);
  return { kind: "known", version, publicKey: new Uint8Array(data.loadBuffer(32)) };
}
