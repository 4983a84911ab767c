import { Cell } from "@ton/core";
import { describe, expect, it } from "vitest";
import { TONKEEPER_README_VECTOR, WALLET_VECTORS } from "./ton-test-vectors.ts";
import { identifyWallet } from "./wallet-contracts.ts";
import { DEFAULT_SUBWALLET_ID, walletV4R2, walletV4R2Code } from "./wallet-v4.ts";

const key = (hex: string) => Uint8Array.from(Buffer.from(hex, "hex"));

describe("walletV4R2", () => {
  it("rebuilds the addresses and state inits of real v4R2 wallets from their keys", () => {
    for (const vector of [WALLET_VECTORS.v4R2Mainnet, WALLET_VECTORS.v4R2Testnet]) {
      const wallet = walletV4R2({ publicKey: key(vector.public_key) });
      expect(wallet.address).toBe(vector.address);
      expect(wallet.publicKey).toBe(vector.public_key);
      expect(Cell.fromBase64(wallet.stateInit).hash()).toEqual(
        Cell.fromBase64(vector.proof.state_init!).hash(),
      );
    }
    const readme = TONKEEPER_README_VECTOR;
    expect(walletV4R2({ publicKey: key(readme.public_key) }).address).toBe(readme.address);
  });

  it("ships the well-known v4R2 code", () => {
    expect(identifyWallet(walletV4R2Code())).toBe("v4R2");
  });

  it("uses 698983191 + workchain as the subwallet id unless told otherwise", () => {
    const publicKey = new Uint8Array(32).fill(7);
    const basechain = walletV4R2({ publicKey });
    const masterchain = walletV4R2({ publicKey, workchain: -1 });
    const other = walletV4R2({ publicKey, subwalletId: DEFAULT_SUBWALLET_ID + 1 });
    expect(basechain.address).toMatch(/^0:[0-9a-f]{64}$/);
    expect(masterchain.address).toMatch(/^-1:[0-9a-f]{64}$/);
    expect(masterchain.address.slice(3)).not.toBe(basechain.address.slice(2));
    expect(other.address).not.toBe(basechain.address);
    const data = (stateInit: string) => Cell.fromBase64(stateInit).refs[1]!.beginParse();
    expect(data(masterchain.stateInit).skip(32).loadUint(32)).toBe(698_983_190);
    expect(data(other.stateInit).skip(32).loadUint(32)).toBe(698_983_192);
  });

  it("refuses a key that is not 32 bytes and a subwallet id out of range", () => {
    expect(() => walletV4R2({ publicKey: new Uint8Array(31) })).toThrow(TypeError);
    expect(() => walletV4R2({ publicKey: new Uint8Array(32), subwalletId: 2 ** 32 })).toThrow(
      TypeError,
    );
  });
});
