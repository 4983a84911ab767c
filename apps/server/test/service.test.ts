import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import {
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseFre } from "@fre/shared";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema/index.ts";
import { ADMIN_CODE_FILE } from "../src/lib/admin-code-notice.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { readOutbox } from "../src/modules/mail/mail.transport.ts";
import { signTonProof } from "../src/modules/ton/ton-proof-signer.ts";
import { freePort, onPostgres, scratchPostgres } from "./helpers.ts";
import { newTonWallet } from "./ton-helpers.ts";

/**
 * FRE run as an operator runs it (issue 33 points 1 and 2, decision 0051): the production build,
 * its development dependencies pruned, in a read-only copy, started with `npm run start:prod` as
 * `nobody` with DATA_DIR elsewhere and the console piped, on a new PostgreSQL database. The same
 * command the container image runs.
 */

const root = fileURLToPath(new URL("../../../", import.meta.url));
const DATA_KEY = "0f".repeat(32);
const PASSWORD = "Str0ng!pass-service";
const DEV_TOOLS = ["tsx", "esbuild", "vite", "vitest", "drizzle-kit", "typescript"];

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });

/**
 * The built tree in `base/app`: the package manifests, the server built into it, the web build
 * when there is one, node_modules copied and pruned of development dependencies (offline: the
 * lockfile and the copy hold everything), then made read-only.
 */
