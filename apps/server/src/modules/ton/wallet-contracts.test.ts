import { randomBytes } from "node:crypto";
import { beginCell, Cell, contractAddress, loadStateInit, storeStateInit } from "@ton/core";
import { describe, expect, it } from "vitest";
import { ed25519PublicKey } from "./ed25519.ts";
import { verifyTonProof } from "./ton-proof.ts";
import { signTonProof } from "./ton-proof-signer.ts";
import { WALLET_CODE_BOCS, WALLET_VECTORS } from "./ton-test-vectors.ts";
import { identifyWallet, walletCodeHash, walletPublicKey } from "./wallet-contracts.ts";
import { walletV4R2Code } from "./wallet-v4.ts";

const codes = {
  v3R1: Cell.fromBase64(WALLET_CODE_BOCS.v3R1),
  v3R2: Cell.fromBase64(WALLET_CODE_BOCS.v3R2),
  v4R2: walletV4R2Code(),
  v5R1: Cell.fromBoc(Buffer.from(WALLET_CODE_BOCS.v5R1Hex, "hex"))[0]!,
};

/** Each contract's initial data as its wallet app writes it (seqno 0, default wallet id). */
function initialData(version: keyof typeof codes, publicKey: Uint8Array) {
  const key = Buffer.from(publicKey);
  switch (version) {
    case "v3R1":
    case "v3R2":
      return beginCell().storeUint(0, 32).storeUint(698_983_191, 32).storeBuffer(key).endCell();
    case "v4R2":
      return beginCell()
        .storeUint(0, 32)
        .storeUint(698_983_191, 32)
        .storeBuffer(key)
        .storeBit(false)
        .endCell();
    case "v5R1":
      // wallet_id = -239 (mainnet) ^ client context (workchain 0, version 0, subwallet 0)
      return beginCell()
        .storeBit(true)
        .storeUint(0, 32)
        .storeInt(2_147_483_409, 32)
        .storeBuffer(key)
        .storeBit(false)
        .endCell();
  }
}

/** v5 is also deployed as a library cell: a 256-bit pointer to the published code. */
function libraryCell(code: Cell) {
  return beginCell().storeUint(2, 8).storeBuffer(code.hash()).endCell({ exotic: true });
}

describe("identifyWallet", () => {
  it("recognises the code BOCs of @ton/ton by the hashes explorers list", () => {
    expect(walletCodeHash(codes.v3R1)).toBe(
      Buffer.from("thBBpYp5gLlG6PueGY48kE0keZ/6NldOpCUcQaVm9YE=", "base64").toString("hex"),
    );
    expect(walletCodeHash(codes.v3R2)).toBe(
      Buffer.from("hNr6RJ+Ypph3ibojI1gHK8D3bcRSQAKl0JGLmnXS1Zk=", "base64").toString("hex"),
    );
    expect(walletCodeHash(codes.v4R2)).toBe(
      Buffer.from("/rX/aCDi/w2Ug+fg1iyBfYRniftK5YDIeIZtlZ2r1cA=", "base64").toString("hex"),
    );
    expect(walletCodeHash(codes.v5R1)).toBe(
      Buffer.from("IINLe3KxEhR+Gy+0V7hOdNGjDwT3N9T2KmaOlVLSty8=", "base64").toString("hex"),
    );
    for (const version of ["v3R1", "v3R2", "v4R2", "v5R1"] as const) {
      expect(identifyWallet(codes[version])).toBe(version);
    }
  });

  it("sees through a library cell to the code it points to", () => {
    expect(identifyWallet(libraryCell(codes.v5R1))).toBe("v5R1");
    const v5Beta = loadStateInit(
      Cell.fromBase64(WALLET_VECTORS.v5BetaTestnet.proof.state_init!).beginParse(),
    );
    expect(v5Beta.code?.isExotic).toBe(true);
    expect(identifyWallet(v5Beta.code!)).toBe("v5Beta");
  });

  it("knows no other contract", () => {
    expect(identifyWallet(beginCell().storeUint(1, 8).endCell())).toBeNull();
    expect(identifyWallet(libraryCell(beginCell().storeUint(1, 8).endCell()))).toBeNull();
  });
});

describe("walletPublicKey", () => {
  const publicKey = new Uint8Array(randomBytes(32));

  it.each(["v3R1", "v3R2", "v4R2", "v5R1"] as const)(
    "reads the key of a %s state init",
    (version) => {
      const result = walletPublicKey({
        code: codes[version],
        data: initialData(version, publicKey),
      });
      expect(result).toEqual({ kind: "known", version, publicKey });
    },
  );

  it("reads the key of a v5R1 deployed through a library cell", () => {
    const result = walletPublicKey({
      code: libraryCell(codes.v5R1),
      data: initialData("v5R1", publicKey),
    });
    expect(result).toEqual({ kind: "known", version: "v5R1", publicKey });
  });

  it("reads the key of the public v5 beta vector", () => {
    const init = loadStateInit(
      Cell.fromBase64(WALLET_VECTORS.v5BetaTestnet.proof.state_init!).beginParse(),
    );
    const result = walletPublicKey(init);
    expect(result.kind === "known" && Buffer.from(result.publicKey).toString("hex")).toBe(
      WALLET_VECTORS.v5BetaTestnet.public_key,
    );
  });

  it("answers unknown without code or data, malformed when data is too short", () => {
    expect(walletPublicKey({ code: codes.v4R2, data: null })).toEqual({ kind: "unknown" });
    expect(walletPublicKey({ code: null, data: initialData("v4R2", publicKey) })).toEqual({
      kind: "unknown",
    });
    expect(
      walletPublicKey({
        code: codes.v5R1,
        data: beginCell()
          .storeUint(0, 65 + 255)
          .endCell(),
      }),
    ).toEqual({ kind: "malformed", version: "v5R1" });
  });
});

describe("verifyTonProof with each wallet's real state init", () => {
  it.each(["v3R1", "v3R2", "v4R2", "v5R1"] as const)(
    "accepts a %s wallet's proof and refuses another key",
    async (version) => {
      const seed = randomBytes(32);
      const publicKey = ed25519PublicKey(seed);
      const init = { code: codes[version], data: initialData(version, publicKey) };
      const address = contractAddress(0, init).toRawString();
      const stateInit = beginCell()
        .store(storeStateInit(init))
        .endCell()
        .toBoc()
        .toString("base64");
      const proof = signTonProof({
        secretKey: seed,
        address,
        stateInit,
        domain: "fre.example",
        timestamp: 1_767_225_600,
        payload: "challenge",
      });
      const options = {
        now: new Date(1_767_225_660_000),
        allowedDomains: ["fre.example"],
        maxAgeSeconds: 900,
      };
      const hexKey = Buffer.from(publicKey).toString("hex");
      expect(
        await verifyTonProof({ address, network: "-239", public_key: hexKey, proof }, options),
      ).toEqual({ ok: true, publicKey: hexKey, address, wallet: version });
      expect(
        await verifyTonProof(
          { address, network: "-239", public_key: "00".repeat(32), proof },
          options,
        ),
      ).toEqual({ ok: false, reason: "public_key_mismatch" });
    },
  );
});
