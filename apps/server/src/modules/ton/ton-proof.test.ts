import { createHash, randomBytes } from "node:crypto";
import { beginCell, contractAddress, storeStateInit } from "@ton/core";
import nacl from "tweetnacl";
import { describe, expect, it, vi } from "vitest";
import { formatFriendlyAddress } from "./address.ts";
import { ed25519PublicKey } from "./ed25519.ts";
import { type TonProofRequest, type VerifyTonProofOptions, verifyTonProof } from "./ton-proof.ts";
import { signTonProof } from "./ton-proof-signer.ts";
import { TONKEEPER_README_VECTOR, WALLET_VECTORS } from "./ton-test-vectors.ts";
import { walletV4R2, walletV4R2Code } from "./wallet-v4.ts";

const MAX_AGE = 15 * 60;

/** Options frozen one minute after the vector was signed, its own domain allowed. */
function optionsFor(
  vector: TonProofRequest,
  extra: Partial<VerifyTonProofOptions> = {},
): VerifyTonProofOptions {
  return {
    now: new Date((vector.proof.timestamp + 60) * 1000),
    allowedDomains: [vector.proof.domain.value],
    maxAgeSeconds: MAX_AGE,
    ...extra,
  };
}

/** A deep copy with `change` applied: each test tampers one field of a genuine proof. */
function tampered(vector: TonProofRequest, change: (copy: TonProofRequest) => void) {
  const copy = structuredClone(vector);
  change(copy);
  return copy;
}

const base = WALLET_VECTORS.v4R2Mainnet;

describe("verifyTonProof: public vectors", () => {
  it.each([
    ["v3R1Mainnet", "v3R1"],
    ["v4R2Mainnet", "v4R2"],
    ["v4R2Testnet", "v4R2"],
    ["v5BetaTestnet", "v5Beta"],
  ] as const)(
    "accepts TonProof.NET's %s proof, key read from its state_init",
    async (name, wallet) => {
      const vector = WALLET_VECTORS[name];
      const getPublicKey = vi.fn();
      const result = await verifyTonProof(vector, optionsFor(vector, { getPublicKey }));
      expect(result).toEqual({
        ok: true,
        publicKey: vector.public_key,
        address: vector.address,
        wallet,
      });
      expect(getPublicKey).not.toHaveBeenCalled();
    },
  );

  it("accepts the reference backend's README proof with the key from the chain", async () => {
    const vector = TONKEEPER_README_VECTOR;
    const getPublicKey = vi.fn(async () => vector.public_key);
    const result = await verifyTonProof(vector, optionsFor(vector, { getPublicKey }));
    expect(result).toEqual({
      ok: true,
      publicKey: vector.public_key,
      address: vector.address,
      wallet: null,
    });
    expect(getPublicKey).toHaveBeenCalledWith(vector.address);
  });

  it("accepts the README proof with the v4R2 state init of its key instead of the chain", async () => {
    const vector = TONKEEPER_README_VECTOR;
    const wallet = walletV4R2({ publicKey: Buffer.from(vector.public_key, "hex") });
    expect(wallet.address).toBe(vector.address);
    const withState = tampered(vector, (v) => {
      v.proof.state_init = wallet.stateInit;
    });
    const result = await verifyTonProof(withState, optionsFor(vector));
    expect(result).toMatchObject({ ok: true, wallet: "v4R2" });
  });

  it("takes the chain's key as hex, bytes or the get-method's integer", async () => {
    const vector = TONKEEPER_README_VECTOR;
    const forms = [
      vector.public_key.toUpperCase(),
      Buffer.from(vector.public_key, "hex"),
      BigInt(`0x${vector.public_key}`),
    ];
    for (const key of forms) {
      const result = await verifyTonProof(
        vector,
        optionsFor(vector, { getPublicKey: async () => key }),
      );
      expect(result.ok).toBe(true);
    }
  });

  it("accepts the user-friendly form of the address", async () => {
    const friendly = tampered(base, (v) => {
      v.address = formatFriendlyAddress(base.address, { network: "-239" });
    });
    expect(friendly.address).toMatch(/^UQ/);
    const result = await verifyTonProof(friendly, optionsFor(base));
    expect(result).toMatchObject({ ok: true, address: base.address });
  });
});

