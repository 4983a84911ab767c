/**
 * Web budget: serves the production build with the real server and runs Lighthouse (mobile
 * preset: a simulated mid-range phone on slow 4G) three times on each screen, printing the
 * median of each figure:
 *   - the landing page, as a visitor (plus accessibility, best practices and its initial JS);
 *   - /dashboard (a session running), /leaderboard and /wallet, signed in: a user is created
 *     through the API, its e-mail verified through the dev outbox, and its cookies (the session,
 *     and the view facts the app writes on a signed-in page) are put in the browser's cookie jar. Each run is a cold load (empty cache, storage and
 *     service worker), the worst case of a user opening the app.
 * Goals: performance ≥ 95 and LCP ≤ 2 s on every screen; accessibility and best practices 100
 * on the landing; its initial JS ≤ 150 KB gzip.
 * With `--busy`, a busy loop holds one core the whole run (issue 36 point 3: ≥ 90 under a
 * background load of one core, ≥ 95 on a quiet machine, median of 5); each screen's header
 * names the load average it ran under. INP in the lab is `--inp`'s (the taps of these screens).
 * Usage: npm run bench:web [-- --runs N --only landing,dashboard --verbose --busy]   (builds first)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { median } from "./stats.ts";
import {
  CHROMIUM_FLAGS,
  chromiumPath,
  freePort,
  loadLine,
  root,
  signedInUser,
  startBusyCore,
  startServer,
} from "./web-setup.ts";

const dist = join(root, "apps/web/dist");

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    verbose: { type: "boolean", default: false },
    /** Interaction to Next Paint on the app's taps instead (bench/inp.ts). */
    inp: { type: "boolean", default: false },
    /** bench/inp.ts: taps per interaction (20) and the CPU throttle (4). */
    reps: { type: "string" },
    throttle: { type: "string" },
    /** A folder to keep each run's Lighthouse report (JSON) in, for a closer look. */
    save: { type: "string" },
    /** A background busy loop on one core for the whole run (both modes). */
    busy: { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 3);

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: "landing", path: "/", signedIn: false },
  { name: "dashboard", path: "/dashboard", signedIn: true },
  { name: "leaderboard", path: "/leaderboard", signedIn: true },
  { name: "wallet", path: "/wallet", signedIn: true },
];

/** Gzip size of the scripts the landing actually loaded (entry + everything it pulled in). */
function gzipOf(urls: string[]): number {
  return urls.reduce((sum, url) => {
    const file = join(dist, new URL(url).pathname.replace(/^\//, ""));
    return sum + gzipSync(readFileSync(file)).length;
  }, 0);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  failing: string[];
  lcpElement: string;
  shifts: string[];
  scripts: { url: string; transfer: number }[];
}

/**
 * Puts `cookie` (`a=1; b=2`) in the browser's cookie jar for `origin`, or empties the jar: the
 * page's own requests then carry the session as a signed-in browser's do (Lighthouse's
 * `extraHeaders` lose it as soon as the page sets a cookie of its own), and Lighthouse's storage
 * reset keeps cookies.
 */
async function useCookies(chromePort: number, origin: string, cookie: string | undefined) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("no browser context to put cookies in");
    await context.clearCookies();
    if (!cookie) return;
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
      }),
    );
  } finally {
    // Connected, not launched: this disconnects and leaves Chrome running.
    await browser.close();
  }
}

