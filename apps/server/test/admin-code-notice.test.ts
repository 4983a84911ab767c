/**
 * The generated default admin access code never reaches a captured console (issue 19, point
 * 10): on a terminal it is printed; otherwise it is written once to a file only the server's user
 * can read, next to the data, and that file is deleted once an admin has set their own code.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.ts";
import { ADMIN_CODE_FILE, consoleAdminCodeNotice } from "../src/lib/admin-code-notice.ts";
import { verifySecret } from "../src/lib/secret-hash.ts";
import { findDefaultCodeHash } from "../src/modules/admin/admin.repo.ts";
import { ensureSecuritySettings } from "../src/modules/admin/admin.service.ts";
import {
  createTestApp,
  elevatedAdmin,
  expectLedgerBalanced,
  freshDatabase,
  onPostgres,
} from "./helpers.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "fre-code-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const silentLog = pino({ level: "silent" }) as unknown as FastifyBaseLogger;
const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The real server in its own process, started from `cwd` with a piped console (not a terminal).
 * `started` is "running" once it serves, "exited" if it stopped before.
 */
function boot(cwd: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      pathToFileURL(join(root, "node_modules/tsx/dist/loader.mjs")).href,
      join(root, "apps/server/src/server.ts"),
    ],
    {
      cwd,
      env: {
        ...process.env,
        PORT: "0",
        DEMO_CONTENT: "off",
        WEB_DIST: join(cwd, "no-web"),
        ADMIN_DEFAULT_ACCESS_CODE: "",
        LOG_LEVEL: "info",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const started = new Promise<"running" | "exited">((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 150_000);
    const poll = setInterval(() => {
      if (output.includes("FRE is running")) done("running");
    }, 100);
    const done = (how: "running" | "exited") => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve(how);
    };
    void exited.then(() => done(output.includes("FRE is running") ? "running" : "exited"));
  });
  return {
    started,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The boot log's line about the generated code (a pino JSON line), its message. */
function codeLogLine(output: string): string {
  const lines = output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string })
    .filter((line) => line.msg?.includes("admin access code"));
  expect(lines, output).toHaveLength(1);
  return lines[0]!.msg!;
}

/** A logger whose lines are kept, as pino writes them to the console. */
function capturedLog() {
  const lines: string[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  return { log: log as unknown as FastifyBaseLogger, output: () => lines.join("") };
}

const readCode = (folder: string) => readFileSync(join(folder, ADMIN_CODE_FILE), "utf8").trim();

/** `./data/admin-access-code.txt` under `cwd`: 0600 in a 0700 folder, named but not quoted. */
function expectPrivateCodeFile(cwd: string, output: string): string {
  const folder = join(cwd, "data");
  const file = join(folder, ADMIN_CODE_FILE);
  expect(statSync(folder).mode & 0o777).toBe(0o700);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const code = readCode(folder);
  expect(code.length).toBeGreaterThanOrEqual(12);
  expect(output).toContain(file);
  expect(output).not.toContain(code);
  // The log line itself says where the code went, and how to get a new one (issue 34, 12d).
  expect(codeLogLine(output)).toContain(file);
  return code;
}

/** The stored default code's hash of a stopped server's embedded database. */
async function storedCodeHash(url: string): Promise<string | null> {
  const database = await openDatabase(url);
  try {
    return await findDefaultCodeHash(database.db);
  } finally {
    await database.close();
  }
}

const storedCodeMatches = async (url: string, code: string) => {
  const stored = await storedCodeHash(url);
  return Boolean(stored && (await verifySecret(code, stored)));
};

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
      adminCodeNotice: { announce: () => "nowhere", forget: () => void forgotten++ },
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

  it("does not reach a captured console when the server boots", { timeout: 180_000 }, async () => {
    // The default database, `./data/db`, from a folder where `./data` does not exist yet.
    const cwd = tempDir();
    const server = boot(cwd, { DATABASE_URL: "pglite:./data/db" });
    let code: string;
    try {
      expect(await server.started, server.output()).toBe("running");
      code = expectPrivateCodeFile(cwd, server.output());
    } finally {
      await server.stop();
    }
    expect(await storedCodeMatches(`pglite:${join(cwd, "data", "db")}`, code)).toBe(true);
  });
});

/**
 * A first start from a folder without `./data` (issue 32, point 5): the folder is created (0700)
 * before the file is written, and the code is stored only once it is in its file — a start that
 * cannot write it refuses to serve and leaves no code nobody knows.
 */