describe("verifyTonProof: each field tampered", () => {
  async function reasonFor(
    request: TonProofRequest,
    extra: Partial<VerifyTonProofOptions> = {},
  ): Promise<string> {
    const result = await verifyTonProof(request, optionsFor(base, extra));
    return result.ok ? "ok" : result.reason;
  }

  it("signature: one bit flipped, or another proof's signature", async () => {
    const flipped = Buffer.from(base.proof.signature, "base64");
    flipped[10] = (flipped[10] ?? 0) ^ 0x01;
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.proof.signature = flipped.toString("base64");
        }),
      ),
    ).toBe("bad_signature");
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.proof.signature = WALLET_VECTORS.v3R1Mainnet.proof.signature;
        }),
      ),
    ).toBe("bad_signature");
  });

  it("domain: a foreign one, a wrong length, or another allowed one it was not signed for", async () => {
    const evil = tampered(base, (v) => {
      v.proof.domain = { value: "evil.example", lengthBytes: 12 };
    });
    expect(await reasonFor(evil)).toBe("foreign_domain");
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.proof.domain.lengthBytes += 1;
        }),
      ),
    ).toBe("foreign_domain");
    const allowed = ["winogarcia.github.io", "evil.example"];
    expect(await reasonFor(evil, { allowedDomains: allowed })).toBe("bad_signature");
    expect(await reasonFor(base, { allowedDomains: ["fre.example"] })).toBe("foreign_domain");
  });

  it("timestamp: moved by one second, too old, or in the future", async () => {
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.proof.timestamp += 1;
        }),
      ),
    ).toBe("bad_signature");
    const signedAt = base.proof.timestamp * 1000;
    expect(await reasonFor(base, { now: new Date(signedAt + MAX_AGE * 1000) })).toBe("ok");
    expect(await reasonFor(base, { now: new Date(signedAt + (MAX_AGE + 1) * 1000) })).toBe(
      "timestamp_expired",
    );
    expect(await reasonFor(base, { now: new Date(signedAt - 60_000) })).toBe("ok");
    expect(await reasonFor(base, { now: new Date(signedAt - 61_000) })).toBe("timestamp_in_future");
    expect(
      await reasonFor(base, { now: new Date(signedAt - 61_000), maxFutureSkewSeconds: 120 }),
    ).toBe("ok");
  });

  it("payload: any change, even of case or a trailing space", async () => {
    for (const payload of [
      `${base.proof.payload}x`,
      base.proof.payload.toLowerCase(),
      `${base.proof.payload} `,
      "",
    ]) {
      expect(
        await reasonFor(
          tampered(base, (v) => {
            v.proof.payload = payload;
          }),
        ),
      ).toBe("bad_signature");
    }
  });

  it("address: another account, or the same hash on another workchain", async () => {
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.address = WALLET_VECTORS.v3R1Mainnet.address;
        }),
      ),
    ).toBe("address_mismatch");
    // The state init does not say the workchain; the signature does.
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.address = v.address.replace(/^0:/, "-1:");
        }),
      ),
    ).toBe("bad_signature");
  });

  it("public_key: another key than the wallet's", async () => {
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.public_key = WALLET_VECTORS.v4R2Testnet.public_key;
        }),
      ),
    ).toBe("public_key_mismatch");
    const chainVector = TONKEEPER_README_VECTOR;
    const result = await verifyTonProof(
      chainVector,
      optionsFor(chainVector, { getPublicKey: async () => base.public_key }),
    );
    expect(result).toEqual({ ok: false, reason: "public_key_mismatch" });
  });

  it("state_init: another wallet's, garbage, trailing data, or left out", async () => {
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.proof.state_init = WALLET_VECTORS.v4R2Testnet.proof.state_init;
        }),
      ),
    ).toBe("address_mismatch");
    for (const garbage of ["dGU2Y2M=", "not base64!", "AAAA"]) {
      expect(
        await reasonFor(
          tampered(base, (v) => {
            v.proof.state_init = garbage;
          }),
        ),
      ).toBe("malformed_input");
    }
    // An empty StateInit (five absent fields) plus one bit: no contract can live at its hash.
    const cell = beginCell().storeUint(0, 5).storeBit(true).endCell();
    expect(
      await reasonFor(
        tampered(base, (v) => {
          v.proof.state_init = cell.toBoc().toString("base64");
          v.address = `0:${cell.hash().toString("hex")}`;
        }),
      ),
    ).toBe("malformed_input");

    const withoutState = tampered(base, (v) => {
      delete v.proof.state_init;
    });
    expect(await reasonFor(withoutState)).toBe("unknown_wallet");
    expect(await reasonFor(withoutState, { getPublicKey: async () => null })).toBe(
      "unknown_wallet",
    );
    expect(await reasonFor(withoutState, { getPublicKey: async () => base.public_key })).toBe("ok");
  });

  it("lets the chain's errors through instead of calling them a bad proof", async () => {
    const vector = TONKEEPER_README_VECTOR;
    const down = async () => {
      throw new Error("toncenter down");
    };
    await expect(
      verifyTonProof(vector, optionsFor(vector, { getPublicKey: down })),
    ).rejects.toThrow("toncenter down");
  });
});

