import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { type Job, oneProcessAtATime } from "../src/lib/jobs.ts";
import { freePort, onPostgres, scratchPostgres } from "./helpers.ts";

/**
 * The real server, spawned as `npm start` runs it (decision 0036): WEB_CONCURRENCY workers on one
 * port, a rolling reload (SIGHUP) under a stream of requests, live streams ended with a `retry:`
 * hint, and SIGTERM draining to exit 0.
 */

const root = fileURLToPath(new URL("../../../", import.meta.url));

async function anyDatabase() {
  // An empty database (not the migrated template): the primary must migrate it before forking.
  if (onPostgres) return scratchPostgres({ empty: true });
  const dir = mkdtempSync(join(tmpdir(), "fre-cluster-"));
  return {
    url: `pglite:${dir}/db`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves once the output matches, from `from` (an offset into it) on. */
  waitFor(pattern: RegExp, from?: number, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      AUTH_SECRET: "cluster-secret-cluster-secret-0123456789",
      DATA_ENCRYPTION_KEY: "0f".repeat(32),
      ADMIN_DEFAULT_ACCESS_CODE: "default-admin-code",
      WEB_DIST: "/nonexistent-web-dist",
      RATE_LIMIT_MAX: "10000000",
      USER_RATE_LIMIT_MAX: "1000000",
      AUTH_RATE_LIMIT_MAX: "100000",
      DEMO_CONTENT: "off",
      // The workers' figures, not the sign-up's proof of work (tested in challenge.test.ts).
      PROOF_OF_WORK: "off",
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${env.PORT}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const seen = (chunk: Buffer) => {
    output += chunk;
    for (const check of waiters) check();
  };
  child.stdout!.on("data", seen);
  child.stderr!.on("data", seen);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => output,
    exited,
    waitFor(pattern, from = 0, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        // Each check reads what came since the last one (and a line's worth before): the request
        // log of a load run is megabytes.
        let checked = from;
        const check = () => {
          const text = output.slice(Math.max(from, checked - 2000));
          checked = output.length;
          if (!pattern.test(text)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} in the server's output:\n${output.slice(-4000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
        void exited.then(() => {
          if (!waiters.has(check)) return;
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`server exited before ${pattern}:\n${output.slice(-4000)}`));
        });
      });
    },
  };
}

/** Signs a new user up over HTTP; the session cookie. */
async function signedInCookie(url: string) {
  const id = `cl${randomBytes(4).toString("hex")}`;
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      email: `${id}@example.com`,
      password: "Str0ng!pass",
      name: id,
      nickname: id,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** A live event stream: resolves with all it received once it ends cleanly (rejects if cut). */
function openStream(url: string, cookie: string) {
  let text = "";
  let opened: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const ended = new Promise<string>((resolve, reject) => {
    const request = get(`${url}/api/events`, { headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
        if (text.includes("retry: 5000")) opened();
      });
      response.on("end", () => resolve(text));
      response.on("aborted", () => reject(new Error(`stream cut: ${text}`)));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
  return { open, ended };
}

/** `concurrency` clients each sending requests back to back until `until` resolves. */
async function steadyLoad(
  url: string,
  cookie: string,
  until: Promise<unknown>,
  concurrency: number,
) {
  let running = true;
  void until.finally(() => {
    running = false;
  });
  let ok = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      while (running) {
        try {
          const response = await fetch(`${url}${i % 2 === 0 ? "/api/health/live" : "/api/me"}`, {
            headers: { cookie },
          });
          await response.arrayBuffer();
          if (response.status === 200) ok += 1;
          else failures.push(`HTTP ${response.status}`);
        } catch (error) {
          failures.push(String((error as Error & { cause?: unknown }).cause ?? error));
        }
      }
    }),
  );
  return { ok, failures };
}

const workerPids = (output: string) =>
  new Set([...output.matchAll(/"workerPid":(\d+)/g)].map((match) => Number(match[1])));

