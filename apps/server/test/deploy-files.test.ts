/**
 * The deploy files (deploy/, issue 33.3): the systemd unit passes `systemd-analyze verify` and
 * carries its hardening and a stop timeout above the drain; the unit, the container file and the
 * compose file run the same production start as `npm run start:prod` (what the service test
 * runs: images cannot be built on the CI machine); and every setting they give FRE is one of the
 * README's configuration table.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { drainTimeoutMs } from "../src/cluster.ts";
import { testConfig } from "./helpers.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");
const SYSTEMD_ANALYZE = "/usr/bin/systemd-analyze";
const hasSystemdAnalyze = existsSync(SYSTEMD_ANALYZE);

/** `Key=value` lines of a unit (comments and sections aside), later ones last. */
function unitSettings(text: string) {
  return text
    .split("\n")
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const);
}

/** The variables of the README's configuration table (its first column). */
function readmeSettings() {
  const table = read("README.md").split("## Configuration")[1]!.split("\n## ")[0]!;
  return new Set([...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
}

/** The keys of compose.yaml's `fre` service `environment:` map (a map, six spaces in). */
function composeFreEnvironment(text: string) {
  const service = text.split(/^ {2}fre:$/m)[1]!.split(/^ {2}[a-z]+:$/m)[0]!;
  const environment = service.split(/^ {4}environment:$/m)[1]!.split(/^ {4}[a-z_]+:/m)[0]!;
  return [...environment.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

const unit = read("deploy/fre.service");
const settings = unitSettings(unit);
const setting = (key: string) => settings.filter(([k]) => k === key).map(([, v]) => v);

describe("deploy/fre.service", () => {
  it.skipIf(!hasSystemdAnalyze)(
    "passes systemd-analyze verify without a warning (skipped when systemd-analyze is absent)",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "fre-unit-"));
      try {
        copyFileSync(join(root, "deploy/fre.service"), join(dir, "fre.service"));
        const result = spawnSync(SYSTEMD_ANALYZE, ["verify", join(dir, "fre.service")], {
          encoding: "utf8",
        });
        expect({
          status: result.status,
          output: `${result.stdout}${result.stderr}`.trim(),
        }).toEqual({
          status: 0,
          output: "",
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
  if (!hasSystemdAnalyze)
    console.warn(`deploy-files: ${SYSTEMD_ANALYZE} is absent, the unit is not verified`);

  it("is hardened, runs as its own user and writes only to DATA_DIR", () => {
    for (const [key, value] of [
      ["NoNewPrivileges", "yes"],
      ["ProtectSystem", "strict"],
      ["PrivateTmp", "yes"],
      ["ProtectHome", "yes"],
      ["User", "fre"],
      ["Restart", "on-failure"],
      ["KillSignal", "SIGTERM"],
      ["EnvironmentFile", "/etc/fre/fre.env"],
      ["ReadWritePaths", "/var/lib/fre"],
      ["Environment", "DATA_DIR=/var/lib/fre"],
    ]) {
      expect(setting(key!), key).toEqual([value]);
    }
  });

  it("waits longer than a drain before killing (HTTP_KEEP_ALIVE_MS + 10 s, then 5 s)", () => {
    const stopSeconds = Number(setting("TimeoutStopSec")[0]);
    const keepAlive = Number(
      read("deploy/fre.env.example").match(/^HTTP_KEEP_ALIVE_MS=(\d+)$/m)![1],
    );
    expect(stopSeconds * 1000).toBeGreaterThan(
      drainTimeoutMs({ HTTP_KEEP_ALIVE_MS: keepAlive }) + 5000,
    );
    expect(testConfig().HTTP_KEEP_ALIVE_MS).toBe(keepAlive);
  });
});

describe("the production start", () => {
  const startProd = JSON.parse(read("package.json")).scripts["start:prod"] as string;

  it("is the same command in the unit, the image and npm run start:prod", () => {
    // `exec`: the script's shell becomes node, so signals reach the server itself.
    expect(startProd).toMatch(/^(exec )?node (.+ )?apps\/server\/dist\/server\.mjs$/);
    expect(setting("ExecStart")).toEqual([`/usr/bin/${startProd.replace(/^exec /, "")}`]);
    const dockerfile = read("deploy/Dockerfile");
    expect(dockerfile).toMatch(/^CMD \["npm", "run", "start:prod"\]$/m);
  });

  it("builds in one stage with dev dependencies, runs pruned and unprivileged, checks /api/health with node", () => {
    const dockerfile = read("deploy/Dockerfile");
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^RUN npm prune --omit=dev\b/m);
    expect(dockerfile).toMatch(/^USER fre:fre$/m);
    const healthcheck = dockerfile.split("HEALTHCHECK")[1]!.split("\n\n")[0]!;
    expect(healthcheck).toContain('CMD ["node", "-e"');
    expect(healthcheck).toContain("/api/health");
    expect(healthcheck).not.toContain("curl");
  });
});

describe("settings given to FRE", () => {
  const known = readmeSettings();

  it("reads the README's table", () => {
    expect(known.has("DATABASE_URL")).toBe(true);
    expect(known.size).toBeGreaterThan(40);
  });

  it("uses only settings of the README's table (fre.env.example, compose.yaml, Dockerfile)", () => {
    const envExample = [...read("deploy/fre.env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(
      (m) => m[1]!,
    );
    const compose = composeFreEnvironment(read("deploy/compose.yaml"));
    const dockerfile = [...read("deploy/Dockerfile").matchAll(/^ENV ([A-Z][A-Z0-9_]*)=/gm)].map(
      (m) => m[1]!,
    );
    const unitEnvironment = setting("Environment").map((value) => value.split("=")[0]!);
    expect(envExample.length).toBeGreaterThan(20);
    expect(compose).toEqual(
      expect.arrayContaining(["DATABASE_URL", "WEB_CONCURRENCY", "TRUST_PROXY"]),
    );
    expect(dockerfile).toContain("DATA_DIR");
    const unknown = [...envExample, ...compose, ...dockerfile, ...unitEnvironment].filter(
      (key) => !known.has(key),
    );
    expect(unknown).toEqual([]);
  });

  it("has a comment above every setting of fre.env.example", () => {
    const lines = read("deploy/fre.env.example").split("\n");
    const bare = lines.filter((line, i) => /^[A-Z]/.test(line) && !lines[i - 1]?.startsWith("#"));
    expect(bare).toEqual([]);
  });

  it("runs PostgreSQL 16 with a volume, Redis under a profile, Caddy in front with TRUST_PROXY", () => {
    const compose = read("deploy/compose.yaml");
    expect(compose).toMatch(/^ {4}image: postgres:16$/m);
    expect(compose).toMatch(/^ {6}- pgdata:\/var\/lib\/postgresql\/data$/m);
    expect(compose).toMatch(/^ {4}profiles: \["redis"\]$/m);
    expect(compose).toMatch(/^ {6}TRUST_PROXY: "true"$/m);
    expect(compose).toMatch(/^ {4}image: caddy:2$/m);
    expect(read("deploy/Caddyfile")).toMatch(/reverse_proxy fre:3000/);
  });
});
