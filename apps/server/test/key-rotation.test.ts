/**
 * Key rotation (issue 33, point 7; decision 0054). The data key: users' KYC steps and photos are
 * saved through the real service under the old key; the real `rotate-key` CLI is killed
 * (SIGKILL) half-way, the server with the new key and the old one as previous reads every
 * document of that mixed state, the CLI resumes and finishes, and then every field and file opens
 * with the new key alone. The auth secret: a session cookie signed with the previous secret is
 * accepted (and re-signed) during the grace period, and refused after it.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { localFileStore } from "../src/adapters/file-store/local-file-store.ts";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/client.ts";
import { kycFiles, kycRequests } from "../src/db/schema/index.ts";
import { manualClock } from "../src/lib/clock.ts";
import { dataCipher, dataKeyId, sealedKeyId, sealedTextKeyId } from "../src/lib/data-encryption.ts";
import { fileContext, stepContext } from "../src/modules/kyc/kyc.service.ts";
import {
  client,
  elevatedAdmin,
  freshDatabase,
  onPostgres,
  signUp,
  type TestApp,
  testConfig,
  verifiedUser,
} from "./helpers.ts";
import { completeRequest, getAs } from "./kyc-fixtures.ts";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../../..");
const CLI = join(repo, "apps/server/src/cli/rotate-key.ts");
const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const USERS = 3;
const STEPS = ["identity", "address", "document"] as const;

let dir: string;
let filesDir: string;
let databaseUrl: string;
let source: Awaited<ReturnType<typeof sourceDatabase>>;
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;
const seeded: { userId: string; front: Buffer; kyc: unknown }[] = [];

/** On PGlite a real data folder (the CLI opens it after the server let go), else a database. */
async function sourceDatabase() {
  if (onPostgres) return freshDatabase();
  const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const location = join(dir, "db");
  const database = await openDatabase(`pglite:${location}`, { pgliteDump: dump });
  return { ...database, url: `pglite:${location}`, drop: () => database.close() };
}

/** The server on that database and files folder, with these keys. */
async function serverWith(database: Awaited<ReturnType<typeof openDatabase>>, keys: object) {
  const built = await buildApp(testConfig({ FILES_URL: filesDir, ...keys }), {
    database,
    clock: manualClock(new Date()),
  });
  await built.app.ready();
  return { ...built, db: database.db, database } as unknown as TestApp;
}

/** What the CLI needs: the service's settings, the old key as the current one. */
const cliEnv = (extra: Record<string, string> = {}) => ({
  ...process.env,
  NODE_ENV: "test",
  PUBLIC_URL: "http://localhost:3000",
  LOG_LEVEL: "silent",
  DATABASE_URL: databaseUrl,
  FILES_URL: filesDir,
  DATA_ENCRYPTION_KEY: OLD_KEY.toString("hex"),
  ...extra,
});

async function rotate(env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", CLI, "--new-key", NEW_KEY.toString("hex")],
      { cwd: repo, env: cliEnv(env) },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Runs the CLI one record a batch, slowly, and SIGKILLs it after its `lines`-th progress line. */
function rotateAndKill(lines: number): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        CLI,
        "--new-key",
        NEW_KEY.toString("hex"),
        "--batch-size",
        "1",
        "--pause-ms",
        "400",
      ],
      {
        cwd: repo,
        env: cliEnv({}),
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if ((out.match(/^progress:/gm) ?? []).length >= lines) child.kill("SIGKILL");
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", fail);
    child.on("exit", (_code, signal) =>
      signal === "SIGKILL" ? done(out) : fail(new Error(`not killed: ${out}`)),
    );
  });
}

/** Every sealed item's key id: the steps' and the files'. */
async function keyIds(db: TestApp["db"]) {
  const files = localFileStore(filesDir);
  const ids: (string | null)[] = [];
  for (const row of await db.select().from(kycRequests)) {
    for (const sealed of [row.identitySealed, row.addressSealed, row.documentSealed]) {
      if (sealed) ids.push(sealedTextKeyId(sealed));
    }
  }
  for (const row of await db.select().from(kycFiles)) {
    const stored = await files.get(row.storageKey);
    ids.push(stored ? sealedKeyId(stored.bytes) : "missing");
  }
  return ids;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), "fre-key-rotation-"));
  filesDir = join(dir, "files");
  source = await sourceDatabase();
  databaseUrl = source.url!;
  const server = await serverWith(source, { DATA_ENCRYPTION_KEY: OLD_KEY.toString("hex") });
  admin = await elevatedAdmin(server, "rkboss");
  for (let i = 0; i < USERS; i++) {
    const { client: c, me } = await verifiedUser(server, `rk${i}`);
    await completeRequest(server, c);
    const front = await getAs(server, admin.client.jar, `/api/admin/kyc/${me.id}/files/front`);
    expect(front.statusCode).toBe(200);
    seeded.push({ userId: me.id, front: front.rawPayload, kyc: (await c.get("/api/kyc")).json() });
  }
  await server.app.close();
  // PGlite allows one process: the CLI opens the folder once the server let it go.
  if (!onPostgres) await source.close();
}, 180_000);

