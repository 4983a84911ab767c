import { tonProofDigest, tonProofDigestAsync, tonProofMessage } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { ed25519PublicKey, ed25519Sign, ed25519Verify, sha256 } from "./ed25519.ts";

const hex = (value: string) => Uint8Array.from(Buffer.from(value, "hex"));

describe("tonProofMessage", () => {
  it("lays out workchain BE, domain length LE, timestamp LE and the payload bytes", () => {
    const message = tonProofMessage({
      workchain: -1,
      addressHash: new Uint8Array(32).fill(0xab),
      domain: "é.io",
      timestamp: 0x0102030405,
      payload: "ok",
    });
    const expected = Buffer.concat([
      Buffer.from("ton-proof-item-v2/"),
      Buffer.from("ffffffff", "hex"),
      Buffer.alloc(32, 0xab),
      Buffer.from("05000000", "hex"),
      Buffer.from("é.io"),
      Buffer.from("0504030201000000", "hex"),
      Buffer.from("ok"),
    ]);
    expect(Buffer.from(message)).toEqual(expected);
  });

  it("refuses a hash that is not 32 bytes and a timestamp that is not whole seconds", () => {
    const parts = { workchain: 0, addressHash: new Uint8Array(32), domain: "a", payload: "" };
    expect(() =>
      tonProofMessage({ ...parts, addressHash: new Uint8Array(31), timestamp: 1 }),
    ).toThrow();
    expect(() => tonProofMessage({ ...parts, timestamp: 1.5 })).toThrow();
  });

  it("hashes twice with the ton-connect prefix", () => {
    const parts = {
      workchain: 0,
      addressHash: new Uint8Array(32),
      domain: "a",
      timestamp: 1,
      payload: "",
    };
    const inner = sha256(tonProofMessage(parts));
    const outer = sha256(
      Buffer.concat([Buffer.from("ffff", "hex"), Buffer.from("ton-connect"), inner]),
    );
    expect(tonProofDigest(parts, sha256)).toEqual(outer);
  });

  it("gives the same digest with an asynchronous sha256 (the browser's WebCrypto)", async () => {
    const parts = {
      workchain: -1,
      addressHash: new Uint8Array(32).fill(7),
      domain: "127.0.0.1:3000",
      timestamp: 1_700_000_000,
      payload: "challenge",
    };
    const webCrypto = async (data: Uint8Array) =>
      new Uint8Array(await crypto.subtle.digest("SHA-256", data));
    expect(await tonProofDigestAsync(parts, webCrypto)).toEqual(tonProofDigest(parts, sha256));
  });
});

describe("ed25519 (Node crypto)", () => {
  // RFC 8032 §7.1, TEST 2.
  const secret = hex("4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
  const publicKey = hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c");
  const message = hex("72");
  const signature = hex(
    "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
  );

  it("matches RFC 8032's test vector", () => {
    expect(ed25519PublicKey(secret)).toEqual(publicKey);
    expect(ed25519Sign(message, secret)).toEqual(signature);
    expect(ed25519Verify(message, signature, publicKey)).toBe(true);
  });

  it("answers false, never throws, for a wrong message, key or encoding", () => {
    expect(ed25519Verify(hex("73"), signature, publicKey)).toBe(false);
    expect(ed25519Verify(message, signature, new Uint8Array(32))).toBe(false);
    expect(ed25519Verify(message, signature.subarray(1), publicKey)).toBe(false);
    expect(ed25519Verify(message, signature, publicKey.subarray(1))).toBe(false);
  });
});
