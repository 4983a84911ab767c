// The TON transaction emulator (@ton/sandbox: the real TVM, the real wallet v4R2 and jetton
// contracts, real fees, offline) behind toncenter v3's HTTP API, so FRE's own toncenter driver
// (`adapters/chain/toncenter-chain.ts`, `toncenter-payouts.ts`) reads and sends through exactly
// the code path it uses in production: the same requests, the same JSON, the same parsing.
// Decision 0068.

import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Address,
  beginCell,
  Cell,
  contractAddress,
  Dictionary,
  external,
  internal,
  loadMessage,
  type Message,
  SendMode,
  type StateInit,
  type TupleItem,
  toNano,
} from "@ton/core";
import { keyPairFromSeed } from "@ton/crypto";
import {
  Blockchain,
  type BlockchainTransaction,
  GetMethodError,
  type SandboxContract,
  type TreasuryContract,
} from "@ton/sandbox";
import { WalletContractV4 } from "@ton/ton";
import minterCompiled from "./fixtures/jetton/JettonMinter.compiled.json" with { type: "json" };
import walletCompiled from "./fixtures/jetton/JettonWallet.compiled.json" with { type: "json" };

/**
 * The standard jetton: TEP-74's reference implementation "Jetton 2.0", the files
 * build/JettonWallet.compiled.json and build/JettonMinter.compiled.json of
 * github.com/ton-blockchain/jetton-contract at d55f228 (byte for byte). Its wallet code is the one
 * deployed on mainnet as a public library by Notcoin and used by NOT's and DOGS' masters (their
 * wallet code is the library cell of hash ba2918c8…); the test checks the fixtures against these
 * hashes, written here and not read from the fixtures (decision 0068).
 */
export const JETTON_WALLET_CODE = Cell.fromHex(walletCompiled.hex);
export const JETTON_MINTER_CODE = Cell.fromHex(minterCompiled.hex);
export const PUBLISHED_JETTON_WALLET_CODE_HASH =
  "ba2918c8947e9b25af9ac1b883357754173e5812f807a3d6e642a14709595395";
export const PUBLISHED_JETTON_MINTER_CODE_HASH =
  "f83d05490af7c9cc58019488c7b253c9492d49c25d12d09383e52e81537e343a";

/**
 * The wallet code as the minter holds it on mainnet: a library cell (tag 2 and the code's hash),
 * the code itself in the network's libraries. Jetton 2.0's gas figures assume it.
 */
const libraryCell = (code: Cell) =>
  beginCell().storeUint(2, 8).storeBuffer(code.hash()).endCell({ exotic: true });
export const JETTON_WALLET_LIBRARY = libraryCell(JETTON_WALLET_CODE);

const OP_MINT = 0x642b7d07;
const OP_INTERNAL_TRANSFER = 0x178d4519;
const OP_TOP_UP = 0xd372158c;

const raw = (address: Address) => address.toRawString().toUpperCase();
const b64 = (cell: Cell) => cell.toBoc().toString("base64");

export interface SandboxToncenter {
  blockchain: Blockchain;
  /** toncenter v3 over HTTP, served from the emulator (`TON_API_URL`). */
  url: string;
  /** The same API as a fetch function (no socket). */
  fetch: typeof fetch;
  /** The FRE jetton master, deployed; its admin is `admin`. */
  minter: Address;
  admin: SandboxContract<TreasuryContract>;
  /** Mints FRE (nano, 9 decimals) to an owner's jetton wallet. */
  mint(owner: Address, amount: bigint): Promise<void>;
  jettonWalletOf(owner: Address): Promise<Address>;
  /** The owner's FRE balance (0 while its jetton wallet is not deployed). */
  jettonBalance(owner: Address): Promise<bigint>;
  tonBalance(address: Address): Promise<bigint>;
  /** Sends TON to an address from a funded treasury (non-bounceable: it may not be deployed). */
  fund(address: Address, amount: bigint): Promise<void>;
  /**
   * Executes the external messages accepted since the last block, in order, each to the end of
   * its chain of internal messages (the network's pace: one block). Returns how many executed.
   */
  block(): Promise<number>;
  /** true: an accepted message waits for `block()`; false (default): it executes at once. */
  queue: boolean;
  /** The next N accepted messages are lost on the way (answered 200, never executed). */
  loseNext: number;
  /** Every external message POSTed to the API, in order (lost ones too). */
  posted: Cell[];
  /** The messages `loseNext` lost. */
  lost: Cell[];
  /** Messages a validator dropped (expired, wrong seqno…) or the API refused, with why. */
  dropped: string[];
  /** Every transaction executed, in order. */
  transactions: BlockchainTransaction[];
  /** Executes a message now (a user's wallet sending), recording its transactions. */
  execute(message: Message | Cell): Promise<BlockchainTransaction[]>;
  /** The emulator's time now (unix seconds): the clock FRE runs on, never going back. */
  seconds(): number;
  down: boolean;
  close(): Promise<void>;
}

