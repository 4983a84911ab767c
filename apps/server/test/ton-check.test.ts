// `npm run ton:check` (issue 37 point 5): the dry run reads the network, the hot wallet, the FRE
// jetton and the shop's address through toncenter v3 — here @ton/sandbox's real contracts
// (test/ton-sandbox.ts) and the fake toncenter (test/toncenter-fake.ts) — and sends nothing.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseFre } from "@fre/shared";
import { type Address, beginCell, type Cell, Dictionary, external, toNano } from "@ton/core";
import { mnemonicNew, mnemonicToPrivateKey } from "@ton/crypto";
import { WalletContractV4, WalletContractV5R1 } from "@ton/ton";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTonCheck } from "../src/cli/ton-check-report.ts";
import { type SandboxToncenter, startSandboxToncenter } from "./ton-sandbox.ts";
import { startToncenterFake, type ToncenterFake } from "./toncenter-fake.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const METADATA_URI = "https://fre.local/jetton.json";
const API_KEY = "dry-run-key-0001";

let sandbox: SandboxToncenter;
let fake: ToncenterFake;
let shop: Address;

interface HotWallet {
  mnemonic: string;
  address: Address;
}

/** A new mnemonic's wallet v4R2 (what the payout driver derives), with what the test gives it. */
async function hotWallet(
  opts: { ton?: bigint; fre?: bigint; deploy?: boolean } = {},
): Promise<HotWallet> {
  const words = await mnemonicNew(24);
  const keys = await mnemonicToPrivateKey(words);
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  if (opts.ton) await sandbox.fund(contract.address, opts.ton);
  if (opts.fre) await sandbox.mint(contract.address, opts.fre);
  if (opts.deploy) {
    const body = contract.createTransfer({
      seqno: 0,
      secretKey: keys.secretKey,
      messages: [],
      timeout: sandbox.seconds() + 60,
    });
    await sandbox.execute(external({ to: contract.address, init: contract.init, body }));
  }
  return { mnemonic: words.join(" "), address: contract.address };
}

const envOf = (hot: HotWallet | null, extra: Record<string, string | undefined> = {}) => ({
  TON_API_URL: sandbox.url,
  TON_API_KEY: API_KEY,
  TON_NETWORK: "testnet",
  SHOP_RECEIVE_ADDRESS: shop.toRawString(),
  TON_HOT_WALLET_MNEMONIC: hot?.mnemonic,
  FRE_JETTON_MASTER: sandbox.minter.toRawString(),
  ...extra,
});

interface Run {
  code: number;
  output: string;
  /** `METHOD /path` of every request made. */
  requests: string[];
}

/**
 * The check in this process, over the sandbox's API (or `base`): the metadata URI answers
 * `metadata`; a request with another key than API_KEY is refused, as toncenter does.
 */
