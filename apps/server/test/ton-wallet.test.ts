import type { LinkTonWalletBody } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { tonWallets } from "../src/db/schema/index.ts";
import { isUniqueViolation } from "../src/lib/db-errors.ts";
import { sameTonAddress } from "../src/modules/ton/address.ts";
import { linkWallet } from "../src/modules/ton/ton-wallet.service.ts";
import { hasOpenWithdrawal } from "../src/modules/withdrawals/withdrawals.service.ts";
import {
  type Client,
  createTestApp,
  expectLedgerBalanced,
  signUp,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";
import {
  fundForWithdrawal,
  linkTonWallet,
  newTonWallet,
  requestWithdrawal,
  type TestTonWallet,
  tonProofBody,
} from "./ton-helpers.ts";

const test = useTestApp();

const newWallet = newTonWallet;
const proofBody = (
  c: Client,
  wallet: TestTonWallet,
  overrides: Parameters<typeof tonProofBody>[3] = {},
) => tonProofBody(test(), c, wallet, overrides);

describe("TON wallet link (ton_proof)", () => {
  it("links a wallet whose proof checks out and shows it on /api/me", async () => {
    const { client: c } = await signUp(test());
    expect((await c.get("/api/me")).json().tonWallet).toBeNull();
    const wallet = newWallet();
    const linked = await c.post("/api/ton/wallet", await proofBody(c, wallet));
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ address: wallet.address, network: "-3" });
    expect(linked.json().friendlyAddress).toMatch(/^0Q/);
    expect((await c.get("/api/me")).json().tonWallet).toMatchObject({ address: wallet.address });
  });

  it("refuses a replayed, foreign, stale or forged proof with the reason", async () => {
    const { client: c } = await signUp(test());
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
        timestamp: Math.floor(test().clock.now().getTime() / 1000) - 3600,
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
    const alice = await signUp(test());
    const bob = await signUp(test());
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
    const { client: c } = await signUp(test());
    const wallet = newWallet();
    const payload = (await c.get("/api/ton/proof-payload")).json().payload;
    test().clock.advance(16 * 60_000);
    const late = await c.post("/api/ton/wallet", await proofBody(c, wallet, { payload }));
    expect(late.statusCode).toBe(400);
    expect((await c.post("/api/ton/wallet", await proofBody(c, wallet))).statusCode).toBe(200);
    expect((await c.delete("/api/ton/wallet")).statusCode).toBe(204);
    expect((await c.get("/api/me")).json().tonWallet).toBeNull();
    expect((await c.delete("/api/ton/wallet")).statusCode).toBe(404);
  });
});

/** A user whose withdrawal of 30 FRE to their linked wallet is pending. */
async function withPendingWithdrawal() {
  const { client: c, me } = await verifiedUser(test(), "tw");
  const wallet = await linkTonWallet(test(), c);
  await fundForWithdrawal(test(), me.id, "100");
  const asked = await requestWithdrawal(test(), c, "30");
  expect(asked.statusCode).toBe(201);
  return { c, wallet, withdrawalId: asked.json().id as string };
}

/** The masterchain spelling (`-1:<hash>`) of a basechain wallet's address. */
const onMasterchain = (wallet: TestTonWallet) => wallet.address.replace(/^0:/, "-1:");