/** Unix seconds of the clock FRE runs on: the emulator's block time follows it. */
export type Seconds = () => number;

/** Starts the emulator, deploys the FRE jetton master, and serves toncenter v3 over it. */
export async function startSandboxToncenter(now: Seconds): Promise<SandboxToncenter> {
  const blockchain = await Blockchain.create();
  blockchain.now = now();
  const libraries = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
  libraries.set(JETTON_WALLET_CODE.hash(), JETTON_WALLET_CODE);
  blockchain.libs = beginCell().storeDictDirect(libraries).endCell();
  const admin = await blockchain.treasury("fre-admin", { balance: toNano("1000000") });
  const minterData = beginCell()
    .storeCoins(0)
    .storeAddress(admin.address)
    .storeAddress(null)
    .storeRef(JETTON_WALLET_LIBRARY)
    .storeRef(beginCell().storeStringRefTail("https://fre.local/jetton.json").endCell())
    .endCell();
  const minterInit: StateInit = { code: JETTON_MINTER_CODE, data: minterData };
  const minter = contractAddress(0, minterInit);
  const transactions: BlockchainTransaction[] = [];
  const pending: Cell[] = [];
  const record = (txs: BlockchainTransaction[]) => {
    transactions.push(...txs);
    return txs;
  };
  const tick = () => {
    blockchain.now = Math.max(blockchain.now ?? 0, now());
  };
  tick();
  record(
    (
      await admin.send({
        to: minter,
        value: toNano("1"),
        init: minterInit,
        body: beginCell().storeUint(OP_TOP_UP, 32).storeUint(0, 64).endCell(),
      })
    ).transactions,
  );

  async function execute(message: Message | Cell) {
    tick();
    return record((await blockchain.sendMessage(message)).transactions);
  }

  async function getMethod(address: Address, method: string, stack: TupleItem[] = []) {
    tick();
    return blockchain.runGetMethod(address, method, stack);
  }

  const sandbox: SandboxToncenter = {
    blockchain,
    url: "",
    fetch: (input, init) => handle(new Request(input, init)),
    minter,
    admin,
    queue: false,
    loseNext: 0,
    dropped: [],
    posted: [],
    lost: [],
    transactions,
    down: false,
    execute,
    seconds() {
      tick();
      return blockchain.now ?? now();
    },
    async mint(owner, amount) {
      const internalTransfer = beginCell()
        .storeUint(OP_INTERNAL_TRANSFER, 32)
        .storeUint(0, 64)
        .storeCoins(amount)
        .storeAddress(null)
        .storeAddress(admin.address)
        .storeCoins(0)
        .storeMaybeRef(null)
        .endCell();
      tick();
      const sent = await admin.send({
        to: minter,
        value: toNano("0.2"),
        body: beginCell()
          .storeUint(OP_MINT, 32)
          .storeUint(0, 64)
          .storeAddress(owner)
          .storeCoins(toNano("0.1"))
          .storeRef(internalTransfer)
          .endCell(),
      });
      record(sent.transactions);
    },
    async jettonWalletOf(owner) {
      const result = await getMethod(minter, "get_wallet_address", [
        { type: "slice", cell: beginCell().storeAddress(owner).endCell() },
      ]);
      return result.stackReader.readAddress();
    },
    async jettonBalance(owner) {
      const wallet = await sandbox.jettonWalletOf(owner);
      const account = await blockchain.getContract(wallet);
      if (account.accountState?.type !== "active") return 0n;
      return (await getMethod(wallet, "get_wallet_data")).stackReader.readBigNumber();
    },
    async tonBalance(address) {
      return (await blockchain.getContract(address)).balance;
    },
    async fund(address, amount) {
      tick();
      record((await admin.send({ to: address, value: amount, bounce: false })).transactions);
    },
    async block() {
      const batch = pending.splice(0);
      for (const boc of batch) await deliver(boc);
      return batch.length;
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
    },
  };

  /** One external message reaching a validator: executed, or dropped with why. */
  async function deliver(boc: Cell) {
    try {
      await execute(boc);
      return null;
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0]! : String(error);
      sandbox.dropped.push(why);
      return why;
    }
  }

  async function handle(request: Request): Promise<Response> {
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    if (sandbox.down) return json(503, { error: "service unavailable" });
    const url = new URL(request.url);
    try {
      switch (`${request.method} ${url.pathname}`) {
        case "GET /api/v3/masterchainInfo":
          return json(200, { last: { seqno: transactions.length + 1 } });
        case "GET /api/v3/transactions":
          return json(200, { transactions: listTransactions(url.searchParams), address_book: {} });
        case "GET /api/v3/account": {
          const address = Address.parse(url.searchParams.get("address") ?? "");
          return json(200, await accountOf(address));
        }
        case "POST /api/v3/runGetMethod": {
          const body = (await request.json()) as {
            address: string;
            method: string;
            stack?: { type: string; value: string }[];
          };
          return json(200, await runGetMethod(body));
        }
        case "POST /api/v3/message": {
          const { boc } = (await request.json()) as { boc: string };
          const cell = Cell.fromBase64(boc);
          const message = loadMessage(cell.beginParse());
          if (message.info.type !== "external-in") {
            return json(400, { error: "not an external message" });
          }
          sandbox.posted.push(cell);
          if (sandbox.loseNext > 0) {
            sandbox.loseNext -= 1;
            sandbox.lost.push(cell);
            return json(200, { message_hash: cell.hash().toString("base64") });
          }
          if (sandbox.queue) {
            pending.push(cell);
            return json(200, { message_hash: cell.hash().toString("base64") });
          }
          // Executed at once: a message the contract refuses is what a liteserver refuses.
          const refused = await deliver(cell);
          if (refused) return json(500, { error: `cannot apply external message: ${refused}` });
          return json(200, { message_hash: cell.hash().toString("base64") });
        }
        default:
          return json(404, { error: "not found" });
      }
    } catch (error) {
      return json(400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  function accountOfTx(tx: BlockchainTransaction) {
    const info = tx.inMessage?.info;
    if (info && (info.type === "internal" || info.type === "external-in")) return info.dest;
    return new Address(0, Buffer.from(tx.address.toString(16).padStart(64, "0"), "hex"));
  }

  function listTransactions(query: URLSearchParams) {
    const account = query.get("account");
    const start = BigInt(query.get("start_lt") ?? "0");
    const end = BigInt(query.get("end_lt") ?? (2n ** 64n).toString());
    const limit = Math.min(Number(query.get("limit") ?? "10"), 1000);
    const offset = Number(query.get("offset") ?? "0");
    const wanted = account ? Address.parse(account) : null;
    const matching = transactions.filter(
      (tx) => tx.lt >= start && tx.lt <= end && (!wanted || accountOfTx(tx).equals(wanted)),
    );
    if (query.get("sort") === "desc") matching.reverse();
    return matching.slice(offset, offset + limit).map(toncenterTransaction);
  }

  function toncenterTransaction(tx: BlockchainTransaction) {
    const d = tx.description;
    const description =
      d.type === "generic"
        ? {
            type: "ord",
            aborted: d.aborted,
            destroyed: d.destroyed,
            compute_ph:
              d.computePhase.type === "vm"
                ? {
                    skipped: false,
                    success: d.computePhase.success,
                    exit_code: d.computePhase.exitCode,
                  }
                : { skipped: true, reason: d.computePhase.reason },
            action: d.actionPhase
              ? { success: d.actionPhase.success, result_code: d.actionPhase.resultCode }
              : null,
          }
        : { type: d.type, aborted: "aborted" in d ? d.aborted : false };
    return {
      account: raw(accountOfTx(tx)),
      hash: tx.hash().toString("base64"),
      lt: tx.lt.toString(),
      now: tx.now,
      total_fees: tx.totalFees.coins.toString(),
      description,
      in_msg: tx.inMessage ? toncenterMessage(tx.inMessage) : null,
      out_msgs: [...tx.outMessages.values()].map(toncenterMessage),
    };
  }

  function toncenterMessage(message: Message) {
    const info = message.info;
    let decoded: { type: string; comment: string } | null = null;
    try {
      const slice = message.body.beginParse();
      if (slice.remainingBits >= 32 && slice.loadUint(32) === 0) {
        decoded = { type: "text_comment", comment: slice.loadStringTail() };
      }
    } catch {
      decoded = null;
    }
    const content = {
      hash: message.body.hash().toString("base64"),
      body: b64(message.body),
      decoded,
    };
    if (info.type === "internal") {
      return {
        source: raw(info.src),
        destination: raw(info.dest),
        value: info.value.coins.toString(),
        fwd_fee: info.forwardFee.toString(),
        bounce: info.bounce,
        bounced: info.bounced,
        created_lt: info.createdLt.toString(),
        message_content: content,
      };
    }
    if (info.type === "external-in") {
      return {
        source: null,
        destination: raw(info.dest),
        value: null,
        message_content: content,
      };
    }
    return { source: raw(info.src), destination: null, value: null, message_content: content };
  }

  async function accountOf(address: Address) {
    const contract = await blockchain.getContract(address);
    const state = contract.accountState;
    const status = !state ? "nonexist" : state.type;
    return {
      balance: contract.balance.toString(),
      status,
      code: state?.type === "active" && state.state.code ? b64(state.state.code) : null,
      data: state?.type === "active" && state.state.data ? b64(state.state.data) : null,
      last_transaction_lt: contract.lastTransactionLt.toString(),
    };
  }

  async function runGetMethod(body: {
    address: string;
    method: string;
    stack?: { type: string; value: string }[];
  }) {
    const address = Address.parse(body.address);
    const stack: TupleItem[] = (body.stack ?? []).map((item) => {
      if (item.type === "num") return { type: "int", value: BigInt(item.value) };
      if (item.type === "slice") return { type: "slice", cell: Cell.fromBase64(item.value) };
      return { type: "cell", cell: Cell.fromBase64(item.value) };
    });
    const contract = await blockchain.getContract(address);
    if (contract.accountState?.type !== "active") return { gas_used: 0, exit_code: -13, stack: [] };
    try {
      const result = await getMethod(address, body.method, stack);
      return {
        gas_used: Number(result.gasUsed),
        exit_code: result.exitCode,
        stack: result.stack.map(toncenterStackItem),
      };
    } catch (error) {
      if (error instanceof GetMethodError) {
        return { gas_used: 0, exit_code: error.exitCode, stack: [] };
      }
      throw error;
    }
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const answer = await handle(
      new Request(new URL(req.url ?? "/", "http://sandbox"), {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      }),
    );
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sandbox.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return sandbox;
}

/** toncenter v3's stack items: a num in hex (`0x…`, `-0x…`), cells and slices as BoCs. */
function toncenterStackItem(item: TupleItem): { type: string; value: string | null } {
  switch (item.type) {
    case "int":
      return {
        type: "num",
        value:
          item.value < 0n ? `-0x${(-item.value).toString(16)}` : `0x${item.value.toString(16)}`,
      };
    case "cell":
      return { type: "cell", value: b64(item.cell) };
    case "slice":
      return { type: "slice", value: b64(item.cell) };
    case "builder":
      return { type: "cell", value: b64(item.cell) };
    case "null":
      return { type: "null", value: null };
    default:
      return { type: item.type, value: null };
  }
}

/** A wallet v4R2 (@ton/ton's code) in the emulator, as a user's wallet app drives it. */
export interface SandboxWalletV4 {
  address: Address;
  /**
   * Signs and executes one external message carrying one internal message (mode 3, as wallet
   * apps send), deploying the wallet with its first one. Returns the transactions it caused.
   */
  send(message: {
    to: Address;
    value: bigint;
    /** A text comment (op 0); none: an empty body. */
    comment?: string;
    /** The body as given (a TON Connect request's payload); wins over `comment`. */
    body?: Cell;
    /** Default true, as wallet apps send to an address in its bounceable form. */
    bounce?: boolean;
  }): Promise<BlockchainTransaction[]>;
}

/** A new key's wallet v4R2, funded with `balance` (not deployed: its first send deploys it). */
export async function sandboxWalletV4(
  sandbox: SandboxToncenter,
  balance = toNano("100"),
): Promise<SandboxWalletV4> {
  const keys = keyPairFromSeed(randomBytes(32));
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  if (balance > 0n) await sandbox.fund(contract.address, balance);
  return {
    address: contract.address,
    async send({ to, value, comment, body: payload, bounce = true }) {
      const account = await sandbox.blockchain.getContract(contract.address);
      const deployed = account.accountState?.type === "active";
      const seqno = deployed ? Number((await account.get("seqno")).stackReader.readBigNumber()) : 0;
      const body = contract.createTransfer({
        seqno,
        secretKey: keys.secretKey,
        messages: [internal({ to, value, bounce, body: payload ?? comment })],
        sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
        timeout: sandbox.seconds() + 60,
      });
      return sandbox.execute(
        external({ to: contract.address, init: deployed ? undefined : contract.init, body }),
      );
    },
  };
}
