// A real wallet v4R2 (the contract most TON wallets deployed until v5): its initial state and
// address from an ed25519 public key, so FRE's dev wallet presents what a real wallet would. The
// contract (code, initial data, address) is @ton/ton's WalletContractV4 (decision 0033).

import { beginCell, type Cell, storeStateInit } from "@ton/core";
import { WalletContractV4 } from "@ton/ton";
import type { TonWorkchain } from "./address.ts";
import { toHex } from "./bytes.ts";

/**
 * Code of wallet v4R2 as @ton/ton's WalletContractV4 ships it; its hash is the well-known
 * feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0.
 */
export const walletV4R2Code = (): Cell =>
  WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32) }).init.code;

/** The subwallet id wallets use on the basechain (698983191 + workchain). */
export const DEFAULT_SUBWALLET_ID = 698_983_191;

export interface WalletV4R2Options {
  /** The owner's ed25519 public key (32 bytes). */
  publicKey: Uint8Array;
  workchain?: TonWorkchain;
  /** Default 698983191 + workchain, as wallet apps do. */
  subwalletId?: number;
}

export interface WalletV4R2 {
  /** Canonical raw address `0:<64 hex>`: the hash of the state init. */
  address: string;
  workchain: TonWorkchain;
  /** Base64 BOC of the StateInit cell: TON Connect's `walletStateInit` and `state_init`. */
  stateInit: string;
  /** Hex public key, as TON Connect's `publicKey`. */
  publicKey: string;
}

/** An undeployed wallet v4R2: seqno 0, the subwallet id, the key and no plugins. */
export function walletV4R2(options: WalletV4R2Options): WalletV4R2 {
  const { publicKey } = options;
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32) {
    throw new TypeError("A wallet v4R2 needs a 32-byte ed25519 public key");
  }
  const workchain = options.workchain ?? 0;
  const subwalletId = options.subwalletId ?? DEFAULT_SUBWALLET_ID + workchain;
  if (!Number.isInteger(subwalletId) || subwalletId < 0 || subwalletId > 0xffff_ffff) {
    throw new TypeError("subwalletId must be a uint32");
  }
  const wallet = WalletContractV4.create({
    workchain,
    publicKey: Buffer.from(publicKey),
    walletId: subwalletId,
  });
  return {
    address: wallet.address.toRawString(),
    workchain,
    stateInit: beginCell().store(storeStateInit(wallet.init)).endCell().toBoc().toString("base64"),
    publicKey: toHex(publicKey),
  };
}
