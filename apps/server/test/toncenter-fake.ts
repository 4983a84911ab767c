import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Address, beginCell, Cell, loadMessage } from "@ton/core";
import { signVerify } from "@ton/crypto";
import { type JettonTransfer, parseJettonTransfer } from "../src/adapters/chain/jetton-transfer.ts";
import {
  JETTON_EXCESSES_OP,
  parseWalletV4Transfer,
} from "../src/adapters/chain/toncenter-payouts.ts";

/**
 * A local stand-in for toncenter v3, speaking its JSON shapes for the calls FRE makes:
 * `GET /api/v3/transactions` (account, start_lt inclusive, sort, limit, offset),
 * `POST /api/v3/runGetMethod` (get_public_key) and `GET /api/v3/masterchainInfo`.
 * Tests add transactions to the account's history; `down` makes every call answer 503.
 */
export interface ToncenterFake {
  url: string;
  /** Adds an incoming transfer to the shop's history; returns its hash and lt. */
  receive(transfer: {
    amountNano: bigint;
    comment?: string | null;
    from?: string;
    bounced?: boolean;
  }): { hash: string; lt: string };
  /** Serves the same transaction twice in answers (an indexer re-delivering it). */
  repeatLast(): void;
  publicKeys: Map<string, string>;
  /**
   * Payouts: a hot wallet v4R2 (public key hex) holding FRE of `jettonMaster`. `POST
   * /api/v3/message` then checks signature, subwallet, valid_until and seqno, records the jetton
   * transfer as the wallet's transaction (and the excess, or a bounce) and bumps the seqno.
   */
  enablePayouts(hot: { address: string; publicKey: string; jettonMaster: string }): void;
  /** The jetton transfers the hot wallet sent, in order, with the TON attached to each. */
  transfers: (JettonTransfer & { attachedNano: bigint; seqno: number; hash: string })[];
  /** Messages refused (bad signature, seqno, expired), with why. */
  refused: string[];
  /** The next accepted message is recorded, but the API answers 502 (the answer got lost). */
  loseNextAnswer: boolean;
  /** The next transfer is bounced back by the hot wallet's jetton wallet (no FRE moved). */
  bounceNext: boolean;
  /** The jetton wallet the master gives an owner (deterministic). */
  jettonWalletOf(owner: string): string;
  seqno: number;
  /**
   * The hot wallet's TON (`GET /api/v3/account`) and FRE (`get_wallet_data` of its jetton
   * wallet); each transfer takes its FRE and its TON cost (the fees below) out of them.
   */
  hotTonNano: bigint;
  hotJettonNano: bigint;
  down: boolean;
  calls: number;
  close(): Promise<void>;
}

const PAYER = "0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8";
/** The fees the fake charges: the wallet's transaction, its message's forward fee, the excess's. */
export const FAKE_FEES = { wallet: 5_000_000n, forward: 1_000_000n, excess: 100_000n };
/** The excess the jetton wallet sends back (of the 0.05 TON attached). */
const EXCESS_NANO = 30_000_000n;

