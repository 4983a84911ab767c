/**
 * Web budget: serves the production build with the real server, runs Lighthouse (mobile) on
 * the landing page and prints the scores and the initial JS size (gzip).
 * Goals: performance ≥ 95, accessibility 100, best practices 100, initial JS ≤ 150 KB gzip.
 * Usage: npm run bench:web   (builds first)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./stats.ts";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "apps/web/dist");

/** Gzip size of the scripts the landing actually loaded (entry + everything it pulled in). */
function gzipOf(urls: string[]): number {
  return urls.reduce((sum, url) => {
    const file = join(dist, new URL(url).pathname.replace(/^\//, ""));
    return sum + gzipSync(readFileSync(file)).length;
  }, 0);
}

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `pglite:${dataDir}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("server did not start");
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "fre-bench-web-"));
  const port = await freePort();
  const server = await startServer(port, dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const url = `http://127.0.0.1:${port}/`;
    const runs: {
      performance: number;
      accessibility: number;
      bestPractices: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
      failing: string[];
      scripts: { url: string; transfer: number }[];
    }[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
      });
      if (!result) throw new Error("lighthouse returned nothing");
      const c = result.lhr.categories;
      runs.push({
        performance: Math.round((c.performance?.score ?? 0) * 100),
        accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((c["best-practices"]?.score ?? 0) * 100),
        lcpMs: Math.round(result.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(result.lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        cls: Number((result.lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        scripts: (
          (result.lhr.audits["network-requests"]?.details as { items?: NetworkItem[] })?.items ?? []
        )
          .filter((item) => item.resourceType === "Script" && item.url.startsWith(url))
          .map((item) => ({ url: item.url, transfer: item.transferSize ?? 0 })),
        failing: Object.values(result.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      });
    }
    const medianOf = (key: "performance" | "accessibility" | "bestPractices" | "lcpMs" | "tbtMs") =>
      median(runs.map((r) => r[key]));
    const scripts = runs[0]?.scripts ?? [];
    const kb = (gzipOf(scripts.map((s) => s.url)) / 1024).toFixed(1);
    const wireKb = (scripts.reduce((sum, s) => sum + s.transfer, 0) / 1024).toFixed(1);
    process.stdout.write(
      [
        "Lighthouse (mobile, landing page, median of 3)      goal",
        `  performance        ${medianOf("performance")}                          ≥ 95`,
        `  accessibility      ${medianOf("accessibility")}                          100`,
        `  best practices     ${medianOf("bestPractices")}                          100`,
        `  LCP                ${medianOf("lcpMs")} ms`,
        `  TBT                ${medianOf("tbtMs")} ms`,
        `  CLS                ${runs[1]?.cls}`,
        `Initial JS (gzip)    ${kb} KB in ${scripts.length} file(s)   ≤ 150 KB`,
        `  over the wire      ${wireKb} KB (brotli, as served)`,
        `Failing binary audits: ${[...new Set(runs.flatMap((r) => r.failing))].join(", ") || "none"}`,
        "",
      ].join("\n"),
    );
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