describe("TON wallet link while a withdrawal is open", () => {
  it("refuses another wallet (409 WALLET_WITHDRAWAL_ACTIVE) until it is over; the same one is fine", async () => {
    const { c, wallet, withdrawalId } = await withPendingWithdrawal();
    const other = newWallet();
    const swapped = await c.post("/api/ton/wallet", await proofBody(c, other));
    expect(swapped.statusCode).toBe(409);
    expect(swapped.json().error).toBe("WALLET_WITHDRAWAL_ACTIVE");
    expect((await c.get("/api/me")).json().tonWallet).toMatchObject({ address: wallet.address });
    const withdrawal = (await c.get("/api/withdrawals")).json().items[0];
    expect(withdrawal).toMatchObject({ id: withdrawalId, status: "pending" });

    // The address the payout goes to stays the one shown: re-proving it changes nothing.
    const again = await c.post("/api/ton/wallet", await proofBody(c, wallet));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ address: wallet.address });

    expect((await c.post(`/api/withdrawals/${withdrawalId}/cancel`)).statusCode).toBe(200);
    const after = await c.post("/api/ton/wallet", await proofBody(c, other));
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ address: other.address });
  });

  it("a withdrawal asked while a link is being written waits for it: it pays the wallet shown", async () => {
    const { client: c, me } = await verifiedUser(test(), "twr");
    await linkTonWallet(test(), c);
    await fundForWithdrawal(test(), me.id, "100");
    const other = newWallet();
    const body = (await proofBody(c, other)) as LinkTonWalletBody;
    let checked = () => {};
    const hasChecked = new Promise<void>((done) => {
      checked = done;
    });
    // The link pauses right after finding no open withdrawal, its transaction still open.
    const linking = linkWallet(
      {
        db: test().db,
        clock: test().clock,
        chain: test().shop.deps.chain,
        allowedDomains: ["localhost:3000"],
        network: "-3",
        hasOpenWithdrawal: async (tx, userId) => {
          const open = await hasOpenWithdrawal(tx, userId);
          checked();
          await new Promise((wait) => setTimeout(wait, 300));
          return open;
        },
      },
      me.id,
      body,
    );
    await hasChecked;
    const asking = requestWithdrawal(test(), c, "30");
    expect(await linking).toMatchObject({ address: other.address });
    const asked = await asking;
    expect(asked.statusCode).toBe(201);
    expect(sameTonAddress(asked.json().wallet, other.address)).toBe(true);
    expect((await c.get("/api/me")).json().tonWallet.address).toBe(other.address);
  });
});

describe("TON wallet link: basechain wallets only, one account per wallet", () => {
  it("refuses the masterchain spelling of a wallet linked to another account (400)", async () => {
    const alice = await signUp(test());
    const bob = await signUp(test());
    const wallet = newWallet();
    expect(
      (await alice.client.post("/api/ton/wallet", await proofBody(alice.client, wallet)))
        .statusCode,
    ).toBe(200);
    const twin = await bob.client.post(
      "/api/ton/wallet",
      await proofBody(bob.client, wallet, { address: onMasterchain(wallet) }),
    );
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error).toBe("TON_PROOF_INVALID");
    expect((await bob.client.get("/api/me")).json().tonWallet).toBeNull();
  });

  it("refuses a masterchain wallet even when nobody has it (400)", async () => {
    const { client: c } = await signUp(test());
    const wallet = newWallet();
    const master = await c.post(
      "/api/ton/wallet",
      await proofBody(c, wallet, { address: onMasterchain(wallet) }),
    );
    expect(master.statusCode).toBe(400);
    expect(master.json().error).toBe("TON_PROOF_INVALID");
  });

  it("the database keeps one account per wallet hash, whatever the workchain", async () => {
    const { db } = test();
    const alice = await signUp(test());
    const bob = await signUp(test());
    const wallet = await linkTonWallet(test(), alice.client);
    const twin = db.insert(tonWallets).values({
      userId: bob.me.id,
      address: onMasterchain(wallet),
      network: "-3",
      publicKey: wallet.publicKey,
      linkedAt: test().clock.now(),
    });
    const error = await twin.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe("TON wallet link: the server's network only", () => {
  it("a testnet server refuses a mainnet proof (400) and links nothing", async () => {
    const { client: c } = await signUp(test());
    const wallet = newWallet();
    const mainnet = await c.post(
      "/api/ton/wallet",
      await proofBody(c, wallet, { network: "-239" }),
    );
    expect(mainnet.statusCode).toBe(400);
    expect(mainnet.json().error).toBe("TON_PROOF_INVALID");
    expect((await c.get("/api/me")).json().tonWallet).toBeNull();
  });

  it("a mainnet server refuses a testnet proof (400) and takes a mainnet one", async () => {
    const mainnet = await createTestApp({ config: { TON_NETWORK: "mainnet" } });
    try {
      const { client: c } = await signUp(mainnet);
      const wallet = newWallet();
      const testnet = await c.post(
        "/api/ton/wallet",
        await tonProofBody(mainnet, c, wallet, { network: "-3" }),
      );
      expect(testnet.statusCode).toBe(400);
      expect(testnet.json().error).toBe("TON_PROOF_INVALID");
      const linked = await c.post(
        "/api/ton/wallet",
        await tonProofBody(mainnet, c, wallet, { network: "-239" }),
      );
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({ address: wallet.address, network: "-239" });
      expect(linked.json().friendlyAddress).toMatch(/^UQ/);
      await expectLedgerBalanced(mainnet);
    } finally {
      await mainnet.close();
    }
  });
});