function productionTree(base: string) {
  const tree = join(base, "app");
  for (const file of [
    "package.json",
    "package-lock.json",
    "apps/server/package.json",
    "apps/web/package.json",
    "packages/shared/package.json",
  ]) {
    cpSync(join(root, file), join(tree, file));
  }
  run(
    process.execPath,
    ["scripts/build-server.mjs", "--outdir", join(tree, "apps/server/dist")],
    root,
  );
  if (existsSync(join(root, "apps/web/dist/index.html"))) {
    run("cp", ["-a", join(root, "apps/web/dist"), join(tree, "apps/web/dist")], root);
  }
  // Hard links when the temporary folder is on the checkout's file system (a copy takes long):
  // pruning only unlinks, and the files' modes are left alone (below). Else a real copy.
  let linked = true;
  try {
    run("cp", ["-al", join(root, "node_modules"), join(tree, "node_modules")], root);
  } catch {
    rmSync(join(tree, "node_modules"), { recursive: true, force: true });
    run("cp", ["-a", join(root, "node_modules"), join(tree, "node_modules")], root);
    linked = false;
  }
  run(
    "npm",
    ["prune", "--omit=dev", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"],
    tree,
  );
  // npm keeps a development package that a production one names as an optional peer
  // (better-auth → drizzle-kit → tsx; vitest): removed, to prove the server needs none of them.
  for (const tool of DEV_TOOLS)
    rmSync(join(tree, "node_modules", tool), { recursive: true, force: true });
  if (linked) {
    // Every folder read-only (nothing can be added or removed), every file outside node_modules
    // too; a linked file is the checkout's own (root's, 0644: not writable by nobody either).
    run(
      "find",
      [
        tree,
        "-path",
        join(tree, "node_modules"),
        "-prune",
        "-o",
        "-exec",
        "chmod",
        "a-w",
        "{}",
        "+",
      ],
      root,
    );
    run(
      "find",
      [join(tree, "node_modules"), "-type", "d", "-exec", "chmod", "a-w", "{}", "+"],
      root,
    );
  } else {
    run("chmod", ["-R", "a-w", tree], root);
  }
  return tree;
}

interface Service {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** `npm run start:prod` in `tree` as nobody, its console piped (not a terminal). */
function startService(tree: string, env: Record<string, string>): Service {
  const child = spawn(
    "setpriv",
    ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "npm", "run", "start:prod"],
    {
      cwd: tree,
      env: {
        PATH: process.env.PATH ?? "",
        // nobody's home does not exist: npm keeps its cache and logs there otherwise.
        HOME: "/nonexistent",
        npm_config_update_notifier: "false",
        npm_config_logs_max: "0",
        NODE_ENV: "production",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group: a failed test kills npm and the server together.
      detached: true,
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A browser-like client over HTTP: keeps cookies, sends the app's Origin. */
function httpClient(base: string) {
  const jar = new Map<string, string>();
  return async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(jar.size > 0 ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const value = pair.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) jar.delete(pair.slice(0, index));
      else jar.set(pair.slice(0, index), value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      text,
      json: json as Record<string, unknown>,
    };
  };
}

// Root starts the service as nobody (setpriv), as a service manager does.
const asRoot = process.getuid?.() === 0;

describe.skipIf(!onPostgres || !asRoot)(
  "the production build run as a service (runs as root with TEST_DATABASE_URL)",
  () => {
    let base: string;
    let tree: string;
    let dataDir: string;
    let databaseUrl: string;
    let database: Database;
    let dropDatabase: () => Promise<void>;
    let env: Record<string, string>;
    let url: string;
    const email = `svc${randomBytes(3).toString("hex")}@example.com`;
    const tables = ["users", "ledger_entries", "mining_sessions", "withdrawals", "audit_log"];
    let rowsAfterFirstRun: Record<string, number>;

    const countRows = async () => {
      const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        const counts: Record<string, number> = {};
        for (const table of tables) {
          const [row] = await sql.unsafe(`select count(*)::int as n from ${table}`);
          counts[table] = row?.n as number;
        }
        return counts;
      } finally {
        await sql.end();
      }
    };

    beforeAll(async () => {
      base = mkdtempSync(join(tmpdir(), "fre-service-"));
      run("chmod", ["755", base], root);
      tree = productionTree(base);
      // DATA_DIR's parent belongs to nobody; DATA_DIR itself does not exist yet.
      const state = join(base, "state");
      mkdirSync(state, { mode: 0o700 });
      const [uid, gid] = ["-u", "-g"].map((flag) =>
        Number(run("id", [flag, "nobody"], root).trim()),
      );
      chownSync(state, uid!, gid!);
      dataDir = join(state, "data");
      // A new, empty database: the first start migrates it from the build's migrations.
      const scratch = await scratchPostgres({ empty: true });
      databaseUrl = scratch.url;
      const port = await freePort();
      url = `http://localhost:${port}`;
      env = {
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        DATA_ENCRYPTION_KEY: DATA_KEY,
        DEMO_CONTENT: "off",
        PROOF_OF_WORK: "on",
        // The payout worker and the chain reader every second, not every five.
        TON_POLL_MS: "1000",
        LOG_LEVEL: "info",
      };
      dropDatabase = scratch.drop;
    }, 240_000);

    afterAll(async () => {
      await database?.close();
      await dropDatabase?.();
      // Root removes read-only folders' entries as it likes.
      if (base) rmSync(base, { recursive: true, force: true });
    }, 180_000);

    it("the pruned tree has no development dependency and cannot be written", () => {
      // Pruned by npm: development dependencies no production package names.
      expect(existsSync(join(tree, "node_modules/@biomejs/biome"))).toBe(false);
      expect(existsSync(join(tree, "node_modules/playwright-core"))).toBe(false);
      for (const tool of DEV_TOOLS)
        expect(existsSync(join(tree, "node_modules", tool))).toBe(false);
      expect(existsSync(join(tree, "node_modules/fastify"))).toBe(true);
      for (const path of ["", "apps/server/dist", "apps/server/dist/server.mjs", "node_modules"]) {
        expect(statSync(join(tree, path)).mode & 0o222, path).toBe(0);
      }
      expect(existsSync(join(tree, "data"))).toBe(false);
    });

    it("first start: health, the admin code file, a sign-up with its proof of work, mining, a paid withdrawal, SIGTERM drained", {
      timeout: 240_000,
    }, async () => {
      const service = startService(tree, env);
      try {
        await vi.waitFor(
          async () => {
            if (service.child.exitCode !== null) throw new Error(`exited:\n${service.output()}`);
            const health = await fetch(`${url}/api/health`);
            expect(health.status).toBe(200);
          },
          { timeout: 150_000, interval: 250 },
        );
        expect(service.output()).toContain(`FRE is running at ${url}`);
        database = await openDatabase(databaseUrl, { poolMax: 2 });

        // The admin code: in DATA_DIR (created 0700), 0600, its path on the console, not the code.
        const codeFile = join(dataDir, ADMIN_CODE_FILE);
        expect(statSync(dataDir).mode & 0o777).toBe(0o700);
        expect(statSync(codeFile).mode & 0o777).toBe(0o600);
        expect(statSync(codeFile).uid).not.toBe(0);
        const code = readFileSync(codeFile, "utf8").trim();
        expect(code.length).toBeGreaterThanOrEqual(12);
        expect(service.output()).toContain(codeFile);
        expect(service.output()).not.toContain(code);
        expect(existsSync(join(tree, "data"))).toBe(false);

        // A sign-up with its proof of work, solved as the widget does.
        const request = httpClient(url);
        const solved = async (action: string) => {
          const challenge = (await request("GET", `/api/challenge?action=${action}`)).json;
          const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
          return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
        };
        const nickname = email.split("@")[0]!;
        const signUp = await request("POST", "/api/auth/sign-up/email", {
          email,
          password: PASSWORD,
          name: nickname,
          nickname,
          altcha: await solved("sign-up"),
        });
        expect(signUp.status, signUp.text).toBe(200);
        const link = await vi.waitFor(
          async () => {
            const mail = (await readOutbox(database.db, email))[0];
            const found = mail?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
            if (!found) throw new Error("no verification mail yet");
            return new URL(found);
          },
          { timeout: 20_000, interval: 200 },
        );
        const verified = await request("GET", link.pathname + link.search);
        expect(verified.status, verified.text).toBeLessThan(400);
        const me = (await request("GET", "/api/me")).json as { id: string };

        // A first mining start, with its own proof of work.
        const mining = await request(
          "POST",
          "/api/mining/start",
          {},
          {
            "x-altcha": await solved("mining-start"),
          },
        );
        expect(mining.status, mining.text).toBe(200);

        // A withdrawal: KYC approved and FRE credited directly (the KYC flow has its own tests),
        // a wallet linked by a real ton_proof, an admin elevated with the file's code approving,
        // the service's payout worker paying it on the simulated chain.
        await database.db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, me.id));
        await database.db.transaction((tx) =>
          credit(tx, {
            userId: me.id,
            kind: "bonus",
            amountNano: parseFre("100"),
            reference: `test:${randomUUID()}`,
            at: new Date(),
          }),
        );
        const wallet = newTonWallet();
        const payload = (await request("GET", "/api/ton/proof-payload")).json.payload as string;
        const linked = await request("POST", "/api/ton/wallet", {
          address: wallet.address,
          network: "-3",
          public_key: wallet.publicKey,
          proof: signTonProof({
            secretKey: wallet.seed,
            address: wallet.address,
            stateInit: wallet.stateInit,
            domain: new URL(url).host,
            timestamp: Math.floor(Date.now() / 1000),
            payload,
          }),
        });
        expect(linked.status, linked.text).toBe(200);
        const asked = await request(
          "POST",
          "/api/withdrawals",
          { amount: "30" },
          {
            "idempotency-key": `svc-${randomUUID()}`,
          },
        );
        expect(asked.status, asked.text).toBe(201);
        const withdrawalId = asked.json.id as string;

        const adminEmail = `svcadmin${randomBytes(3).toString("hex")}@example.com`;
        const admin = httpClient(url);
        const adminNick = adminEmail.split("@")[0]!;
        const adminSignUp = await admin("POST", "/api/auth/sign-up/email", {
          email: adminEmail,
          password: PASSWORD,
          name: adminNick,
          nickname: adminNick,
          altcha: await solved("sign-up"),
        });
        expect(adminSignUp.status, adminSignUp.text).toBe(200);
        await database.db
          .update(users)
          .set({ role: "admin", emailVerified: true })
          .where(eq(users.email, adminEmail));
        const elevated = await admin("POST", "/api/admin/access", { code });
        expect(elevated.status, elevated.text).toBe(200);
        const approved = await admin("POST", `/api/admin/withdrawals/${withdrawalId}/approve`, {
          expect: "final",
        });
        expect(approved.status, approved.text).toBe(200);
        await vi.waitFor(
          async () => {
            const items = (await request("GET", "/api/withdrawals")).json.items as {
              id: string;
              status: string;
              txHash: string | null;
            }[];
            expect(items.find((item) => item.id === withdrawalId)).toMatchObject({
              status: "completed",
              txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
            });
          },
          { timeout: 30_000, interval: 250 },
        );
        expect(await findLedgerMismatches(database.db)).toEqual([]);
        await database.close();
        database = undefined as never;

        // SIGTERM: the drain, then exit 0.
        service.child.kill("SIGTERM");
        expect(await service.exited, service.output()).toBe(0);
        expect(service.output()).toContain('"msg":"drained"');
        rowsAfterFirstRun = await countRows();
        expect(rowsAfterFirstRun.users).toBe(2);
        expect(rowsAfterFirstRun.withdrawals).toBe(1);
        expect(rowsAfterFirstRun.mining_sessions).toBe(1);
      } finally {
        if (service.child.exitCode === null) {
          process.kill(-service.child.pid!, "SIGKILL");
          await service.exited;
        }
      }
    });

    it("a second start on the same database keeps every row: the user signs in, the ledger is there", {
      timeout: 180_000,
    }, async () => {
      expect(rowsAfterFirstRun, "the first start ran").toBeDefined();
      const service = startService(tree, env);
      try {
        await vi.waitFor(
          async () => {
            if (service.child.exitCode !== null) throw new Error(`exited:\n${service.output()}`);
            expect((await fetch(`${url}/api/health`)).status).toBe(200);
          },
          { timeout: 120_000, interval: 250 },
        );
        const after = await countRows();
        for (const table of tables) {
          expect(after[table], table).toBeGreaterThanOrEqual(rowsAfterFirstRun[table]!);
        }
        expect(after.users).toBe(rowsAfterFirstRun.users);
        expect(after.ledger_entries).toBe(rowsAfterFirstRun.ledger_entries);
        const request = httpClient(url);
        const signIn = await request("POST", "/api/auth/sign-in/email", {
          email,
          password: PASSWORD,
        });
        expect(signIn.status, signIn.text).toBe(200);
        const withdrawals = (await request("GET", "/api/withdrawals")).json.items as {
          status: string;
        }[];
        expect(withdrawals.map((item) => item.status)).toEqual(["completed"]);
        expect((await request("GET", "/api/me")).json.balance).toBe("70.000000000");
        service.child.kill("SIGTERM");
        expect(await service.exited, service.output()).toBe(0);
      } finally {
        if (service.child.exitCode === null) {
          process.kill(-service.child.pid!, "SIGKILL");
          await service.exited;
        }
      }
    });
  },
);
