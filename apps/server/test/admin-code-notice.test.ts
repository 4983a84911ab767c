/**
 * The generated default admin access code never reaches a captured console (issue 19, point
 * 10): on a terminal it is printed; otherwise it is written once to a file only the server's user
 * can read, next to the data, and that file is deleted once an admin has set their own code.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_CODE_FILE, consoleAdminCodeNotice } from "../src/lib/admin-code-notice.ts";
import { createTestApp, elevatedAdmin, expectLedgerBalanced } from "./helpers.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "fre-code-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the generated admin access code", () => {
  it("is printed on a terminal, and kept in a private file otherwise", () => {
    const printed: string[] = [];
    const onTerminal = consoleAdminCodeNotice({
      terminal: true,
      folder: tempDir(),
      print: (text) => printed.push(text),
    });
    onTerminal.announce("terminal-code-123");
    expect(printed.join("")).toContain("terminal-code-123");

    const folder = tempDir();
    const captured: string[] = [];
    const notice = consoleAdminCodeNotice({
      terminal: false,
      folder,
      print: (text) => captured.push(text),
    });
    notice.announce("captured-code-456");
    const file = join(folder, ADMIN_CODE_FILE);
    expect(captured.join("")).not.toContain("captured-code-456");
    expect(captured.join("")).toContain(file);
    expect(readFileSync(file, "utf8").trim()).toBe("captured-code-456");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A second generation (a new database in the same folder) replaces the file.
    notice.announce("captured-code-789");
    expect(readFileSync(file, "utf8").trim()).toBe("captured-code-789");
    notice.forget();
    expect(existsSync(file)).toBe(false);
    notice.forget();
  });

  it("is forgotten once an admin sets their own code", async () => {
    let forgotten = 0;
    const test = await createTestApp({
      adminCodeNotice: { announce: () => {}, forget: () => void forgotten++ },
    });
    try {
      const admin = await elevatedAdmin(test, "codefile");
      expect(forgotten).toBe(0);
      const changed = await admin.client.put("/api/admin/security/code", { code: "my-own-code-1" });
      expect(changed.statusCode, changed.body).toBe(204);
      expect(forgotten).toBe(1);
      await expectLedgerBalanced(test);
    } finally {
      await test.close();
    }
  });

  it("does not reach a captured console when the server boots", { timeout: 90_000 }, async () => {
    const dir = tempDir();
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: `pglite:${join(dir, "db")}`,
        PORT: "0",
        DEMO_CONTENT: "off",
        WEB_DIST: join(dir, "no-web"),
        ADMIN_DEFAULT_ACCESS_CODE: "",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 80_000);
        child.on("exit", (code) => reject(new Error(`exited ${code}:\n${output}`)));
        const poll = setInterval(() => {
          if (output.includes("FRE is running")) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve();
          }
        }, 100);
      });
      const file = join(dir, ADMIN_CODE_FILE);
      const code = readFileSync(file, "utf8").trim();
      expect(code.length).toBeGreaterThanOrEqual(12);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(output).not.toContain(code);
      expect(output).toContain(file);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
