/**
 * The embedded database allows one process: `npm run admin` against a folder a running server
 * holds refuses with a clear message instead of corrupting it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from "../src/db/embedded-lock.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "fre-lock-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.fre-lock`, { force: true });
  }
});

describe("the embedded database lock", () => {
  it("refuses a second live process and takes over a dead one's lock", () => {
    const dir = tempDir();
    const release = lockEmbeddedDatabase(dir);
    // A live process (this one's parent) holding the lock: refused.
    writeFileSync(`${dir}.fre-lock`, String(process.ppid));
    expect(() => lockEmbeddedDatabase(dir)).toThrow(EmbeddedDatabaseBusyError);
    // A lock left by a process that no longer exists: taken over.
    writeFileSync(`${dir}.fre-lock`, "2147483646");
    const again = lockEmbeddedDatabase(dir);
    again();
    release();
  });

  it("npm run admin refuses a folder a running server holds", { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const held = await openDatabase(`pglite:${dir}`);
    try {
      const root = fileURLToPath(new URL("../../../", import.meta.url));
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "apps/server/src/cli/admin.ts", "promote", "someone@example.com"],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: `pglite:${dir}`, LOG_LEVEL: "silent" },
          encoding: "utf8",
        },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`is in use by another process (pid ${process.pid})`);
      expect(result.stderr).toContain("stop the server");
    } finally {
      await held.close();
    }
  });
});