describe("verifyTonProof: malformed input", () => {
  const cases: [string, (v: TonProofRequest) => void][] = [
    ["an unsupported network", (v) => Object.assign(v, { network: "-1" })],
    ["a network name instead of its id", (v) => Object.assign(v, { network: "mainnet" })],
    ["an address that is not one", (v) => Object.assign(v, { address: "0:1234" })],
    ["a short public key", (v) => Object.assign(v, { public_key: "ab".repeat(31) })],
    ["a public key that is not hex", (v) => Object.assign(v, { public_key: "zz".repeat(32) })],
    ["a 63-byte signature", (v) => Object.assign(v.proof, { signature: "A".repeat(84) })],
    [
      "a signature that is not base64",
      (v) => Object.assign(v.proof, { signature: "!".repeat(88) }),
    ],
    ["a timestamp as a string", (v) => Object.assign(v.proof, { timestamp: "1721827476" })],
    ["a negative timestamp", (v) => Object.assign(v.proof, { timestamp: -1 })],
    ["a fractional timestamp", (v) => Object.assign(v.proof, { timestamp: 1721827476.5 })],
    ["an empty domain", (v) => Object.assign(v.proof, { domain: { value: "", lengthBytes: 0 } })],
    ["no domain", (v) => Object.assign(v.proof, { domain: undefined })],
    ["a payload that is not a string", (v) => Object.assign(v.proof, { payload: 42 })],
    ["an oversized payload", (v) => Object.assign(v.proof, { payload: "p".repeat(1025) })],
    ["a state_init that is not a string", (v) => Object.assign(v.proof, { state_init: 7 })],
    ["no proof", (v) => Object.assign(v, { proof: null })],
  ];

  it.each(cases)("refuses %s", async (_name, change) => {
    const result = await verifyTonProof(tampered(base, change), optionsFor(base));
    expect(result).toEqual({ ok: false, reason: "malformed_input" });
  });

  it("refuses what is not an object at all", async () => {
    for (const input of [null, "proof", 42, []]) {
      const result = await verifyTonProof(input as unknown as TonProofRequest, optionsFor(base));
      expect(result).toEqual({ ok: false, reason: "malformed_input" });
    }
  });
});

describe("verifyTonProof: wallets it cannot read", () => {
  const seed = randomBytes(32);
  const publicKey = ed25519PublicKey(seed);

  /** A contract that is no standard wallet, its address the hash of its state init. */
  function customContract() {
    const init = {
      code: beginCell().storeUint(0xc0ffee, 24).endCell(),
      data: beginCell().storeBuffer(Buffer.from(publicKey)).endCell(),
    };
    return {
      address: contractAddress(0, init).toRawString(),
      stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString("base64"),
    };
  }

  it("falls back to the chain for a contract that is not a standard wallet", async () => {
    const contract = customContract();
    const request: TonProofRequest = {
      address: contract.address,
      network: "-3",
      public_key: Buffer.from(publicKey).toString("hex"),
      proof: signTonProof({
        secretKey: seed,
        address: contract.address,
        stateInit: contract.stateInit,
        domain: "localhost:5173",
        timestamp: 1_767_225_600,
        payload: "challenge",
      }),
    };
    const options = optionsFor(request);
    expect(await verifyTonProof(request, options)).toEqual({
      ok: false,
      reason: "unknown_wallet",
    });
    const getPublicKey = vi.fn(async () => Buffer.from(publicKey).toString("hex"));
    expect(await verifyTonProof(request, { ...options, getPublicKey })).toMatchObject({
      ok: true,
      wallet: null,
    });
    expect(getPublicKey).toHaveBeenCalledWith(contract.address);
  });

  it("refuses a standard wallet's code whose data cannot hold a key", async () => {
    const code = walletV4R2Code();
    const init = { code, data: beginCell().storeUint(0, 64).endCell() };
    const address = contractAddress(0, init).toRawString();
    const request: TonProofRequest = {
      address,
      network: "-239",
      public_key: Buffer.from(publicKey).toString("hex"),
      proof: signTonProof({
        secretKey: seed,
        address,
        stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString("base64"),
        domain: "fre.example",
        timestamp: 1_767_225_600,
        payload: "challenge",
      }),
    };
    expect(await verifyTonProof(request, optionsFor(request))).toEqual({
      ok: false,
      reason: "malformed_input",
    });
  });
});

