import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_USAGE } from "../src/cli/admin-commands.ts";
import { openDatabase } from "../src/db/client.ts";
import { adminCodes, adminSecurityLogs, adminSettings, users } from "../src/db/schema/index.ts";
import { verifySecret } from "../src/lib/secret-hash.ts";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import {
  type Client,
  client,
  createTestApp,
  DEFAULT_ADMIN_CODE,
  expectLedgerBalanced,
  signUp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

const test = useTestApp();

// POST /api/admin/access is rate limited per IP (10/min): every actor gets its own address.
let ipCounter = 0;
const nextIp = () => `10.77.0.${++ipCounter}`;

const MINUTE = 60_000;

async function newAdmin() {
  const ip = nextIp();
  const { client: c, me, user } = await signUp(test(), uniqueUser("adm"), {}, { ip });
  expect(await setRoleByEmail(test().db, user.email, "admin")).toBe(true);
  return { c, me, user, ip };
}

async function elevate(c: Client, code = DEFAULT_ADMIN_CODE) {
  const response = await c.post("/api/admin/access", { code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { elevated: boolean; expiresAt: string };
}

const logsOf = (userId: string) => {
  const { db } = test();
  return db
    .select({ action: adminSecurityLogs.action })
    .from(adminSecurityLogs)
    .where(eq(adminSecurityLogs.userId, userId));
};

/** Every admin route with a body that passes its schema. */
const ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/access"],
  ["POST", "/api/admin/access", { code: DEFAULT_ADMIN_CODE }],
  ["GET", "/api/admin/summary"],
  ["GET", "/api/admin/security/logs"],
  ["PUT", "/api/admin/security/code", { code: "another-code" }],
];

function call(c: Client, method: string, url: string, body?: unknown) {
  if (method === "GET") return c.get(url);
  if (method === "POST") return c.post(url, body);
  if (method === "PUT") return c.put(url, body);
  return c.delete(url);
}

describe("admin gate", () => {
  it("answers a visitor 401 ADMIN_NOT_SIGNED_IN on every admin route", async () => {
    const visitor = client(test(), { ip: nextIp() });
    for (const [method, url, body] of ROUTES) {
      const response = await call(visitor, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        error: "ADMIN_NOT_SIGNED_IN",
        message: "Utilisateur non connecté",
      });
    }
  });

  it("answers a plain user 403 ADMIN_REQUIRED on every admin route, even with the right code", async () => {
    const { client: c, me } = await signUp(test(), uniqueUser(), {}, { ip: nextIp() });
    for (const [method, url, body] of ROUTES) {
      const response = await call(c, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        error: "ADMIN_REQUIRED",
        message: "Accès réservé aux administrateurs.",
      });
    }
    expect(await logsOf(me.id)).toEqual([]);
    const codes = await test().db.select().from(adminCodes).where(eq(adminCodes.userId, me.id));
    expect(codes).toEqual([]);
  });

  it("asks a promoted admin for the code before any admin data", async () => {
    const { c } = await newAdmin();
    expect((await c.get("/api/me")).json().role).toBe("admin");
    expect((await c.get("/api/admin/access")).json()).toEqual({ elevated: false, expiresAt: null });
    for (const url of ["/api/admin/summary", "/api/admin/security/logs"]) {
      const response = await c.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe("ADMIN_ACCESS_REQUIRED");
    }
    const put = await c.put("/api/admin/security/code", { code: "sneaky-code" });
    expect(put.statusCode).toBe(403);
    expect(put.json().error).toBe("ADMIN_ACCESS_REQUIRED");
  });

  it("refuses a wrong code with 401 INVALID_ACCESS_CODE and logs access_denied", async () => {
    const { c, me } = await newAdmin();
    const response = await c.post("/api/admin/access", { code: "not-the-code" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: "INVALID_ACCESS_CODE",
      message: "Code d'accès invalide",
    });
    expect(await logsOf(me.id)).toEqual([{ action: "access_denied" }]);
    expect((await c.get("/api/admin/summary")).statusCode).toBe(403);
  });

  it("elevates with the default code and reports the real pending counts", async () => {
    const { db } = test();
    const { c, me } = await newAdmin();
    const before = await db.select().from(adminCodes).where(eq(adminCodes.userId, me.id));
    expect(before).toEqual([]);

    const granted = await elevate(c);
    const expected = new Date(test().clock.now().getTime() + 30 * MINUTE).toISOString();
    expect(granted).toEqual({ elevated: true, expiresAt: expected });
    expect((await c.get("/api/admin/access")).json()).toEqual({
      elevated: true,
      expiresAt: expected,
    });
    // The default code became this admin's personal code.
    const [assigned] = await db.select().from(adminCodes).where(eq(adminCodes.userId, me.id));
    expect(await verifySecret(DEFAULT_ADMIN_CODE, assigned!.codeHash)).toBe(true);
    expect(await logsOf(me.id)).toEqual([{ action: "access_granted" }]);

    const first = await c.get("/api/admin/summary");
    expect(first.statusCode).toBe(200);
    const base = first.json() as {
      pendingKyc: number;
      pendingWithdrawals: number;
      openSupportTickets: number;
      pendingRoleGrants: number;
    };
    expect(base.pendingWithdrawals).toBe(0);

    const applicant = await signUp(test(), uniqueUser("kyc"), {}, { ip: nextIp() });
    const other = await signUp(test(), uniqueUser("kyc"), {}, { ip: nextIp() });
    await db.update(users).set({ kycStatus: "pending" }).where(eq(users.id, applicant.me.id));
    await db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, other.me.id));
    expect((await c.get("/api/admin/summary")).json()).toEqual({
      pendingKyc: base.pendingKyc + 1,
      pendingWithdrawals: 0,
      openSupportTickets: base.openSupportTickets,
      pendingRoleGrants: base.pendingRoleGrants,
    });
  });

  it("ends the elevation on DELETE /api/admin/access", async () => {
    const { c } = await newAdmin();
    await elevate(c);
    expect((await c.get("/api/admin/summary")).statusCode).toBe(200);
    const left = await c.delete("/api/admin/access");
    expect(left.statusCode).toBe(204);
    expect(left.body).toBe("");
    const after = await c.get("/api/admin/summary");
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toBe("ADMIN_ACCESS_REQUIRED");
    expect((await c.get("/api/admin/access")).json()).toEqual({ elevated: false, expiresAt: null });
  });

  it("binds the elevation to the sign-in session", async () => {
    const { c, user } = await newAdmin();
    await elevate(c);
    const second = client(test(), { ip: nextIp() });
    const signIn = await second.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    expect((await second.get("/api/admin/access")).json()).toEqual({
      elevated: false,
      expiresAt: null,
    });
    expect((await second.get("/api/admin/summary")).json().error).toBe("ADMIN_ACCESS_REQUIRED");
    expect((await c.get("/api/admin/summary")).statusCode).toBe(200);
  });

  it("lets the elevation expire after 30 minutes without admin activity", async () => {
    const { c } = await newAdmin();
    await elevate(c);
    test().clock.advance(29 * MINUTE);
    expect((await c.get("/api/admin/summary")).statusCode).toBe(200);
    // Each admin call extends the elevation from now.
    test().clock.advance(29 * MINUTE);
    expect((await c.get("/api/admin/summary")).statusCode).toBe(200);
    test().clock.advance(30 * MINUTE + 1000);
    const expired = await c.get("/api/admin/summary");
    expect(expired.statusCode).toBe(403);
    expect(expired.json().error).toBe("ADMIN_ACCESS_REQUIRED");
    expect((await c.get("/api/admin/access")).json()).toEqual({ elevated: false, expiresAt: null });
  });

  it("follows ADMIN_ELEVATION_MINUTES", async () => {
    const short = await createTestApp({ config: { ADMIN_ELEVATION_MINUTES: "5" } });
    try {
      const { client: c, user } = await signUp(short, uniqueUser("adm"), {}, { ip: nextIp() });
      await setRoleByEmail(short.db, user.email, "admin");
      const granted = await elevate(c);
      expect(Date.parse(granted.expiresAt) - short.clock.now().getTime()).toBe(5 * MINUTE);
      short.clock.advance(5 * MINUTE + 1000);
      expect((await c.get("/api/admin/summary")).json().error).toBe("ADMIN_ACCESS_REQUIRED");
      await expectLedgerBalanced(short);
    } finally {
      await short.close();
    }
  });

  it("drops an elevated admin who is demoted", async () => {
    const { c, user } = await newAdmin();
    await elevate(c);
    await setRoleByEmail(test().db, user.email, "user");
    const response = await c.get("/api/admin/summary");
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("ADMIN_REQUIRED");
  });
});