afterAll(async () => {
  await source?.drop().catch(() => {});
  await fs.rm(dir, { recursive: true, force: true });
});

/** The database again (PGlite: reopened from its folder), for a server or a direct read. */
async function reopen() {
  if (onPostgres)
    return { database: source as Awaited<ReturnType<typeof openDatabase>>, close: async () => {} };
  const database = await openDatabase(databaseUrl);
  return { database, close: () => database.close() };
}

/**
 * Every user's documents through a server on `database` with these keys (closed after): the
 * admin's photo and the user's own steps.
 */
async function expectEveryDocumentRead(
  database: Awaited<ReturnType<typeof openDatabase>>,
  keys: object,
) {
  const server = await serverWith(database, keys);
  try {
    const boss = client(server);
    for (const [name, value] of admin.client.jar) boss.jar.set(name, value);
    for (const user of seeded) {
      const front = await getAs(server, boss.jar, `/api/admin/kyc/${user.userId}/files/front`);
      expect(front.statusCode, front.body).toBe(200);
      expect(front.rawPayload.equals(user.front)).toBe(true);
      for (const slot of ["back", "selfie"]) {
        const file = await getAs(server, boss.jar, `/api/admin/kyc/${user.userId}/files/${slot}`);
        expect(file.statusCode, file.body).toBe(200);
      }
      const detail = await boss.get(`/api/admin/kyc/${user.userId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.body).toContain("Jeanne-Marie");
    }
  } finally {
    await server.app.close();
  }
}

describe("npm run rotate-key", () => {
  const total = USERS * 6;

  it("killed half-way, leaves every record readable with the new key and the previous one", async () => {
    const before = new Set(
      await reopen().then(async ({ database, close }) => {
        try {
          return await keyIds(database.db);
        } finally {
          await close();
        }
      }),
    );
    expect(before).toEqual(new Set([dataKeyId(OLD_KEY)]));

    const out = await rotateAndKill(4);
    expect(out).not.toContain(OLD_KEY.toString("hex"));
    expect(out).not.toContain(NEW_KEY.toString("hex"));

    const { database, close } = await reopen();
    try {
      const ids = await keyIds(database.db);
      expect(ids).toHaveLength(total);
      const moved = ids.filter((id) => id === dataKeyId(NEW_KEY)).length;
      expect(moved).toBeGreaterThanOrEqual(4);
      expect(moved).toBeLessThan(total);
      expect(ids.every((id) => id === dataKeyId(NEW_KEY) || id === dataKeyId(OLD_KEY))).toBe(true);

      // The operator switched: the new key current, the old one previous. Everything reads.
      await expectEveryDocumentRead(database, {
        DATA_ENCRYPTION_KEY: NEW_KEY.toString("hex"),
        DATA_ENCRYPTION_KEY_PREVIOUS: OLD_KEY.toString("hex"),
      });
    } finally {
      await close();
    }
  }, 120_000);

  it("resumes, re-encrypts the rest, and then the new key alone opens every field and file", async () => {
    const resumed = await rotate({
      DATA_ENCRYPTION_KEY: NEW_KEY.toString("hex"),
      DATA_ENCRYPTION_KEY_PREVIOUS: OLD_KEY.toString("hex"),
    });
    expect(resumed.code, resumed.stderr).toBe(0);
    const count = Number(resumed.stdout.match(/re-encrypted (\d+) records/)?.[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(total - 4);
    expect(resumed.stdout).toContain("Run it again until it reports 0");
    for (const output of [resumed.stdout, resumed.stderr]) {
      expect(output).not.toContain(OLD_KEY.toString("hex"));
      expect(output).not.toContain(NEW_KEY.toString("hex"));
    }

    const again = await rotate({
      DATA_ENCRYPTION_KEY: NEW_KEY.toString("hex"),
      DATA_ENCRYPTION_KEY_PREVIOUS: OLD_KEY.toString("hex"),
    });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("re-encrypted 0 records");
    expect(again.stdout).toContain("DATA_ENCRYPTION_KEY_PREVIOUS can be removed");

    const { database, close } = await reopen();
    try {
      const only = dataCipher(NEW_KEY);
      const files = localFileStore(filesDir);
      const rows = await database.db.select().from(kycRequests);
      expect(rows).toHaveLength(USERS);
      for (const row of rows) {
        const sealed = {
          identity: row.identitySealed,
          address: row.addressSealed,
          document: row.documentSealed,
        };
        for (const step of STEPS) {
          expect(sealedTextKeyId(sealed[step]!)).toBe(only.keyId);
          expect(() =>
            JSON.parse(only.openText(sealed[step]!, stepContext(row.userId, step))),
          ).not.toThrow();
        }
      }
      const fileRows = await database.db.select().from(kycFiles);
      expect(fileRows).toHaveLength(USERS * 3);
      for (const row of fileRows) {
        const stored = await files.get(row.storageKey);
        expect(only.open(stored!.bytes, fileContext(row.storageKey)).byteLength).toBe(row.size);
      }

      // The server with the new key alone reads every document, the same bytes as before.
      await expectEveryDocumentRead(database, { DATA_ENCRYPTION_KEY: NEW_KEY.toString("hex") });
    } finally {
      await close();
    }
  }, 120_000);

  it("refuses a missing or malformed new key, and a batch size out of bounds", async () => {
    const key = NEW_KEY.toString("hex");
    for (const args of [
      ["--new-key", "abc"],
      ["--new-key", key, "--batch-size", "0"],
      ["--new-key", key, "--batch-size", "1e3"],
      ["--new-key", key, "--batch-size", "20000"],
    ]) {
      const bad = await run(process.execPath, ["--import", "tsx", CLI, ...args], {
        cwd: repo,
        env: cliEnv(),
      }).catch((error) => error as { code: number; stderr: string });
      expect((bad as { code: number }).code, args.join(" ")).toBe(2);
      expect((bad as { stderr: string }).stderr).toContain("usage: npm run rotate-key");
    }
  });
});

describe("AUTH_SECRET rotation", () => {
  const OLD_SECRET = `old-${randomBytes(24).toString("hex")}`;
  const NEW_SECRET = `new-${randomBytes(24).toString("hex")}`;

  it("keeps a session signed with the previous secret during the grace period, not after", async () => {
    const database = await freshDatabase();
    const apps: TestApp[] = [];
    const on = async (config: Record<string, string>, clock = manualClock(new Date())) => {
      const built = await buildApp(testConfig(config), { database, clock });
      await built.app.ready();
      const app = { ...built, db: database.db, database, clock } as unknown as TestApp;
      apps.push(app);
      return app;
    };
    try {
      const before = await on({ AUTH_SECRET: OLD_SECRET });
      const { client: old } = await signUp(before);
      expect((await old.get("/api/me")).statusCode).toBe(200);

      const clock = manualClock(new Date());
      const rotated = await on(
        {
          AUTH_SECRET: NEW_SECRET,
          AUTH_SECRET_PREVIOUS: OLD_SECRET,
          AUTH_SECRET_PREVIOUS_UNTIL: new Date(Date.now() + 60 * 60_000).toISOString(),
        },
        clock,
      );
      const carried = client(rotated);
      for (const [name, value] of old.jar) carried.jar.set(name, value);
      const oldCookie = [...old.jar].map(([k, v]) => `${k}=${v}`).join("; ");
      const me = await carried.get("/api/me");
      expect(me.statusCode, me.body).toBe(200);
      // Better Auth's own routes accept it too.
      const session = await rotated.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie: oldCookie },
      });
      expect(session.statusCode).toBe(200);
      expect(session.json()?.user?.id).toBe(me.json().id);
      // The browser got the cookie re-signed with the new secret: it works with no grace at all.
      expect(carried.jar.get("fre.session_token")).not.toBe(old.jar.get("fre.session_token"));
      const strict = await on({ AUTH_SECRET: NEW_SECRET });
      const renewed = client(strict);
      for (const [name, value] of carried.jar) renewed.jar.set(name, value);
      expect((await renewed.get("/api/me")).statusCode).toBe(200);

      // After the grace period the old cookie is refused, by the viewer and by Better Auth.
      clock.advance(2 * 60 * 60_000);
      const late = await rotated.app.inject({
        method: "GET",
        url: "/api/me",
        headers: { cookie: oldCookie },
      });
      expect(late.statusCode).toBe(401);
      const lateSession = await rotated.app.inject({
        method: "GET",
        url: "/api/auth/get-session",
        headers: { cookie: oldCookie },
      });
      expect(lateSession.json()).toBeNull();
      // And without a previous secret, never.
      const refused = await strict.app.inject({
        method: "GET",
        url: "/api/me",
        headers: { cookie: oldCookie },
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      for (const app of apps) await app.app.close();
      await database.drop();
    }
  }, 60_000);

  it("refuses a previous secret without the end of its grace period", () => {
    expect(() => testConfig({ AUTH_SECRET_PREVIOUS: OLD_SECRET })).toThrow(
      /AUTH_SECRET_PREVIOUS_UNTIL/,
    );
  });
});
