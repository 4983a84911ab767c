import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  createTestApp,
  expectLedgerBalanced,
  signUp,
  type TestApp,
} from "./helpers.ts";
import { newTonWallet, type TestTonWallet, tonProofBody } from "./ton-helpers.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(test);
  } finally {
    await test.close();
  }
});

const newWallet = newTonWallet;
const proofBody = (
  c: Client,
  wallet: TestTonWallet,
  overrides: Parameters<typeof tonProofBody>[3] = {},
) => tonProofBody(test, c, wallet, overrides);

describe("TON wallet link (ton_proof)", () => {
  it("links a wallet whose proof checks out and shows it on /api/me", async () => {
    const { client: c } = await signUp(test);
    expect((await c.get("/api/me")).json().tonWallet).toBeNull();
    const wallet = newWallet();
    const linked = await c.post("/api/ton/wallet", await proofBody(c, wallet));
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ address: wallet.address, network: "-3" });
    expect(linked.json().friendlyAddress).toMatch(/^0Q/);
    expect((await c.get("/api/me")).json().tonWallet).toMatchObject({ address: wallet.address });
  });

  it("refuses a replayed, foreign, stale or forged proof with the reason", async () => {
    const { client: c } = await signUp(test);
    const wallet = newWallet();
    const body = await proofBody(c, wallet);
    expect((await c.post("/api/ton/wallet", body)).statusCode).toBe(200);
    const replay = await c.post("/api/ton/wallet", body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "TON_PROOF_INVALID" });
    expect(replay.json().message).toContain("défi");

    const foreign = await c.post(
      "/api/ton/wallet",
      await proofBody(c, wallet, { domain: "evil.example" }),
    );
    expect(foreign.json().message).toContain("autre site");
    const stale = await c.post(
      "/api/ton/wallet",
      await proofBody(c, wallet, {
        timestamp: Math.floor(test.clock.now().getTime() / 1000) - 3600,
      }),
    );
    expect(stale.json().message).toContain("trop ancienne");
    const forged = await proofBody(c, wallet);
    forged.public_key = newWallet().publicKey;
    const refused = await c.post("/api/ton/wallet", forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("TON_PROOF_INVALID");
  });

  it("a challenge is the asking user's only, and a wallet belongs to one account", async () => {
    const alice = await signUp(test);
    const bob = await signUp(test);
    const wallet = newWallet();
    const alicesPayload = (await alice.client.get("/api/ton/proof-payload")).json().payload;
    const stolen = await bob.client.post(
      "/api/ton/wallet",
      await proofBody(bob.client, wallet, { payload: alicesPayload }),
    );
    expect(stolen.statusCode).toBe(400);
    expect(
      (await alice.client.post("/api/ton/wallet", await proofBody(alice.client, wallet)))
        .statusCode,
    ).toBe(200);
    const taken = await bob.client.post("/api/ton/wallet", await proofBody(bob.client, wallet));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("WALLET_IN_USE");
  });

  it("an expired challenge is refused; unlinking frees the wallet", async () => {
    const { client: c } = await signUp(test);
    const wallet = newWallet();
    const payload = (await c.get("/api/ton/proof-payload")).json().payload;
    test.clock.advance(16 * 60_000);
    const late = await c.post("/api/ton/wallet", await proofBody(c, wallet, { payload }));
    expect(late.statusCode).toBe(400);
    expect((await c.post("/api/ton/wallet", await proofBody(c, wallet))).statusCode).toBe(200);
    expect((await c.delete("/api/ton/wallet")).statusCode).toBe(204);
    expect((await c.get("/api/me")).json().tonWallet).toBeNull();
    expect((await c.delete("/api/ton/wallet")).statusCode).toBe(404);
  });
});
