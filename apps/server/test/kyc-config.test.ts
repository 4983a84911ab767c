/** The two KYC settings: DATA_ENCRYPTION_KEY (required off the embedded default) and FILES_URL. */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

const HEX_KEY = "a1".repeat(32);
const BASE64_KEY = Buffer.alloc(32, 7).toString("base64");

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("DATA_ENCRYPTION_KEY", () => {
  it("is optional on the embedded default on this machine", () => {
    expect(loadConfig({}).DATA_ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "pglite:memory:" }).DATA_ENCRYPTION_KEY).toBeUndefined();
  });

  it("is required with PostgreSQL or a public address: the server refuses to boot", () => {
    const envs: Record<string, string>[] = [
      { DATABASE_URL: "postgres://fre@db:5432/fre" },
      { DATABASE_URL: "postgresql://fre@db:5432/fre" },
      { PUBLIC_URL: "https://fre.example.com", MAIL_TRANSPORT: "outbox" },
    ];
    for (const env of envs) {
      const problems = problemsOf(env);
      expect(problems, JSON.stringify(env)).toHaveLength(1);
      expect(problems[0]).toMatch(/^DATA_ENCRYPTION_KEY: required with PostgreSQL/);
      expect(problems[0]).toContain("openssl rand -hex 32");
      expect(loadConfig({ ...env, DATA_ENCRYPTION_KEY: HEX_KEY }).DATA_ENCRYPTION_KEY).toBe(
        HEX_KEY,
      );
    }
  });

  it("takes 32 bytes in hex or base64, nothing else", () => {
    expect(loadConfig({ DATA_ENCRYPTION_KEY: BASE64_KEY }).DATA_ENCRYPTION_KEY).toBe(BASE64_KEY);
    for (const bad of ["short", "a1".repeat(16), "g".repeat(64), `${HEX_KEY}00`, "x".repeat(44)]) {
      const problems = problemsOf({ DATA_ENCRYPTION_KEY: bad });
      expect(problems.join(), bad).toMatch(/^DATA_ENCRYPTION_KEY: must be 32 bytes/);
      expect(problems.join()).not.toContain(bad);
    }
  });
});

describe("FILES_URL", () => {
  it("takes a folder, a file: URL or a complete s3:// URL", () => {
    for (const url of [
      "/srv/fre-files",
      "./files",
      "file:///srv/fre-files",
      "s3://AK:SECRET@fre-docs?endpoint=https%3A%2F%2Fs3.example.com&region=eu-west-3",
    ]) {
      expect(loadConfig({ FILES_URL: url }).FILES_URL).toBe(url);
    }
    // Unset: the files folder under DATA_DIR (decision 0051), the same for server, backup, restore.
    expect(loadConfig({}).FILES_URL).toBe("./data/files");
    expect(loadConfig({ DATA_DIR: "/var/lib/fre" }).FILES_URL).toBe("/var/lib/fre/files");
  });

  it("names what is wrong with an S3 URL, never its secret", () => {
    const cases: [string, RegExp][] = [
      ["s3://fre-docs?region=eu-west-3", /credentials are missing/],
      ["s3://AK:hunter22@Bad_Bucket", /bucket name/],
      ["s3://AK:hunter22@fre-docs?endpoint=ftp://x", /endpoint/],
      ["ftp://files.example.com/fre", /must be s3:\/\/…, file:\/\/… or a folder/],
    ];
    for (const [url, problem] of cases) {
      const problems = problemsOf({ FILES_URL: url });
      expect(problems, url).toHaveLength(1);
      expect(problems[0]).toMatch(/^FILES_URL: /);
      expect(problems[0]).toMatch(problem);
      expect(problems[0]).not.toContain("hunter22");
    }
  });
});
