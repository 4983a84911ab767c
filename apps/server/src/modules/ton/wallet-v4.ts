// A real wallet v4R2 (the contract most TON wallets deployed until v5): its initial state and
// address from an ed25519 public key, so FRE's dev wallet presents what a real wallet would.
// No Node-only import; @ton/core needs a global `Buffer` when bundled for the browser.

import { beginCell, Cell, contractAddress, type StateInit, storeStateInit } from "@ton/core";
import type { TonWorkchain } from "./address.ts";
import { toHex } from "./bytes.ts";

/**
 * Code of wallet v4R2 as @ton/ton's WalletContractV4 ships it (ton-org/ton,
 * src/wallets/v4/WalletContractV4.ts); its hash is the well-known
 * feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0.
 */
export const WALLET_V4R2_CODE_BOC =
  "te6ccgECFAEAAtQAART/APSkE/S88sgLAQIBIAIDAgFIBAUE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAubQAdDTAyFxsJJfBOAi10nBIJJfBOAC0x8hghBwbHVnvSKCEGRzdHK9sJJfBeAD+kAwIPpEAcjKB8v/ydDtRNCBAUDXIfQEMFyBAQj0Cm+hMbOSXwfgBdM/yCWCEHBsdWe6kjgw4w0DghBkc3RyupJfBuMNBgcCASAICQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAKCwBZvSQrb2omhAgKBrkPoCGEcNQICEekk30pkQzmkD6f+YN4EoAbeBAUiYcVnzGEAgFYDA0AEbjJftRNDXCx+AA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIA4PABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVA==";

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

let cachedCode: Cell | undefined;
const walletCode = () => {
  cachedCode ??= Cell.fromBase64(WALLET_V4R2_CODE_BOC);
  return cachedCode;
};

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
  const data = beginCell()
    .storeUint(0, 32) // seqno
    .storeUint(subwalletId, 32)
    .storeBuffer(Buffer.from(publicKey))
    .storeBit(false) // empty plugins dictionary
    .endCell();
  const init: StateInit = { code: walletCode(), data };
  const address = contractAddress(workchain, init);
  return {
    address: address.toRawString(),
    workchain,
    stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString("base64"),
    publicKey: toHex(publicKey),
  };
}