describe("a first start with a captured console", () => {
  it("keeps an in-memory database's code in a new ./data folder", {
    timeout: 180_000,
  }, async () => {
    const cwd = tempDir();
    const server = boot(cwd, { DATABASE_URL: "pglite:memory:" });
    try {
      expect(await server.started, server.output()).toBe("running");
      expectPrivateCodeFile(cwd, server.output());
    } finally {
      await server.stop();
    }
  });

  it.runIf(onPostgres)(
    "on PostgreSQL, creates ./data, and stores nothing while the code cannot reach its file (runs with TEST_DATABASE_URL)",
    { timeout: 330_000 },
    async () => {
      const database = await freshDatabase();
      try {
        const env = { DATABASE_URL: database.url!, DATA_ENCRYPTION_KEY: "0f".repeat(32) };
        const cwd = tempDir();
        // The file's place in `./data` (DATA_DIR) is taken by a folder: the code cannot be kept.
        mkdirSync(join(cwd, "data", ADMIN_CODE_FILE), { recursive: true, mode: 0o700 });
        const refused = boot(cwd, env);
        expect(await refused.started, refused.output()).toBe("exited");
        expect(refused.output()).toContain(join(cwd, "data", ADMIN_CODE_FILE));
        expect(refused.output()).not.toContain("FRE is running");
        expect(await findDefaultCodeHash(database.db)).toBeNull();

        rmSync(join(cwd, "data"), { recursive: true });
        const server = boot(cwd, env);
        try {
          expect(await server.started, server.output()).toBe("running");
          const code = expectPrivateCodeFile(cwd, server.output());
          const stored = await findDefaultCodeHash(database.db);
          expect(stored && (await verifySecret(code, stored))).toBe(true);
        } finally {
          await server.stop();
        }
      } finally {
        await database.drop();
      }
    },
  );

  it("on the embedded database, stores nothing while the code cannot reach its file", {
    timeout: 330_000,
  }, async () => {
    const cwd = tempDir();
    const env = { DATABASE_URL: "pglite:./data/db" };
    // The file's place is taken by a folder: the code cannot be written.
    mkdirSync(join(cwd, "data", ADMIN_CODE_FILE), { recursive: true, mode: 0o700 });
    const refused = boot(cwd, env);
    expect(await refused.started, refused.output()).toBe("exited");
    expect(refused.output()).not.toContain("FRE is running");
    expect(await storedCodeHash(`pglite:${join(cwd, "data", "db")}`)).toBeNull();

    rmSync(join(cwd, "data", ADMIN_CODE_FILE), { recursive: true });
    const server = boot(cwd, env);
    try {
      expect(await server.started, server.output()).toBe("running");
      expectPrivateCodeFile(cwd, server.output());
    } finally {
      await server.stop();
    }
    expect(
      await storedCodeMatches(`pglite:${join(cwd, "data", "db")}`, readCode(join(cwd, "data"))),
    ).toBe(true);
  });
});

describe("the boot log", () => {
  it("says where the generated code went and how to reset it, never the code", async () => {
    const database = await freshDatabase();
    try {
      const folder = tempDir();
      const { log, output } = capturedLog();
      const notice = consoleAdminCodeNotice({ terminal: false, folder, print: () => {} });
      await ensureSecuritySettings(database.db, undefined, log, notice);
      const line = codeLogLine(output());
      const code = readCode(folder);
      expect(line).toContain(join(folder, ADMIN_CODE_FILE));
      expect(line).toContain("npm run admin -- reset-code EMAIL");
      expect(output()).not.toContain(code);
    } finally {
      await database.drop();
    }
  });

  it("on a terminal, says the code was printed there", async () => {
    const database = await freshDatabase();
    try {
      const { log, output } = capturedLog();
      const printed: string[] = [];
      const notice = consoleAdminCodeNotice({
        terminal: true,
        folder: tempDir(),
        print: (text) => printed.push(text),
      });
      await ensureSecuritySettings(database.db, undefined, log, notice);
      const line = codeLogLine(output());
      expect(line).toContain("printed once on this terminal");
      expect(line).toContain("npm run admin -- reset-code EMAIL");
      const code = /│\s+(\S{12,})\s+│/.exec(printed.join(""))?.[1];
      expect(code).toBeDefined();
      expect(output()).not.toContain(code);
    } finally {
      await database.drop();
    }
  });
});

describe("the default code's settings", () => {
  it("are stored only once the code was shown, by one of several starts at once", async () => {
    const database = await freshDatabase();
    try {
      const failing = {
        announce: () => {
          throw new Error("disk full");
        },
        forget: () => {},
      };
      await expect(
        ensureSecuritySettings(database.db, undefined, silentLog, failing),
      ).rejects.toThrow("disk full");
      expect(await findDefaultCodeHash(database.db)).toBeNull();

      const shown: string[] = [];
      const notice = {
        announce: (code: string) => {
          shown.push(code);
          return "in a test";
        },
        forget: () => {},
      };
      await Promise.all(
        [1, 2, 3].map(() => ensureSecuritySettings(database.db, undefined, silentLog, notice)),
      );
      expect(shown).toHaveLength(1);
      const stored = await findDefaultCodeHash(database.db);
      expect(stored && (await verifySecret(shown[0]!, stored))).toBe(true);
    } finally {
      await database.drop();
    }
  });
});