describe("signTonProof ↔ verifyTonProof", () => {
  const seed = randomBytes(32);
  const wallet = walletV4R2({ publicKey: ed25519PublicKey(seed) });
  const timestamp = 1_767_225_600;

  const proofInput = (payload: string, domain = "fre.example") => ({
    secretKey: seed,
    address: wallet.address,
    stateInit: wallet.stateInit,
    domain,
    timestamp,
    payload,
  });
  const proofFor = (payload: string, domain?: string) => signTonProof(proofInput(payload, domain));

  it("round-trips a dev wallet's proof, payload bytes exactly as given", async () => {
    for (const payload of ["c2VjcmV0LWNoYWxsZW5nZQ", "défi ✓ 挑战", " spaced "]) {
      const request: TonProofRequest = {
        address: wallet.address,
        network: "-3",
        public_key: wallet.publicKey,
        proof: proofFor(payload),
      };
      expect(await verifyTonProof(request, optionsFor(request))).toEqual({
        ok: true,
        publicKey: wallet.publicKey,
        address: wallet.address,
        wallet: "v4R2",
      });
    }
  });

  it("counts the domain's UTF-8 bytes, not its characters", () => {
    expect(proofFor("p", "bücher.example").domain).toEqual({
      value: "bücher.example",
      lengthBytes: 15,
    });
  });

  /** The spec's layout written out independently of ton-proof-message.ts. */
  function specDigest(payload: string, domain = "fre.example") {
    const sha = (data: Buffer) => createHash("sha256").update(data).digest();
    const workchain = Buffer.alloc(4);
    const domainLength = Buffer.alloc(4);
    domainLength.writeUInt32LE(Buffer.byteLength(domain));
    const ts = Buffer.alloc(8);
    ts.writeBigUInt64LE(BigInt(timestamp));
    const message = Buffer.concat([
      Buffer.from("ton-proof-item-v2/"),
      workchain,
      Buffer.from(wallet.address.slice(2), "hex"),
      domainLength,
      Buffer.from(domain),
      ts,
      Buffer.from(payload),
    ]);
    return sha(
      Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from("ton-connect"), sha(message)]),
    );
  }

  it("signs what an independent implementation (tweetnacl, the spec's layout) verifies", () => {
    const proof = proofFor("independent");
    expect(
      nacl.sign.detached.verify(
        specDigest("independent"),
        Buffer.from(proof.signature, "base64"),
        Buffer.from(wallet.publicKey, "hex"),
      ),
    ).toBe(true);
  });

  it("verifies a proof tweetnacl signed over the spec's layout", async () => {
    const pair = nacl.sign.keyPair.fromSeed(seed);
    const signature = nacl.sign.detached(specDigest("from nacl"), pair.secretKey);
    const request: TonProofRequest = {
      address: wallet.address,
      network: "-239",
      public_key: wallet.publicKey,
      proof: { ...proofFor("from nacl"), signature: Buffer.from(signature).toString("base64") },
    };
    expect(await verifyTonProof(request, optionsFor(request))).toMatchObject({ ok: true });
  });

  it("signs with tweetnacl's 64-byte secret key as with the seed", () => {
    const pair = nacl.sign.keyPair.fromSeed(seed);
    const viaPair = signTonProof({ ...proofInput("same"), secretKey: pair.secretKey });
    // ed25519 is deterministic: the same key signs the same bytes identically.
    expect(viaPair.signature).toBe(proofFor("same").signature);
    const mismatched = Uint8Array.from([...seed, ...new Uint8Array(32)]);
    expect(() => signTonProof({ ...proofInput("x"), secretKey: mismatched })).toThrow(
      /public half/,
    );
  });

  it("leaves state_init out of the proof when none is given", () => {
    const { stateInit: _omitted, ...withoutState } = proofInput("x");
    expect(signTonProof(withoutState)).not.toHaveProperty("state_init");
  });
});