describe("one server process", () => {
  it("refuses several processes on the embedded database, naming the key", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fre-cluster-"));
    try {
      const server = startServer({
        PORT: String(await freePort()),
        DATABASE_URL: `pglite:${dir}/db`,
        WEB_CONCURRENCY: "2",
      });
      expect((await server.exited).code).toBe(1);
      expect(server.output()).toMatch(/WEB_CONCURRENCY: 2 processes need PostgreSQL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("on SIGTERM ends its live streams with a retry hint and exits 0", {
    timeout: 180_000,
  }, async () => {
    const database = await anyDatabase();
    const port = String(await freePort());
    const server = startServer({ PORT: port, DATABASE_URL: database.url });
    try {
      await server.waitFor(/FRE is running at/);
      const stream = openStream(server.url, await signedInCookie(server.url));
      await stream.open;
      server.child.kill("SIGTERM");
      const text = await stream.ended;
      expect(text).toMatch(/retry: 5000\n\n[\s\S]*retry: \d{4}\n\n$/);
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      server.child.kill("SIGKILL");
      await database.drop();
    }
  });
});

describe.runIf(onPostgres)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  it("runs a chain-facing job in one process at a time, and in another once it is done", async () => {
    const shared = await scratchPostgres({ empty: true });
    const [a, b] = await Promise.all([openDatabase(shared.url), openDatabase(shared.url)]);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const runs: string[] = [];
      const job = (name: string, wait?: Promise<void>): Job => ({
        name: "shop-payments",
        everyMs: 1000,
        run: async () => {
          runs.push(name);
          await wait;
          return name;
        },
      });
      const first = oneProcessAtATime(job("a", held), a).run();
      await expect.poll(() => runs).toEqual(["a"]);
      // Another process's tick while the first runs: skipped, not queued.
      expect(await oneProcessAtATime(job("b"), b).run()).toBeUndefined();
      // Another job's lock is its own.
      expect(await oneProcessAtATime({ ...job("c"), name: "withdrawal-payouts" }, b).run()).toBe(
        "c",
      );
      release();
      expect(await first).toBe("a");
      expect(await oneProcessAtATime(job("b"), b).run()).toBe("b");
      expect(runs).toEqual(["a", "c", "b"]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await shared.drop();
    }
  });

  it("aggregates the gauges over the workers and counts a dead worker's restart in /metrics", {
    timeout: 180_000,
  }, async () => {
    const database = await scratchPostgres({ empty: true });
    const port = String(await freePort());
    const server = startServer({ PORT: port, DATABASE_URL: database.url, WEB_CONCURRENCY: "2" });
    const sample = async (name: string) => {
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      const line = metrics.match(new RegExp(`^${name} (\\S+)$`, "m"));
      return line ? Number(line[1]) : null;
    };
    try {
      await server.waitFor(/FRE is running at .*\(2 workers\)/);
      // Per process, summed: two pools of DATABASE_POOL_MAX (4). One database: one figure.
      expect(await sample("fre_db_pool_max")).toBe(8);
      expect(await sample("fre_outbox_abandoned")).toBe(0);
      expect(await sample("fre_withdrawals_processing")).toBe(0);
      expect(await sample("fre_worker_restarts_total")).toBe(0);

      const [victim] = [...workerPids(server.output())];
      const before = server.output().length;
      process.kill(victim!, "SIGKILL");
      await server.waitFor(/worker died; restarting/, before);
      await server.waitFor(/worker listening/, before);
      expect(await sample("fre_worker_restarts_total")).toBe(1);
      expect(await sample("fre_db_pool_max")).toBe(8);

      server.child.kill("SIGTERM");
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await database.drop();
    }
  });

  it("serves from two workers, reloads under load failing nothing, and drains on SIGTERM", {
    timeout: 300_000,
  }, async () => {
    const database = await scratchPostgres({ empty: true });
    const port = String(await freePort());
    const server = startServer({
      PORT: port,
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: "2",
      // One line per request, with the worker's pid (pino's): which worker answered.
      LOG_LEVEL: "debug",
    });
    try {
      // The primary migrated the empty database, then both workers listen.
      await server.waitFor(/FRE is running at .*\(2 workers\)/);
      const first = workerPids(server.output());
      expect(first.size).toBe(2);

      // Both workers answer (each new connection goes to the next worker), and one scrape of
      // /metrics counts the requests of both.
      const probesCount = async () => {
        const metrics = await (await fetch(`${server.url}/metrics`)).text();
        const line = metrics.match(
          /fre_http_request_duration_seconds_count\{method="HEAD",route="\/api\/health\/live",status="200"\} (\d+)/,
        );
        return Number(line?.[1] ?? 0);
      };
      const counted = await probesCount();
      const before = server.output().length;
      const probes = 40;
      await Promise.all(
        Array.from({ length: probes }, () =>
          // HEAD: the workers' own health checks GET this route.
          fetch(`${server.url}/api/health/live`, { method: "HEAD" }).then((r) => r.arrayBuffer()),
        ),
      );
      const answeredBy = new Set(
        [
          ...server
            .output()
            .slice(before)
            .matchAll(/\{[^\n]*"request completed"[^\n]*\}/g),
        ]
          .map(
            (match) =>
              JSON.parse(match[0]) as { pid: number; req?: { method?: string; url?: string } },
          )
          .filter((line) => line.req?.method === "HEAD" && line.req.url === "/api/health/live")
          .map((line) => line.pid),
      );
      expect(answeredBy).toEqual(first);
      expect((await probesCount()) - counted).toBe(probes);

      // SIGHUP under a stream of requests: 200 in flight all the time, none fails; the live
      // stream of an old worker ends cleanly with a retry hint.
      const cookie = await signedInCookie(server.url);
      const stream = openStream(server.url, cookie);
      await stream.open;
      const reloadFrom = server.output().length;
      const reloaded = server.waitFor(/"msg":"reload done"/, reloadFrom, 240_000);
      const settle = reloaded.then(() => new Promise((resolve) => setTimeout(resolve, 1000)));
      const load = steadyLoad(server.url, cookie, settle, 200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      server.child.kill("SIGHUP");
      const { ok, failures } = await load;
      expect(failures).toEqual([]);
      expect(ok).toBeGreaterThan(200);
      expect(await stream.ended).toMatch(/retry: 5000\n\n[\s\S]*retry: \d{4}\n\n$/);
      const after = workerPids(server.output().slice(reloadFrom));
      expect(after.size).toBe(2);
      for (const pid of after) expect(first.has(pid)).toBe(false);

      // SIGTERM: every worker drains (the live stream ends with its hint), the group exits 0.
      const last = openStream(server.url, cookie);
      await last.open;
      server.child.kill("SIGTERM");
      expect(await last.ended).toMatch(/retry: \d{4}\n\n$/);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toMatch(/"clean":true,"msg":"stopped"/);
    } finally {
      server.child.kill("SIGKILL");
      await database.drop();
    }
  });
});