async function check(
  env: Record<string, string | undefined>,
  opts: { metadata?: unknown; content?: Cell; base?: typeof fetch } = {},
): Promise<Run> {
  const requests: string[] = [];
  const base = opts.base ?? sandbox.fetch;
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}`);
    if (request.url === METADATA_URI) {
      if (typeof opts.metadata === "string") return new Response(opts.metadata);
      return Response.json(opts.metadata ?? { name: "FRE", symbol: "FRE", decimals: "9" });
    }
    const key = request.headers.get("x-api-key");
    if (key && key !== API_KEY) return Response.json({ error: "invalid key" }, { status: 401 });
    const body = request.method === "POST" ? await request.clone().text() : "";
    const answer = await base(request);
    if (!opts.content || !body.includes('"get_jetton_data"')) return answer;
    // Another minter's content, the rest of its answer as the contract gave it.
    const data = (await answer.json()) as { stack: { type: string; value: string }[] };
    data.stack[3] = { type: "cell", value: opts.content.toBoc().toString("base64") };
    return Response.json(data);
  };
  const lines: string[] = [];
  const code = await runTonCheck({ env, fetchImpl, write: (line) => lines.push(line) });
  return { code, output: lines.join("\n"), requests };
}

/** The real command, `node --import tsx apps/server/src/cli/ton-check.ts`, in its own process. */
function command(env: Record<string, string | undefined>): Promise<Run> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
      `${root}apps/server/src/cli/ton-check.ts`,
    ],
    {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) =>
    child.on("exit", (code) => resolve({ code: code ?? -1, output, requests: [] })),
  );
}

/** No word sequence of the mnemonic appears (single words are ordinary English). */
function expectNoMnemonic(output: string, mnemonic: string | undefined) {
  if (!mnemonic) return;
  const words = mnemonic.split(" ");
  expect(output).not.toContain(mnemonic);
  for (let i = 0; i + 1 < words.length; i += 1) {
    expect(output).not.toContain(`${words[i]} ${words[i + 1]}`);
  }
}

const sentNothing = (run: Run) => {
  expect(run.requests.filter((r) => r.startsWith("POST /api/v3/message"))).toEqual([]);
};

beforeAll(async () => {
  sandbox = await startSandboxToncenter(() => Math.floor(Date.now() / 1000));
  shop = (await sandbox.blockchain.treasury("fre-shop")).address;
  fake = await startToncenterFake(shop.toRawString());
});

afterAll(async () => {
  await sandbox?.close();
  await fake?.close();
});

describe("npm run ton:check — ready", () => {
  it("a deployed, funded hot wallet holding FRE: every line ok, exit 0, nothing sent", async () => {
    const hot = await hotWallet({ ton: toNano("20"), fre: parseFre("10000"), deploy: true });
    const run = await check(envOf(hot));
    expect(run.code, run.output).toBe(0);
    const friendly = hot.address.toString({ testOnly: true, bounceable: false });
    const lines = run.output.split("\n");
    expect(lines[0]).toBe("FRE on TON, the dry run: reads only, sends nothing.");
    expect(lines).toContain(
      `ok       network: testnet, toncenter at ${sandbox.url} answers; TON_API_KEY set`,
    );
    expect(lines).toContain(
      `ok       hot wallet: ${friendly} (wallet v4R2, ${hot.address.toRawString()}): deployed, seqno 1`,
    );
    expect(run.output).toMatch(
      /^ok {7}hot wallet TON: 19\.99\d* TON, 0\.1 TON at hand for each payout: at least 199 payouts$/m,
    );
    expect(run.output).toMatch(
      /^ok {7}jetton master: kQ.{46}, metadata https:\/\/fre\.local\/jetton\.json, supply \d+(\.\d+)? FRE, mintable, 9 decimals$/m,
    );
    const jettonWallet = await sandbox.jettonWalletOf(hot.address);
    expect(lines).toContain(
      `ok       hot wallet FRE: jetton wallet ${jettonWallet.toString({ testOnly: true })}: 10000 FRE`,
    );
    expect(run.output).toMatch(/^ok {7}shop: 0Q.{46}: deployed, [\d.]+ TON$/m);
    expect(lines.at(-1)).toBe("READY: withdrawals can be paid.");
    expect(run.output).not.toMatch(/MISSING|warning/);
    expect(run.output).not.toContain(API_KEY);
    expectNoMnemonic(run.output, hot.mnemonic);
    sentNothing(run);
    expect(sandbox.posted).toEqual([]);
  });

  it("TON_HOT_WALLET_KIND=v5r1: the W5 address of the same words is the one read (decision 0075)", async () => {
    const words = await mnemonicNew(24);
    const keys = await mnemonicToPrivateKey(words);
    const w5 = WalletContractV5R1.create({ workchain: 0, publicKey: keys.publicKey }).address;
    const v4 = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }).address;
    expect(w5.equals(v4)).toBe(false);
    await sandbox.fund(w5, toNano("20"));
    await sandbox.mint(w5, parseFre("700"));
    const hot = { mnemonic: words.join(" "), address: w5 };
    const run = await check(envOf(hot, { TON_HOT_WALLET_KIND: "v5r1" }));
    expect(run.code, run.output).toBe(0);
    const friendly = w5.toString({ testOnly: true, bounceable: false });
    expect(run.output).toContain(
      `ok       hot wallet: ${friendly} (wallet W5 v5R1, ${w5.toRawString()}): not deployed yet`,
    );
    expect(run.output).toContain(": 700 FRE\n");
    expect(run.output).not.toContain(v4.toRawString());
    // The same words as v4R2 (the default): another address, which holds nothing.
    const asV4 = await check(envOf(hot));
    expect(asV4.code).toBe(1);
    expect(asV4.output).toContain(`(wallet v4R2, ${v4.toRawString()})`);
    expectNoMnemonic(run.output, hot.mnemonic);
    sentNothing(run);
  });

  it("the real command in its own process: READY, exit 0; an undeployed hot wallet is fine", async () => {
    const hot = await hotWallet({ ton: toNano("20"), fre: parseFre("500") });
    const run = await command(envOf(hot));
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("not deployed yet; FRE's first payout deploys it");
    expect(run.output).toContain(": 500 FRE\n");
    expect(run.output).toMatch(/READY: withdrawals can be paid\.\n$/);
    expectNoMnemonic(run.output, hot.mnemonic);
    expect(sandbox.posted).toEqual([]);
  }, 60_000);
});

describe("npm run ton:check — not ready: exit 1, naming what is missing", () => {
  it("a hot wallet that never received anything: no TON, no FRE", async () => {
    const hot = await hotWallet();
    const run = await check(envOf(hot));
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^MISSING {2}hot wallet: .*not deployed and empty — send it TON/m);
    expect(run.output).toMatch(
      /^MISSING {2}hot wallet TON: 0 TON, 0\.1 TON at hand for each payout .*withdrawals pause below it/m,
    );
    expect(run.output).toMatch(
      /^MISSING {2}hot wallet FRE: .*not deployed, the hot wallet holds no FRE/m,
    );
    expect(run.output.split("\n").at(-1)).toBe(
      "NOT READY: withdrawals cannot be paid — see hot wallet, hot wallet TON, hot wallet FRE.",
    );
    expectNoMnemonic(run.output, hot.mnemonic);
    sentNothing(run);
  });

  it("TON but too little for one payout, and FRE", async () => {
    const hot = await hotWallet({ ton: toNano("0.05"), fre: parseFre("100") });
    const run = await check(envOf(hot));
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^ok {7}hot wallet: .*not deployed yet/m);
    expect(run.output).toMatch(
      /^MISSING {2}hot wallet TON: 0\.05 TON, 0\.1 TON at hand for each payout/m,
    );
    expect(run.output).toMatch(/see hot wallet TON\.$/);
  });

  it("TON for fewer than 100 payouts: a warning, still ready", async () => {
    const hot = await hotWallet({ ton: toNano("1"), fre: parseFre("100") });
    const run = await check(envOf(hot));
    expect(run.code).toBe(0);
    expect(run.output).toMatch(
      /^warning {2}hot wallet TON: 1 TON, .*: 10 payouts before the real fees are known, fewer than 100 \(the FreHotWalletLow alert\) — top it up$/m,
    );
  });

  it("TON but no FRE", async () => {
    const hot = await hotWallet({ ton: toNano("10") });
    const run = await check(envOf(hot));
    expect(run.code).toBe(1);
    expect(run.output).toMatch(
      /^ok {7}hot wallet TON: 10 TON, 0\.1 TON at hand for each payout: at least 100 payouts$/m,
    );
    expect(run.output).toMatch(/^MISSING {2}hot wallet FRE: jetton wallet kQ.*holds no FRE/m);
  });

  it("FRE_JETTON_MASTER that is not a jetton master (a wallet), or nothing at all", async () => {
    const hot = await hotWallet({ ton: toNano("10"), fre: parseFre("100") });
    const wallet = await check(envOf(hot, { FRE_JETTON_MASTER: shop.toRawString() }));
    expect(wallet.code).toBe(1);
    expect(wallet.output).toMatch(
      /^MISSING {2}jetton master: FRE_JETTON_MASTER kQ.* is not a TEP-74 jetton master \(get_jetton_data failed/m,
    );
    expect(wallet.output).toMatch(/^MISSING {2}hot wallet FRE: the master gives no jetton wallet/m);
    const empty = await check(envOf(hot, { FRE_JETTON_MASTER: `0:${"ab".repeat(32)}` }));
    expect(empty.code).toBe(1);
    expect(empty.output).toMatch(
      /^MISSING {2}jetton master: FRE_JETTON_MASTER .*: no contract \((uninit|nonexist)\)/m,
    );
  });

  it("a jetton of 6 decimals (TEP-64 on-chain, or in its off-chain JSON), or metadata unread", async () => {
    const hot = await hotWallet({ ton: toNano("10"), fre: parseFre("100") });
    const snake = (text: string) => beginCell().storeUint(0, 8).storeStringTail(text).endCell();
    const keyOf = (name: string) => BigInt(`0x${createHash("sha256").update(name).digest("hex")}`);
    const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
    dict.set(keyOf("symbol"), snake("FRE"));
    dict.set(keyOf("decimals"), snake("6"));
    const onChain = beginCell().storeUint(0, 8).storeDict(dict).endCell();
    const six = await check(envOf(hot), { content: onChain });
    expect(six.code).toBe(1);
    expect(six.output).toMatch(
      /^MISSING {2}jetton master: kQ.{46} \(FRE\), supply .*: 6 decimals — FRE amounts have 9/m,
    );
    const offChain = beginCell().storeUint(1, 8).storeStringTail(METADATA_URI).endCell();
    const json = await check(envOf(hot), { content: offChain, metadata: { decimals: "6" } });
    expect(json.code).toBe(1);
    expect(json.requests).toContain("GET /jetton.json");
    expect(json.output).toMatch(/^MISSING {2}jetton master: .*: 6 decimals — FRE amounts have 9/m);
    const nine = await check(envOf(hot), { content: offChain, metadata: { symbol: "FRE" } });
    expect(nine.code).toBe(0);
    expect(nine.output).toMatch(/^ok {7}jetton master: .*, 9 decimals$/m);
    const unread = await check(envOf(hot), { content: offChain, metadata: "not json" });
    expect(unread.code, unread.output).toBe(0);
    expect(unread.output).toMatch(
      /^warning {2}jetton master: decimals not checked \(its metadata could not be read/m,
    );
    expect(unread.output.split("\n").at(-1)).toBe(
      "READY: withdrawals can be paid (1 warning above).",
    );
  });

  it("settings missing or wrong: each named, the mnemonic never printed", async () => {
    const simulated = await check({});
    expect(simulated.code).toBe(1);
    expect(simulated.output).toMatch(/^MISSING {2}network: TON_API_URL is `simulated`/m);
    expect(simulated.requests).toEqual([]);

    const noWords = await check(envOf(null));
    expect(noWords.code).toBe(1);
    expect(noWords.output).toMatch(/^MISSING {2}configuration: TON_HOT_WALLET_MNEMONIC: required/m);
    expect(noWords.requests).toEqual([]);
    const noMaster = await check(envOf(await hotWallet(), { FRE_JETTON_MASTER: undefined }));
    expect(noMaster.output).toMatch(/^MISSING {2}configuration: FRE_JETTON_MASTER: required/m);
    const neither = await check(envOf(null, { FRE_JETTON_MASTER: undefined }));
    expect(neither.code).toBe(1);
    expect(neither.output).toMatch(/^MISSING {2}withdrawals: turned off/m);
    expect(neither.output).toMatch(/^MISSING {2}hot wallet: TON_HOT_WALLET_MNEMONIC is not set$/m);

    const noShop = await check(envOf(await hotWallet(), { SHOP_RECEIVE_ADDRESS: undefined }));
    expect(noShop.output).toMatch(/^MISSING {2}configuration: SHOP_RECEIVE_ADDRESS: required/m);

    const invalid = "abandon ".repeat(23).concat("zoo");
    const bad = await check(envOf({ mnemonic: invalid, address: shop }));
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(
      /^MISSING {2}hot wallet: TON_HOT_WALLET_MNEMONIC is not a valid TON mnemonic \(its words are not printed\)$/m,
    );
    expectNoMnemonic(bad.output, invalid);

    const short = "abandon ".repeat(22).concat("zoo");
    const malformed = await check(envOf({ mnemonic: short, address: shop }));
    expect(malformed.output).toMatch(
      /^MISSING {2}configuration: TON_HOT_WALLET_MNEMONIC: must be/m,
    );
    expectNoMnemonic(malformed.output, short);

    const off = await check(envOf(await hotWallet(), { WITHDRAWALS_ENABLED: "false" }));
    expect(off.code).toBe(1);
    expect(off.output).toMatch(/^MISSING {2}withdrawals: turned off \(WITHDRAWALS_ENABLED=false/m);
  });

  it("the API key: none for toncenter.com's own API, or one it refuses", async () => {
    const hot = await hotWallet({ ton: toNano("10"), fre: parseFre("100") });
    const public_ = await check(
      envOf(hot, { TON_API_URL: "https://testnet.toncenter.com", TON_API_KEY: undefined }),
    );
    expect(public_.code).toBe(1);
    expect(public_.output).toMatch(
      /^MISSING {2}network: testnet, toncenter at https:\/\/testnet\.toncenter\.com answers, but TON_API_KEY is not set/m,
    );
    const refused = await check(envOf(hot, { TON_API_KEY: "another-key-0002" }));
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /^MISSING {2}network: .* does not answer: the API key was refused \(HTTP 401\)$/m,
    );
    expect(refused.output).not.toContain("another-key-0002");
  });

  it("the network unreachable: nothing listening, or the API down", async () => {
    const hot = await hotWallet();
    const closed = await check(envOf(hot, { TON_API_URL: "http://127.0.0.1:9" }), {
      base: fetch,
    });
    expect(closed.code).toBe(1);
    expect(closed.output).toMatch(/^MISSING {2}network: .* does not answer: fetch failed/m);
    expect(closed.output.split("\n").at(-1)).toBe(
      "NOT READY: withdrawals cannot be paid — see network.",
    );
    sandbox.down = true;
    try {
      const down = await check(envOf(hot));
      expect(down.code).toBe(1);
      expect(down.output).toMatch(/^MISSING {2}network: .* does not answer: HTTP 503$/m);
    } finally {
      sandbox.down = false;
    }
  });
});

describe("npm run ton:check against the fake toncenter", () => {
  it("reads through the same calls, sends nothing, and what it cannot see is not ready", async () => {
    const hot = await hotWallet();
    fake.enablePayouts({
      address: hot.address.toRawString(),
      publicKey: "00".repeat(32),
      jettonMaster: sandbox.minter.toRawString(),
    });
    fake.seqno = 3;
    const env = envOf(hot, { TON_API_URL: fake.url });
    const run = await check(env, { base: fetch });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(
      /^ok {7}network: testnet, toncenter at http:\/\/127\.0\.0\.1:\d+ answers/m,
    );
    // The fake serves no jetton master: toncenter's 404, an address it never saw.
    expect(run.output).toMatch(
      /^MISSING {2}jetton master: FRE_JETTON_MASTER .*: no contract \(nonexist\)$/m,
    );
    expect(run.requests).toContain("GET /api/v3/account");
    sentNothing(run);
    expect(fake.transfers).toEqual([]);
    expect(fake.refused).toEqual([]);
    expectNoMnemonic(run.output, hot.mnemonic);

    fake.down = true;
    try {
      const down = await command(env);
      expect(down.code).toBe(1);
      expect(down.output).toMatch(/^MISSING {2}network: .* does not answer: HTTP 503$/m);
      expect(down.output).toMatch(/NOT READY: withdrawals cannot be paid — see network\.\n$/);
    } finally {
      fake.down = false;
    }
  }, 60_000);
});
