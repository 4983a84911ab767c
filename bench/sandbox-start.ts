/**
 * `npm run bench:sandbox-start`: what `TON_API_URL=sandbox` (issue 37 point 6: the dev chain on
 * the real TVM, `@ton/sandbox` inside the server, its state kept under DATA_DIR) would add to a
 * server start, each phase in a fresh Node process as a start would run it:
 *   - fresh: import @ton/sandbox (and @ton/ton, loaded lazily by the server today),
 *     `Blockchain.create()`, deploy the TEP-74 jetton master (the fixtures of
 *     apps/server/test/ton-sandbox.ts), the hot wallet (v4R2) and its jetton wallet (a mint),
 *     then save the state (`snapshot()` → `snapshotToSerializable` → JSON file);
 *   - restore: import, `Blockchain.create()`, read the file, `loadFrom()`; then checks the state
 *     is live (the hot wallet's seqno and FRE balance, and one more payout at the next seqno);
 *   - the same after N payouts (`--payouts N`, default 200): how the saved state grows;
 *   - for reference, `npm run serve` (what `npm start` runs once the web build is up to date,
 *     the simulated chain) from spawn to a healthy `GET /api/health`, on a PGlite DATA_DIR.
 * Median of `--rounds N` (default 5) fresh processes each. Decision 0077, docs/performance.md.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Address } from "@ton/core";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const GOAL_ADDED_MS = 2000;

const rssMb = () => process.memoryUsage().rss / 2 ** 20;

/** One phase of a start, in this process: its timings (ms) and checks, printed as JSON. */
async function child(mode: "fresh" | "restore", file: string, payouts: number) {
  const t: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  const rssBefore = rssMb();
  let mark = performance.now();
  let cpuMark = process.cpuUsage();
  const lap = (name: string) => {
    const now = performance.now();
    t[name] = now - mark;
    mark = now;
    const used = process.cpuUsage(cpuMark);
    cpu[name] = (used.user + used.system) / 1000;
    cpuMark = process.cpuUsage();
  };
  // The server loads @ton/core at boot already: not counted.
  const core = await import("@ton/core");
  const { beginCell, contractAddress, external, internal, SendMode, toNano } = core;
  mark = performance.now();
  cpuMark = process.cpuUsage();
  const sandboxLib = await import("@ton/sandbox");
  lap("import @ton/sandbox");
  const { WalletContractV4 } = await import("@ton/ton");
  const { keyPairFromSeed } = await import("@ton/crypto");
  lap("import @ton/ton");
  const fixtures = await import("../apps/server/test/ton-sandbox.ts");
  lap("fixtures");
  const blockchain = await sandboxLib.Blockchain.create();
  lap("Blockchain.create()");

  const keys = keyPairFromSeed(Buffer.alloc(32, 7));
  const hot = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey });
  const OP_TRANSFER = 0x0f8a7ea5;
  const jettonWalletOf = async (minter: Address, owner: Address) =>
    (
      await blockchain.runGetMethod(minter, "get_wallet_address", [
        { type: "slice", cell: beginCell().storeAddress(owner).endCell() },
      ])
    ).stackReader.readAddress();
  const seqnoOf = async () =>
    Number((await blockchain.runGetMethod(hot.address, "seqno")).stackReader.readBigNumber());
  const balanceOf = async (minter: Address, owner: Address) =>
    (
      await blockchain.runGetMethod(await jettonWalletOf(minter, owner), "get_wallet_data")
    ).stackReader.readBigNumber();
  /** A payout as FRE signs it: one jetton transfer from the hot wallet, checked executed. */
  const payout = async (minter: Address, seqno: number, i: number) => {
    const owner = new core.Address(0, Buffer.alloc(32, (i % 250) + 1).fill(i >> 8, 0, 2));
    const body = beginCell()
      .storeUint(OP_TRANSFER, 32)
      .storeUint(BigInt(i + 1), 64)
      .storeCoins(toNano("1"))
      .storeAddress(owner)
      .storeAddress(hot.address)
      .storeMaybeRef(null)
      .storeCoins(1n)
      .storeMaybeRef(null)
      .endCell();
    const transfer = hot.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      messages: [
        internal({ to: await jettonWalletOf(minter, hot.address), value: toNano("0.05"), body }),
      ],
      sendMode: SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS,
      timeout: (blockchain.now ?? Math.floor(Date.now() / 1000)) + 60,
    });
    // The owner has no contract: its transfer_notification's transaction aborts, as on mainnet.
    await blockchain.sendMessage(external({ to: hot.address, body: transfer }));
    return owner;
  };

  let minter: Address;
  if (mode === "fresh") {
    blockchain.libs = beginCell()
      .storeDictDirect(
        (() => {
          const libs = core.Dictionary.empty(
            core.Dictionary.Keys.Buffer(32),
            core.Dictionary.Values.Cell(),
          );
          libs.set(fixtures.JETTON_WALLET_CODE.hash(), fixtures.JETTON_WALLET_CODE);
          return libs;
        })(),
      )
      .endCell();
    const admin = await blockchain.treasury("fre-admin", { balance: toNano("1000000") });
    const minterInit = {
      code: fixtures.JETTON_MINTER_CODE,
      data: beginCell()
        .storeCoins(0)
        .storeAddress(admin.address)
        .storeAddress(null)
        .storeRef(fixtures.JETTON_WALLET_LIBRARY)
        .storeRef(beginCell().storeStringRefTail("https://fre.local/jetton.json").endCell())
        .endCell(),
    };
    minter = contractAddress(0, minterInit);
    await admin.send({
      to: minter,
      value: toNano("1"),
      init: minterInit,
      body: beginCell().storeUint(0xd372158c, 32).storeUint(0, 64).endCell(),
    });
    lap("deploy jetton master");
    // The hot wallet: funded, then deployed by its first external message (seqno 0).
    await admin.send({ to: hot.address, value: toNano("1000"), bounce: false });
    await blockchain.sendMessage(
      external({
        to: hot.address,
        init: hot.init,
        body: hot.createTransfer({ seqno: 0, secretKey: keys.secretKey, messages: [] }),
      }),
    );
    lap("deploy hot wallet v4R2");
    await admin.send({
      to: minter,
      value: toNano("0.2"),
      body: beginCell()
        .storeUint(0x642b7d07, 32)
        .storeUint(0, 64)
        .storeAddress(hot.address)
        .storeCoins(toNano("0.1"))
        .storeRef(
          beginCell()
            .storeUint(0x178d4519, 32)
            .storeUint(0, 64)
            .storeCoins(toNano("1000000"))
            .storeAddress(null)
            .storeAddress(admin.address)
            .storeCoins(0)
            .storeMaybeRef(null)
            .endCell(),
        )
        .endCell(),
    });
    if ((await balanceOf(minter, hot.address)) !== toNano("1000000")) throw new Error("no mint");
    lap("mint to the hot wallet's jetton wallet");
    for (let i = 0; i < payouts; i++) await payout(minter, i + 1, i);
    if (payouts > 0) {
      const left = toNano("1000000") - toNano("1") * BigInt(payouts);
      if ((await balanceOf(minter, hot.address)) !== left) throw new Error("a payout failed");
      lap(`${payouts} payouts`);
    }
    const save = (path: string, snapshot: ReturnType<typeof blockchain.snapshot>) => {
      const serialized = JSON.stringify({
        minter: minter.toRawString(),
        payouts,
        snapshot: sandboxLib.snapshotToSerializable(snapshot),
      });
      writeFileSync(`${path}.tmp`, serialized);
      renameSync(`${path}.tmp`, path);
    };
    const snapshot = blockchain.snapshot();
    save(file, snapshot);
    lap("save (snapshot → JSON file)");
    // The accounts alone (no transaction history): what a start would have to load at least.
    save(`${file}.accounts`, { ...snapshot, transactions: [] });
  } else {
    const saved = JSON.parse(readFileSync(file, "utf8"));
    await blockchain.loadFrom(sandboxLib.snapshotFromSerializable(saved.snapshot));
    minter = core.Address.parseRaw(saved.minter);
    lap("restore (read JSON → loadFrom)");
    const seqno = await seqnoOf();
    if (seqno !== saved.payouts + 1) throw new Error(`seqno ${seqno}, not ${saved.payouts + 1}`);
    const expected = toNano("1000000") - toNano("1") * BigInt(saved.payouts);
    if ((await balanceOf(minter, hot.address)) !== expected) throw new Error("balance lost");
    lap("after: get methods (seqno, FRE balance)");
    const owner = await payout(minter, seqno, saved.payouts);
    if ((await balanceOf(minter, owner)) < toNano("1")) throw new Error("not paid");
    if ((await seqnoOf()) !== seqno + 1) throw new Error("seqno not advanced");
    lap("after: one payout at the next seqno");
  }
  const size = mode === "fresh" ? statSync(file).size : 0;
  const accountsSize = mode === "fresh" ? statSync(`${file}.accounts`).size : 0;
  process.stdout.write(
    `${JSON.stringify({ t, cpu, size, accountsSize, rssAddedMb: rssMb() - rssBefore, rss: rssMb() })}\n`,
  );
}

