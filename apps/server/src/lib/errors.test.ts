import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";

const SRC = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const isErrorCode = (code: string): code is ErrorCode =>
  (ERROR_CODES as readonly string[]).includes(code);

/**
 * Every place a code is paired with a literal status: `new AppError("CODE", 409` (over several
 * lines too), and the tables that map another service's answer to ours — `[401, "CODE"]`
 * (Better Auth's codes) and `413: "CODE"` (Fastify's statuses).
 */
function statusesIn(text: string) {
  const found: { code: string; status: number; index: number }[] = [];
  const patterns = [
    { re: /new AppError\(\s*"([A-Z_]+)"\s*,\s*(\d+)\b/g, code: 1, status: 2 },
    { re: /\[\s*(\d{3})\s*,\s*"([A-Z_]+)"\s*\]/g, code: 2, status: 1 },
    { re: /\b(\d{3})\s*:\s*"([A-Z_]+)"/g, code: 2, status: 1 },
  ];
  for (const { re, code, status } of patterns) {
    for (const match of text.matchAll(re)) {
      const name = match[code]!;
      // The mapping patterns are loose: only our error codes count there.
      if (re !== patterns[0]!.re && !isErrorCode(name)) continue;
      found.push({ code: name, status: Number(match[status]), index: match.index });
    }
  }
  return found;
}

describe("error statuses", () => {
  it("gives every code a 4xx or 5xx status", () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
    }
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("takes the table's status unless one is given", () => {
    expect(new AppError("NOT_FOUND").statusCode).toBe(404);
    expect(new AppError("INSUFFICIENT_BALANCE").statusCode).toBe(409);
    expect(new AppError("VALIDATION_ERROR", 405).statusCode).toBe(405);
    const error = new AppError("TOO_MANY_ATTEMPTS", undefined, { n: 3 }, { retryAfter: 60 });
    expect([error.statusCode, error.values, error.extra]).toEqual([
      429,
      { n: 3 },
      { retryAfter: 60 },
    ]);
  });

  it("finds literal statuses written over several lines and in mapping tables", () => {
    const sample = `throw new AppError(\n  "LEVEL_LOCKED",\n  418,\n);
      const m = { X: [401, "INVALID_CREDENTIALS"], Y: [400, "NOT_A_CODE"] };
      const n = { 413: "PAYLOAD_TOO_LARGE", 200: "fine" };`;
    expect(statusesIn(sample).map(({ code, status }) => [code, status])).toEqual([
      ["LEVEL_LOCKED", 418],
      ["INVALID_CREDENTIALS", 401],
      ["PAYLOAD_TOO_LARGE", 413],
    ]);
  });

  it("matches every literal status in apps/server/src", () => {
    const drift: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, "utf8");
      for (const { code, status, index } of statusesIn(text)) {
        seen++;
        const line = text.slice(0, index).split("\n").length;
        const where = `${relative(SRC, file)}:${line}`;
        if (!isErrorCode(code)) drift.push(`${where} ${code} is not an error code`);
        else if (ERROR_STATUS[code] !== status) {
          drift.push(
            `${where} ${code} thrown with ${status}, ERROR_STATUS says ${ERROR_STATUS[code]}`,
          );
        }
      }
    }
    expect(drift).toEqual([]);
    // The scan itself works: the server throws dozens of these.
    expect(seen).toBeGreaterThan(50);
  });
});
