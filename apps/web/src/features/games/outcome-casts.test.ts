import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file of the web app. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("game outcomes", () => {
  it("are typed by the registry: no `as` cast on an outcome in the web (issue 35 point 2)", () => {
    const root = join(import.meta.dirname, "../..");
    const casts = sources(root).flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .map((line, index) => ({ line: line.trim(), at: `${path}:${index + 1}` }))
        .filter(({ line }) => /outcome\b[^;]*\sas\s(?!const\b)/.test(line))
        .map(({ line, at }) => `${at}: ${line}`),
    );
    expect(casts).toEqual([]);
  });
});
