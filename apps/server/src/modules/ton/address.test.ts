import { Address } from "@ton/core";
import { describe, expect, it } from "vitest";
import {
  formatFriendlyAddress,
  InvalidTonAddressError,
  isTonAddress,
  parseTonAddress,
  sameTonAddress,
  toRawAddress,
  tryParseTonAddress,
} from "./address.ts";

// The address docs.ton.org uses to explain both forms ("Smart contract addresses").
const RAW = "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e";
const BOUNCEABLE = "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF";
const NON_BOUNCEABLE = "UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA";
const BOUNCEABLE_TESTNET = "kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP";

describe("parseTonAddress", () => {
  it("reads the raw form and normalises it to lower case", () => {
    expect(toRawAddress(RAW)).toBe(RAW);
    expect(toRawAddress(RAW.toUpperCase())).toBe(RAW);
    expect(parseTonAddress(RAW)).toMatchObject({ workchain: 0, friendly: null });
    expect(Buffer.from(parseTonAddress(RAW).hash).toString("hex")).toBe(RAW.slice(2));
    const master = `-1:${RAW.slice(2)}`;
    expect(parseTonAddress(master)).toMatchObject({ raw: master, workchain: -1 });
  });

  it("reads every user-friendly form and reports its flags", () => {
    expect(parseTonAddress(BOUNCEABLE)).toMatchObject({
      raw: RAW,
      friendly: { bounceable: true, testOnly: false },
    });
    expect(parseTonAddress(NON_BOUNCEABLE)).toMatchObject({
      raw: RAW,
      friendly: { bounceable: false, testOnly: false },
    });
    expect(parseTonAddress(BOUNCEABLE_TESTNET)).toMatchObject({
      raw: RAW,
      friendly: { bounceable: true, testOnly: true },
    });
    const standardBase64 = BOUNCEABLE.replace(/-/g, "+").replace(/_/g, "/");
    expect(standardBase64).not.toBe(BOUNCEABLE);
    expect(toRawAddress(standardBase64)).toBe(RAW);
  });

  it.each([
    ["an empty string", ""],
    ["a short raw hash", "0:abc"],
    ["another workchain, raw", `1:${RAW.slice(2)}`],
    ["a non-hex raw hash", `0:${"g".repeat(64)}`],
    ["surrounding spaces", ` ${RAW}`],
    ["a bad checksum", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHG"],
    ["47 characters", BOUNCEABLE.slice(1)],
    ["both base64 alphabets at once", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gq+rHF"],
    ["a TON DNS name", "foundation.ton"],
    ["another workchain, user-friendly", new Address(5, Buffer.alloc(32, 1)).toString()],
  ])("refuses %s", (_name, input) => {
    expect(() => parseTonAddress(input)).toThrow(InvalidTonAddressError);
    expect(tryParseTonAddress(input)).toBeNull();
    expect(isTonAddress(input)).toBe(false);
  });

  it("refuses a user-friendly form with an unknown tag even when its checksum holds", () => {
    const bytes = Buffer.from(BOUNCEABLE.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    bytes[0] = 0x22;
    // Recompute the CRC16-XMODEM so that only the tag is wrong.
    let crc = 0;
    for (const byte of bytes.subarray(0, 34)) {
      crc ^= byte << 8;
      for (let bit = 0; bit < 8; bit++)
        crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
    bytes.writeUInt16BE(crc, 34);
    expect(() => parseTonAddress(bytes.toString("base64url"))).toThrow(InvalidTonAddressError);
  });

  it("refuses what is not a string", () => {
    expect(tryParseTonAddress(42)).toBeNull();
    expect(tryParseTonAddress(null)).toBeNull();
    expect(() => parseTonAddress(undefined as unknown as string)).toThrow(InvalidTonAddressError);
  });
});

describe("formatFriendlyAddress", () => {
  it("writes wallets non-bounceable and url-safe, with the testnet flag on testnet", () => {
    expect(formatFriendlyAddress(RAW, { network: "-239" })).toBe(NON_BOUNCEABLE);
    expect(formatFriendlyAddress(BOUNCEABLE, { network: "-239" })).toBe(NON_BOUNCEABLE);
    expect(formatFriendlyAddress(RAW, { network: "-239", bounceable: true })).toBe(BOUNCEABLE);
    expect(formatFriendlyAddress(RAW, { network: "-3", bounceable: true })).toBe(
      BOUNCEABLE_TESTNET,
    );
    const testnetWallet = formatFriendlyAddress(RAW, { network: "-3" });
    expect(testnetWallet).toMatch(/^0Q/);
    expect(parseTonAddress(testnetWallet)).toMatchObject({
      raw: RAW,
      friendly: { bounceable: false, testOnly: true },
    });
    expect(formatFriendlyAddress(RAW, { network: "-239", bounceable: true, urlSafe: false })).toBe(
      BOUNCEABLE.replace(/-/g, "+"),
    );
  });

  it("refuses to format what is not an address", () => {
    expect(() => formatFriendlyAddress("nope", { network: "-239" })).toThrow(
      InvalidTonAddressError,
    );
  });
});

describe("sameTonAddress", () => {
  it("compares accounts, not spellings", () => {
    expect(sameTonAddress(RAW, NON_BOUNCEABLE)).toBe(true);
    expect(sameTonAddress(BOUNCEABLE_TESTNET, RAW.toUpperCase())).toBe(true);
    expect(sameTonAddress(RAW, `-1:${RAW.slice(2)}`)).toBe(false);
    expect(sameTonAddress("nope", "nope")).toBe(false);
  });
});