describe("access code", () => {
  it("changes the personal code: too short refused, change logged, old code refused", async () => {
    const { c, me } = await newAdmin();
    await elevate(c);
    for (const code of ["", "12345"]) {
      const short = await c.put("/api/admin/security/code", { code });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({
        error: "ACCESS_CODE_TOO_SHORT",
        message: "Le code doit contenir au moins 6 caractères",
      });
    }
    test().clock.advance(1000);
    const changed = await c.put("/api/admin/security/code", { code: "n3w-c0de" });
    expect(changed.statusCode).toBe(204);

    const logs = await c.get("/api/admin/security/logs");
    expect(logs.statusCode).toBe(200);
    const items = logs.json().items as Record<string, unknown>[];
    expect(items[0]).toEqual({
      id: expect.any(String),
      userId: me.id,
      nickname: me.nickname,
      action: "code_changed",
      timestamp: test().clock.now().toISOString(),
    });
    expect(items[1]).toMatchObject({ userId: me.id, action: "access_granted" });
    const times = items.map((item) => Date.parse(item.timestamp as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    await c.delete("/api/admin/access");
    const old = await c.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe("INVALID_ACCESS_CODE");
    await elevate(c, "n3w-c0de");

    // Another admin still enters with the default code.
    const other = await newAdmin();
    await elevate(other.c);
  });

  it("stores codes only as hashes", async () => {
    const { c, me } = await newAdmin();
    await elevate(c);
    const plain = `plain-${randomUUID()}`;
    expect((await c.put("/api/admin/security/code", { code: plain })).statusCode).toBe(204);
    const codes = await test().db.select().from(adminCodes);
    const settings = await test().db.select().from(adminSettings);
    expect(settings).toHaveLength(1);
    const stored = JSON.stringify([codes, settings]);
    expect(stored).not.toContain(plain);
    expect(stored).not.toContain(DEFAULT_ADMIN_CODE);
    for (const hash of [...codes.map((r) => r.codeHash), settings[0]!.defaultCodeHash]) {
      expect(hash).toMatch(/^scrypt\$/);
    }
    expect(await verifySecret(DEFAULT_ADMIN_CODE, settings[0]!.defaultCodeHash)).toBe(true);
    const mine = codes.find((row) => row.userId === me.id);
    expect(await verifySecret(plain, mine!.codeHash)).toBe(true);
  });

  it("refuses even the right code after 5 wrong ones within 15 minutes", async () => {
    const { c, me } = await newAdmin();
    for (let i = 0; i < 5; i++) {
      const wrong = await c.post("/api/admin/access", { code: `wrong-${i}` });
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await c.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe("TOO_MANY_ATTEMPTS");
    expect(locked.json().retryAfter).toBeGreaterThan(14 * 60);
    expect((await c.get("/api/admin/summary")).statusCode).toBe(403);
    expect((await logsOf(me.id)).filter((l) => l.action === "access_denied")).toHaveLength(5);

    test().clock.advance(15 * MINUTE + 1000);
    await elevate(c);
  });
});

describe("admin CLI", () => {
  const root = fileURLToPath(new URL("../../../", import.meta.url));

  // Each run starts a Node process that compiles the CLI with tsx (and opens a PGlite database):
  // seconds on a loaded machine. The tests' time limits leave room for that, and a run that
  // never ends is killed rather than left behind.
  const CLI_RUN_LIMIT_MS = 60_000;

  function runCli(args: string[], databaseUrl: string) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", "apps/server/src/cli/admin.ts", ...args],
          {
            cwd: root,
            env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" },
            timeout: CLI_RUN_LIMIT_MS,
          },
        );
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk) => {
          stdout += chunk;
        });
        child.stderr.on("data", (chunk) => {
          stderr += chunk;
        });
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      },
    );
  }

  it("exits 2 with the usage on a bad command line", { timeout: 120_000 }, async () => {
    for (const args of [[], ["promote"], ["delete", "someone@example.com"]]) {
      const result = await runCli(args, "pglite:memory:");
      expect(result.code, args.join(" ")).toBe(2);
      // The usage line the command defines (every command it knows), and nothing else.
      expect(result.stderr.trim(), args.join(" ")).toBe(ADMIN_USAGE);
      expect(result.stdout).toBe("");
    }
  });

  it("promotes and demotes a user of the configured database", { timeout: 240_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "fre-cli-"));
    const url = `pglite:${dir}`;
    try {
      const seed = await openDatabase(url);
      await seed.migrate();
      await seed.db.insert(users).values({
        id: randomUUID(),
        name: "cliadmin",
        email: "cli.admin@example.com",
        nickname: "cliadmin",
        referralCode: "CLIAB1",
      });
      await seed.close();

      const promoted = await runCli(["promote", "  CLI.Admin@example.com "], url);
      expect(promoted.stderr).toBe("");
      expect(promoted.code).toBe(0);
      expect(promoted.stdout).toContain("is now an admin");

      const unknown = await runCli(["promote", "ghost@example.com"], url);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain("No user with e-mail ghost@example.com");

      const roleNow = async () => {
        const db = await openDatabase(url);
        try {
          const [row] = await db.db
            .select({ role: users.role })
            .from(users)
            .where(eq(users.email, "cli.admin@example.com"));
          return row?.role;
        } finally {
          await db.close();
        }
      };
      expect(await roleNow()).toBe("admin");
      const demoted = await runCli(["demote", "cli.admin@example.com"], url);
      expect(demoted.code).toBe(0);
      expect(await roleNow()).toBe("user");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
