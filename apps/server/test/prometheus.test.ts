/**
 * A real Prometheus (Debian's `prometheus` package) scraping a running FRE every second with the
 * alert rules of deploy/prometheus/alerts.yml: the target is up, FRE's own gauges are in its
 * database, and the rules evaluate (health "ok"). Skipped, saying so, where Prometheus is absent.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectLedgerBalanced, freePort, type TestApp } from "./helpers.ts";

const PROMETHEUS = "/usr/bin/prometheus";
const present = existsSync(PROMETHEUS);
const rules = fileURLToPath(new URL("../../../deploy/prometheus/alerts.yml", import.meta.url));

if (!present)
  console.warn(
    `prometheus.test.ts skipped: ${PROMETHEUS} is absent (apt-get install -y prometheus)`,
  );

/** Polls `check` every 250 ms until it returns a value, or fails after `ms`. */
async function eventually<T>(what: string, ms: number, check: () => Promise<T | undefined>) {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${ms} ms${last ? ` (${String(last)})` : ""}`);
}

describe.skipIf(!present)(
  "Prometheus scraping FRE (skipped when /usr/bin/prometheus is absent)",
  () => {
    let test: TestApp;
    let prometheus: ChildProcess;
    let api: string;
    let dir: string;
    let log = "";

    beforeAll(async () => {
      test = await createTestApp();
      // /metrics answers loopback callers (no METRICS_TOKEN): Prometheus scrapes from 127.0.0.1.
      const address = await test.app.listen({ host: "127.0.0.1", port: 0 });
      const target = new URL(address).host;
      dir = mkdtempSync(join(tmpdir(), "fre-prometheus-"));
      writeFileSync(
        join(dir, "prometheus.yml"),
        [
          "global:",
          "  scrape_interval: 1s",
          "  evaluation_interval: 1s",
          "rule_files:",
          `  - ${JSON.stringify(rules)}`,
          "scrape_configs:",
          "  - job_name: fre",
          "    static_configs:",
          `      - targets: [${JSON.stringify(target)}]`,
          "",
        ].join("\n"),
      );
      const port = await freePort();
      api = `http://127.0.0.1:${port}`;
      prometheus = spawn(
        PROMETHEUS,
        [
          `--config.file=${join(dir, "prometheus.yml")}`,
          `--storage.tsdb.path=${join(dir, "data")}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      prometheus.stdout?.on("data", (chunk) => (log += chunk));
      prometheus.stderr?.on("data", (chunk) => (log += chunk));
    }, 60_000);

    afterAll(async () => {
      if (prometheus && prometheus.exitCode === null) {
        const exited = new Promise((resolve) => prometheus.once("exit", resolve));
        prometheus.kill("SIGTERM");
        await exited;
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
      try {
        await expectLedgerBalanced(test);
      } finally {
        await test.close();
      }
    });

    const get = async <T>(path: string) => {
      const response = await fetch(`${api}${path}`);
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return ((await response.json()) as { data: T }).data;
    };

    it("scrapes FRE (target up), stores its gauges and evaluates the alert rules", async () => {
      type Targets = { activeTargets: { health: string; lastError: string; scrapeUrl: string }[] };
      const up = await eventually("the FRE target up", 40_000, async () => {
        const { activeTargets } = await get<Targets>("/api/v1/targets");
        return activeTargets.find((t) => t.health === "up");
      }).catch((error) => {
        throw new Error(`${error.message}\n${log}`);
      });
      expect(up.scrapeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);

      type Query = { result: { value: [number, string] }[] };
      const pending = await eventually("fre_outbox_pending stored", 20_000, async () => {
        const { result } = await get<Query>("/api/v1/query?query=fre_outbox_pending");
        return result[0];
      });
      expect(Number(pending.value[1])).toBeGreaterThanOrEqual(0);

      type Rules = {
        groups: {
          name: string;
          rules: { name: string; health: string; lastEvaluation: string }[];
        }[];
      };
      const evaluated = await eventually("the rules evaluated", 20_000, async () => {
        const { groups } = await get<Rules>("/api/v1/rules");
        const all = groups.flatMap((group) => group.rules);
        const done = all.filter((rule) => !rule.lastEvaluation.startsWith("0001-"));
        return done.length === all.length && all.length > 0 ? all : undefined;
      });
      expect(evaluated.map((rule) => rule.name)).toContain("FreOutboxAbandoned");
      expect(evaluated.find((rule) => rule.name === "FreOutboxAbandoned")?.health).toBe("ok");
      expect(evaluated.filter((rule) => rule.health !== "ok")).toEqual([]);
    }, 90_000);
  },
);