type ChildResult = {
  t: Record<string, number>;
  cpu: Record<string, number>;
  size: number;
  accountsSize: number;
  rssAddedMb: number;
  rss: number;
};

function runChild(mode: string, file: string, payouts: number): ChildResult {
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "bench/sandbox-start.ts",
      "--child",
      mode,
      file,
      "--payouts",
      String(payouts),
    ],
    { cwd: root, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`${mode} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").pop()!);
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** CPU time (ms) a process has used: utime + stime of /proc/PID/stat (100 ticks a second). */
function cpuMsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * `npm run serve`'s command (the simulated chain, PGlite under DATA_DIR) from spawn to a healthy
 * /api/health: wall clock and the process's CPU time, in ms.
 */
async function serveOnce(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/root",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((done) => server.on("exit", done));
  let readyMs = Number.NaN;
  let cpuMs = Number.NaN;
  let rss = Number.NaN;
  try {
    while (performance.now() - started < 120_000) {
      if (server.exitCode !== null) throw new Error(`the server exited:\n${stderr}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) {
          readyMs = performance.now() - started;
          cpuMs = cpuMsOf(server.pid!);
          rss =
            Number(
              /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1],
            ) / 1024;
          break;
        }
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 10));
    }
  } finally {
    server.kill("SIGTERM");
    await exited;
  }
  if (Number.isNaN(readyMs)) throw new Error(`no start in 2 minutes:\n${stderr}`);
  return { readyMs, cpuMs, rss };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Prints each phase's median wall clock and CPU time; returns the start's median wall clock. */