async function measure(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
  });
  if (!result) throw new Error("lighthouse returned nothing");
  if (result.lhr.runtimeError) {
    throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  }
  if (args.save) {
    const name = `${new URL(url).pathname.slice(1) || "landing"}-${Date.now()}.json`;
    writeFileSync(join(args.save, name), JSON.stringify(result.lhr));
  }
  const { audits, categories: c, finalDisplayedUrl } = result.lhr;
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${finalDisplayedUrl} (not signed in?)`);
  }
  const lcpItems = (
    audits["largest-contentful-paint-element"]?.details as
      | { items?: { items?: { node?: { snippet?: string } }[] }[] }
      | undefined
  )?.items;
  return {
    performance: Math.round((c.performance?.score ?? 0) * 100),
    accessibility: Math.round((c.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((c["best-practices"]?.score ?? 0) * 100),
    lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0),
    fcpMs: Math.round(audits["first-contentful-paint"]?.numericValue ?? 0),
    tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
    cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? "?",
    shifts: (
      (
        audits["layout-shifts"]?.details as
          | { items?: { score?: number; node?: { snippet?: string } }[] }
          | undefined
      )?.items ?? []
    ).map((item) => `${item.score?.toFixed(3)} ${item.node?.snippet ?? "?"}`),
    scripts: ((audits["network-requests"]?.details as { items?: NetworkItem[] })?.items ?? [])
      .filter((item) => item.resourceType === "Script" && item.url.startsWith(url))
      .map((item) => ({ url: item.url, transfer: item.transferSize ?? 0 })),
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id),
  };
}

type Figure = "performance" | "accessibility" | "bestPractices" | "lcpMs" | "tbtMs" | "fcpMs";

function report(screen: Screen, runs: Run[], load: string): string[] {
  const med = (key: Figure) => median(runs.map((r) => r[key]));
  const all = (key: Figure | "cls") => runs.map((r) => r[key]).join(", ");
  const lines = [
    `${screen.path} (${screen.signedIn ? "signed in" : "visitor"}, median of ${runs.length}; ${load})`,
    `  performance        ${String(med("performance")).padEnd(8)} ${args.busy ? "≥ 90 busy" : "≥ 95     "} runs: ${all("performance")}`,
    `  LCP                ${`${med("lcpMs")} ms`.padEnd(8)} ≤ 2000 ms runs: ${all("lcpMs")}`,
    `  TBT                ${`${med("tbtMs")} ms`.padEnd(8)} ≤ 200 ms  runs: ${all("tbtMs")}`,
    `  CLS                ${String(median(runs.map((r) => r.cls))).padEnd(8)} ≤ 0.1     runs: ${all("cls")}`,
    `  FCP                ${med("fcpMs")} ms`,
  ];
  if (!screen.signedIn) {
    lines.push(
      `  accessibility      ${String(med("accessibility")).padEnd(8)} 100`,
      `  best practices     ${String(med("bestPractices")).padEnd(8)} 100`,
    );
    // The median run's scripts: one view in ten also fetches the Web Vitals reporter after
    // its first paint (decision 0038), so a single run's list depends on that draw.
    const sizes = runs.map((r) => gzipOf(r.scripts.map((s) => s.url)));
    const middle = runs[sizes.indexOf(median(sizes))] ?? runs[0];
    const scripts = middle?.scripts ?? [];
    const kb = (median(sizes) / 1024).toFixed(1);
    const wireKb = (scripts.reduce((sum, s) => sum + s.transfer, 0) / 1024).toFixed(1);
    lines.push(
      `  initial JS (gzip)  ${kb} KB in ${scripts.length} file(s)   ≤ 150 KB  runs: ${sizes.map((n) => (n / 1024).toFixed(1)).join(", ")}`,
      `    over the wire    ${wireKb} KB (brotli, as served)`,
    );
  } else {
    lines.push(`  best practices     ${med("bestPractices")}`);
  }
  lines.push(
    `  failing binary audits: ${[...new Set(runs.flatMap((r) => r.failing))].join(", ") || "none"}`,
  );
  if (args.verbose) {
    lines.push(`  LCP element: ${runs[0]?.lcpElement}`);
    for (const script of runs[0]?.scripts ?? []) {
      const kb = (gzipOf([script.url]) / 1024).toFixed(1);
      lines.push(`  script: ${new URL(script.url).pathname} ${kb} KB gzip`);
    }
    for (const shift of runs[0]?.shifts ?? []) lines.push(`  layout shift: ${shift}`);
  }
  return lines;
}

async function main() {
  const only = args.only?.split(",");
  if (args.save) mkdirSync(args.save, { recursive: true });
  const screens = SCREENS.filter((s) => !only || only.includes(s.name));
  const dataDir = mkdtempSync(join(tmpdir(), "fre-bench-web-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The bench's user signs up through the API, with no widget to solve the sign-up's proof of
  // work: it is off here (it changes nothing on the screens measured).
  const server = await startServer(port, dataDir, { env: { PROOF_OF_WORK: "off" } });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const cookie = screens.some((s) => s.signedIn) ? await signedInUser(origin) : undefined;
    process.stdout.write(
      `Lighthouse ${RUNS}× per screen (mobile preset, simulated throttling; cold loads). The\n` +
        "machine's 2 cores are shared: single runs vary, the median is what counts.\n" +
        `${args.busy ? "A busy loop holds one core (--busy): goal ≥ 90." : "No background load added: goal ≥ 95."}\n\n`,
    );
    for (const screen of screens) {
      const runs: Run[] = [];
      const load = loadLine();
      await useCookies(chrome.port, origin, screen.signedIn ? cookie : undefined);
      // A run Lighthouse could not finish (the page never painted under load) is run again,
      // so that the median is of real figures; three such failures end the bench.
      for (let failures = 0; runs.length < RUNS; ) {
        try {
          runs.push(await measure(`${origin}${screen.path}`, chrome.port));
        } catch (error) {
          failures += 1;
          if (failures >= 3) throw error;
          process.stderr.write(`run failed, again: ${(error as Error).message}\n`);
        }
      }
      process.stdout.write(`${report(screen, runs, load).join("\n")}\n\n`);
    }
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const stopBusy = args.busy ? startBusyCore() : () => {};
process.on("exit", stopBusy);
if (args.inp) {
  // Its own options: parsed again there.
  void import("./inp.ts").then((inp) => inp.main().finally(stopBusy));
} else {
  void main().finally(stopBusy);
}