export async function startToncenterFake(account: string): Promise<ToncenterFake> {
  const history: Record<string, unknown>[] = [];
  let lt = 48_000_000_000_000n;
  let now = Math.floor(Date.now() / 1000);
  let hot: { address: Address; publicKey: Buffer; jettonMaster: Address } | null = null;
  const raw = (address: string) => Address.parse(address).toRawString().toUpperCase();
  const b64 = (cell: Cell) => cell.toBoc().toString("base64");
  const txOf = (
    inMsg: Record<string, unknown>,
    outMsgs: Record<string, unknown>[] = [],
    totalFees = 0n,
  ) => {
    lt += 1000n;
    now = Math.max(now + 1, Math.floor(Date.now() / 1000));
    const hash = createHash("sha256").update(`tx:${lt}`).digest("base64");
    history.push({
      account: raw(hot!.address.toRawString()),
      hash,
      lt: lt.toString(),
      now,
      total_fees: totalFees.toString(),
      description: { type: "ord", aborted: false, compute_ph: { success: true } },
      in_msg: inMsg,
      out_msgs: outMsgs,
    });
    return hash;
  };
  /** A wallet v4R2 external message to the hot wallet: checked, recorded, or refused (why). */
  const accept = (boc: string): string | null => {
    if (!hot) return "no hot wallet";
    const message = loadMessage(Cell.fromBase64(boc).beginParse());
    if (message.info.type !== "external-in" || !message.info.dest.equals(hot.address)) {
      return "not an external message to the hot wallet";
    }
    const send = parseWalletV4Transfer(message.body);
    if (!signVerify(send.signed.hash(), send.signature, hot.publicKey)) return "bad signature";
    if (send.subwalletId !== 698_983_191) return "wrong subwallet id";
    if (send.validUntil <= Math.floor(Date.now() / 1000)) return "expired";
    if (send.seqno !== fake.seqno) return `seqno ${send.seqno}, wallet at ${fake.seqno}`;
    if (fake.seqno === 0 && !message.init) return "undeployed wallet without its state init";
    fake.seqno += 1;
    const jettonWallet = fake.jettonWalletOf(hot.address.toRawString());
    const outs = send.messages.filter(
      (m) =>
        m.message.info.type === "internal" &&
        m.message.info.dest.equals(Address.parse(jettonWallet)),
    );
    const hashes: string[] = [];
    txOf(
      {
        source: null,
        destination: raw(hot.address.toRawString()),
        message_content: { body: b64(message.body) },
      },
      outs.map((m) => ({
        source: raw(hot!.address.toRawString()),
        destination: raw(jettonWallet),
        value: m.message.info.type === "internal" ? m.message.info.value.coins.toString() : "0",
        fwd_fee: FAKE_FEES.forward.toString(),
        message_content: { body: b64(m.message.body) },
      })),
      FAKE_FEES.wallet,
    );
    fake.hotTonNano -= FAKE_FEES.wallet;
    hashes.push(String(history.at(-1)!.hash));
    for (const { message: m } of outs) {
      const transfer = parseJettonTransfer(m.body);
      const attachedNano = m.info.type === "internal" ? m.info.value.coins : 0n;
      fake.hotTonNano -= attachedNano + FAKE_FEES.forward;
      const bounced = fake.bounceNext;
      fake.bounceNext = false;
      if (bounced) {
        const body = beginCell()
          .storeUint(0xffffffff, 32)
          .storeSlice(m.body.beginParse())
          .endCell();
        txOf({
          source: raw(jettonWallet),
          bounced: true,
          value: "40000000",
          message_content: { body: b64(body) },
        });
        continue;
      }
      fake.transfers.push({ ...transfer, attachedNano, seqno: send.seqno, hash: hashes[0]! });
      fake.hotJettonNano -= transfer.amount;
      fake.hotTonNano += EXCESS_NANO - FAKE_FEES.excess;
      const excess = beginCell()
        .storeUint(JETTON_EXCESSES_OP, 32)
        .storeUint(transfer.queryId, 64)
        .endCell();
      txOf(
        {
          source: raw(fake.jettonWalletOf(transfer.destination.toRawString())),
          bounced: false,
          value: EXCESS_NANO.toString(),
          message_content: { body: b64(excess) },
        },
        [],
        FAKE_FEES.excess,
      );
    }
    return null;
  };

  const fake: ToncenterFake = {
    url: "",
    publicKeys: new Map(),
    transfers: [],
    refused: [],
    loseNextAnswer: false,
    bounceNext: false,
    seqno: 0,
    hotTonNano: 10_000_000_000n,
    hotJettonNano: 1_000_000_000_000_000n,
    enablePayouts({ address, publicKey, jettonMaster }) {
      hot = {
        address: Address.parse(address),
        publicKey: Buffer.from(publicKey, "hex"),
        jettonMaster: Address.parse(jettonMaster),
      };
    },
    jettonWalletOf(owner) {
      return `0:${createHash("sha256")
        .update(`jetton-wallet:${raw(owner)}`)
        .digest("hex")}`;
    },
    down: false,
    calls: 0,
    receive({ amountNano, comment = null, from = PAYER, bounced = false }) {
      lt += 1000n;
      now += 1;
      const hash = createHash("sha256").update(`tx:${lt}`).digest("base64");
      history.push({
        account,
        hash,
        lt: lt.toString(),
        now,
        description: { type: "ord", aborted: false },
        in_msg: {
          source: from,
          destination: account,
          value: amountNano.toString(),
          bounced,
          message_content: {
            decoded: comment === null ? null : { type: "text_comment", comment },
          },
        },
        out_msgs: [],
      });
      return { hash, lt: lt.toString() };
    },
    repeatLast() {
      const last = history.at(-1);
      if (last) history.push(last);
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const server: Server = createServer((request, response) => {
    fake.calls += 1;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (fake.down) return send(503, { error: "service unavailable" });
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === "/api/v3/masterchainInfo") return send(200, { last: { seqno: 1 } });
    if (url.pathname === "/api/v3/account") {
      const address = url.searchParams.get("address") ?? "";
      if (!hot || raw(address) !== raw(hot.address.toRawString())) {
        return send(404, { error: "account not found" });
      }
      return send(200, { balance: fake.hotTonNano.toString(), status: "active" });
    }
    if (url.pathname === "/api/v3/transactions") {
      const start = BigInt(url.searchParams.get("start_lt") ?? "0");
      const limit = Number(url.searchParams.get("limit") ?? "10");
      const offset = Number(url.searchParams.get("offset") ?? "0");
      const end = BigInt(url.searchParams.get("end_lt") ?? (2n ** 64n).toString());
      const account = url.searchParams.get("account");
      const matching = history.filter(
        (tx) =>
          BigInt(tx.lt as string) >= start &&
          BigInt(tx.lt as string) <= end &&
          (!account || raw(String(tx.account)) === raw(account)),
      );
      if (url.searchParams.get("sort") === "desc") matching.reverse();
      const page = matching.slice(offset, offset + limit);
      return send(200, { transactions: page, address_book: {} });
    }
    if (url.pathname === "/api/v3/runGetMethod" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const { address, method, stack } = JSON.parse(body) as {
          address: string;
          method: string;
          stack: { type: string; value: string }[];
        };
        if (hot && method === "seqno" && raw(address) === raw(hot.address.toRawString())) {
          if (fake.seqno === 0) return send(200, { gas_used: 0, exit_code: -13, stack: [] });
          return send(200, {
            exit_code: 0,
            stack: [{ type: "num", value: `0x${fake.seqno.toString(16)}` }],
          });
        }
        if (
          hot &&
          method === "get_wallet_address" &&
          raw(address) === raw(hot.jettonMaster.toRawString())
        ) {
          const owner = Cell.fromBase64(stack[0]!.value).beginParse().loadAddress();
          const wallet = beginCell().storeAddress(
            Address.parse(fake.jettonWalletOf(owner.toRawString())),
          );
          return send(200, {
            exit_code: 0,
            stack: [{ type: "cell", value: b64(wallet.endCell()) }],
          });
        }
        if (
          hot &&
          method === "get_wallet_data" &&
          raw(address) === raw(fake.jettonWalletOf(hot.address.toRawString()))
        ) {
          return send(200, {
            exit_code: 0,
            stack: [{ type: "num", value: `0x${fake.hotJettonNano.toString(16)}` }],
          });
        }
        const key = fake.publicKeys.get(address);
        if (!key) return send(200, { gas_used: 0, exit_code: -13, stack: [] });
        send(200, { gas_used: 100, exit_code: 0, stack: [{ type: "num", value: `0x${key}` }] });
      });
      return;
    }
    if (url.pathname === "/api/v3/message" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const refused = accept((JSON.parse(body) as { boc: string }).boc);
        if (refused) {
          fake.refused.push(refused);
          return send(400, { error: `cannot apply external message: ${refused}` });
        }
        if (fake.loseNextAnswer) {
          fake.loseNextAnswer = false;
          return send(502, { error: "bad gateway" });
        }
        send(200, { message_hash: "accepted" });
      });
      return;
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
