import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// postgres.js's connection queue, as installed (scripts/patch-postgres-queue.mjs replaces it).
const root = join(createRequire(import.meta.url).resolve("postgres"), "../../..");
type Queue<T> = { length: number; push(x: T): T; shift(): T | undefined; remove(x: T): T | null };
const { default: Queue } = (await import(pathToFileURL(join(root, "src/queue.js")).href)) as {
  default: <T>(initial?: T[]) => Queue<T>;
};

describe("postgres.js connection queue (patched)", () => {
  it("is the compacting queue in every build of the package", () => {
    for (const file of ["src/queue.js", "cjs/src/queue.js"]) {
      expect(readFileSync(join(root, file), "utf8"), file).toMatch(/^\/\/ fre: compacting queue/);
    }
  });

  it("keeps FIFO order, length and remove under a queue that never empties", () => {
    const queue = Queue<string>(["a"]);
    for (let i = 0; i < 10_000; i++) {
      queue.push(`c${i}`);
      expect(queue.shift()).toBe(i === 0 ? "a" : `c${i - 1}`);
      expect(queue.length).toBe(1);
    }
    expect(queue.remove("missing")).toBeNull();
    queue.push("x");
    queue.push("y");
    expect(queue.remove("x")).toBe("x");
    expect(queue.length).toBe(2);
    expect([queue.shift(), queue.shift(), queue.shift()]).toEqual(["c9999", "y", undefined]);
    expect(queue.length).toBe(0);
  });
});