function table(title: string, runs: ChildResult[]) {
  process.stdout.write(`\n${title} (median of ${runs.length}; wall ms each run; CPU ms)\n`);
  for (const phase of Object.keys(runs[0]!.t)) {
    const values = runs.map((r) => r.t[phase]!);
    const cpu = median(runs.map((r) => r.cpu[phase]!));
    process.stdout.write(
      `  ${phase.padEnd(42)} ${ms(median(values)).padStart(9)}  (${values.map((v) => v.toFixed(0)).join(", ")})  CPU ${ms(cpu)}\n`,
    );
  }
  // Phases named "after: …" run once the server listens (the first request that needs them).
  const sum = (record: Record<string, number>) =>
    Object.entries(record)
      .filter(([phase]) => !phase.startsWith("after:"))
      .reduce((total, [, value]) => total + value, 0);
  const totals = runs.map((r) => sum(r.t));
  process.stdout.write(
    `  ${"added to the start".padEnd(42)} ${ms(median(totals)).padStart(9)}  (${totals.map((v) => v.toFixed(0)).join(", ")})  CPU ${ms(median(runs.map((r) => sum(r.cpu))))}\n`,
  );
  process.stdout.write(
    `  RSS added ${median(runs.map((r) => r.rssAddedMb)).toFixed(0)} MB (process ${median(runs.map((r) => r.rss)).toFixed(0)} MB)\n`,
  );
  return median(totals);
}

if (args[0] === "--child") {
  await child(args[1] as "fresh" | "restore", args[2]!, arg("payouts", 0));
} else {
  const rounds = arg("rounds", 5);
  const grown = arg("payouts", 200);
  const dir = mkdtempSync(join(tmpdir(), "fre-bench-sandbox-"));
  try {
    const file = join(dir, "ton-sandbox.json");
    const fresh: ChildResult[] = [];
    const restore: ChildResult[] = [];
    for (let i = 0; i < rounds; i++) {
      fresh.push(runChild("fresh", file, 0));
      restore.push(runChild("restore", file, 0));
    }
    const freshSize = fresh[0]!.size;
    const grownFile = join(dir, "ton-sandbox-grown.json");
    const grownSave = runChild("fresh", grownFile, grown);
    const grownRestore: ChildResult[] = [];
    for (let i = 0; i < rounds; i++) grownRestore.push(runChild("restore", grownFile, grown));
    const grownAccounts: ChildResult[] = [];
    for (let i = 0; i < rounds; i++) {
      grownAccounts.push(runChild("restore", `${grownFile}.accounts`, grown));
    }

    const serveDir = join(dir, "serve");
    const firstServe = await serveOnce(serveDir);
    const serves: { readyMs: number; cpuMs: number; rss: number }[] = [];
    for (let i = 0; i < rounds; i++) serves.push(await serveOnce(serveDir));

    const loadAverage = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    process.stdout.write(`\n@ton/sandbox in a server start (load average now ${loadAverage})\n`);
    const firstStart = table("First start: create and deploy, then save", fresh);
    const restart = table("Restart: restore the saved state and check it", restore);
    process.stdout.write(
      `  saved state ${(freshSize / 1024).toFixed(0)} KB (accounts only ${(fresh[0]!.accountsSize / 1024).toFixed(0)} KB)\n`,
    );
    table(`Save after ${grown} payouts (one process)`, [grownSave]);
    const grownRestart = table(`Restart after ${grown} payouts`, grownRestore);
    process.stdout.write(`  saved state ${(grownSave.size / 1024).toFixed(0)} KB\n`);
    const grownAccountsRestart = table(
      `Restart after ${grown} payouts, accounts only (no transaction history)`,
      grownAccounts,
    );
    process.stdout.write(`  saved accounts ${(grownSave.accountsSize / 1024).toFixed(0)} KB\n`);
    process.stdout.write(
      `\nnpm run serve (simulated chain, PGlite): first start ${ms(firstServe.readyMs)} (CPU ${ms(firstServe.cpuMs)}), restarts median ${ms(median(serves.map((r) => r.readyMs)))} (${serves.map((r) => r.readyMs.toFixed(0)).join(", ")}), CPU ${ms(median(serves.map((r) => r.cpuMs)))}, RSS at ready ${median(serves.map((r) => r.rss)).toFixed(0)} MB\n`,
    );
    const added = Math.max(firstStart, restart, grownRestart, grownAccountsRestart);
    process.stdout.write(
      `\nAdded to a start: at most ${ms(added)} (goal ≤ ${GOAL_ADDED_MS} ms: ${added <= GOAL_ADDED_MS ? "met" : "not met"})\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
