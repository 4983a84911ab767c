import { createHash, createPublicKey, verify } from "node:crypto";
import { tonProofDigest } from "@fre/shared";
import { describe, expect, it, vi } from "vitest";
import { createDevWalletBridge, type DevWalletDeps, rawAddressParts } from "./dev-wallet-bridge";
import { webCryptoKeys, webCryptoSha256 } from "./dev-wallet-keys";

const ADDRESS = `0:${"ab".repeat(32)}`;
const SHOP = "0QBfDjsb0MSlwKHwo7jm88LR5LWml4h3ZlVEMyIR8OHSw0nQ";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function setup(overrides: Partial<DevWalletDeps> = {}) {
  const deps: DevWalletDeps = {
    network: "-3",
    storage: memoryStorage(),
    keys: webCryptoKeys,
    sha256: webCryptoSha256,
    createWallet: vi.fn(async () => ({
      address: ADDRESS,
      friendlyAddress: "0Qfriendly",
      stateInit: "te6cc",
    })),
    transfer: vi.fn(async () => ({ hash: "f".repeat(64) })),
    confirm: vi.fn(async () => true),
    now: () => 1_700_000_000_000,
    origin: "http://127.0.0.1:3000",
    ...overrides,
  };
  return { deps, bridge: createDevWalletBridge(deps) };
}

const connectRequest = {
  manifestUrl: "http://127.0.0.1:3000/tonconnect-manifest.json",
  items: [{ name: "ton_addr" as const }, { name: "ton_proof" as const, payload: "challenge" }],
};

describe("FRE Dev Wallet bridge", () => {
  it("connects with the wallet's address and a ton_proof its key signed for the manifest's host", async () => {
    const { bridge } = setup();
    const event = (await bridge.connect(2, connectRequest)) as {
      event: string;
      payload: { items: Record<string, unknown>[] };
    };
    expect(event.event).toBe("connect");
    const [addr, proofItem] = event.payload.items as [
      { address: string; publicKey: string; network: string; walletStateInit: string },
      {
        proof: {
          timestamp: number;
          domain: { value: string; lengthBytes: number };
          signature: string;
          payload: string;
        };
      },
    ];
    expect(addr).toMatchObject({ address: ADDRESS, network: "-3", walletStateInit: "te6cc" });
    const { proof } = proofItem;
    expect(proof).toMatchObject({
      timestamp: 1_700_000_000,
      domain: { value: "127.0.0.1:3000", lengthBytes: 14 },
      payload: "challenge",
    });
    const digest = tonProofDigest(
      {
        ...rawAddressParts(ADDRESS),
        addressHash: rawAddressParts(ADDRESS).hash,
        ...proof,
        domain: proof.domain.value,
      },
      (data) => new Uint8Array(createHash("sha256").update(data).digest()),
    );
    const key = createPublicKey({
      key: Buffer.concat([
        Buffer.from("302a300506032b6570032100", "hex"),
        Buffer.from(addr.publicKey, "hex"),
      ]),
      format: "der",
      type: "spki",
    });
    expect(verify(null, digest, key, Buffer.from(proof.signature, "base64"))).toBe(true);
    // A tampered payload does not verify.
    const other = tonProofDigest(
      {
        workchain: 0,
        addressHash: rawAddressParts(ADDRESS).hash,
        domain: "127.0.0.1:3000",
        timestamp: proof.timestamp,
        payload: "other",
      },
      (data) => new Uint8Array(createHash("sha256").update(data).digest()),
    );
    expect(verify(null, other, key, Buffer.from(proof.signature, "base64"))).toBe(false);
  });

  it("keeps one wallet, restores the connection and forgets it on disconnect", async () => {
    const { bridge, deps } = setup();
    expect((await bridge.restoreConnection()).event).toBe("disconnect");
    await bridge.connect(2, connectRequest);
    await bridge.connect(2, connectRequest);
    expect(deps.createWallet).toHaveBeenCalledTimes(1);
    expect((await bridge.restoreConnection()).event).toBe("connect");
    expect(await bridge.send({ method: "disconnect", params: [], id: "1" })).toEqual({
      result: {},
      id: "1",
    });
    expect((await bridge.restoreConnection()).event).toBe("disconnect");
  });

  it("sends a transaction after the user confirms, and reports a refusal with code 300", async () => {
    const confirm = vi.fn(async () => false);
    const { bridge, deps } = setup({ confirm });
    await bridge.connect(2, connectRequest);
    const tx = {
      valid_until: 1_700_000_600,
      messages: [{ address: SHOP, amount: "1500000000", payload: "te6ccPAYLOAD" }],
    };
    const request = { method: "sendTransaction", params: [JSON.stringify(tx)], id: "7" };
    const refused = (await bridge.send(request)) as { error: { code: number }; id: string };
    expect(refused).toMatchObject({ error: { code: 300 }, id: "7" });
    expect(confirm).toHaveBeenCalledWith({
      from: ADDRESS,
      transfers: [{ to: SHOP, amountTon: "1.500000000" }],
    });
    expect(deps.transfer).not.toHaveBeenCalled();

    confirm.mockResolvedValueOnce(true);
    expect(await bridge.send(request)).toEqual({ result: "f".repeat(64), id: "7" });
    expect(deps.transfer).toHaveBeenCalledWith({
      from: ADDRESS,
      to: SHOP,
      amountTon: "1.500000000",
      payload: "te6ccPAYLOAD",
    });
  });

  it("refuses an expired request and unknown methods without asking", async () => {
    const { bridge, deps } = setup();
    await bridge.connect(2, connectRequest);
    const expired = { valid_until: 1_600_000_000, messages: [{ address: SHOP, amount: "1" }] };
    const answer = (await bridge.send({
      method: "sendTransaction",
      params: [JSON.stringify(expired)],
      id: "2",
    })) as {
      error: { code: number };
    };
    expect(answer.error.code).toBe(1);
    expect(deps.confirm).not.toHaveBeenCalled();
    const unknown = (await bridge.send({ method: "signData", params: [], id: "3" })) as {
      error: { code: number };
    };
    expect(unknown.error.code).toBe(400);
  });
});
