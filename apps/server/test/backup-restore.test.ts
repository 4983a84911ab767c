/**
 * Backups that restore (issue 33, point 4; decision 0052): a service with users, sessions, a
 * ledger, KYC documents, withdrawals and games is backed up, restored into a new empty database
 * and files folder, and works there: the books balance (`ledger:verify`), an elevated admin opens
 * the KYC document, a user signs in with their password, and a payout caught mid-send is paid once.
 * The restore refuses a non-empty database, a newer schema and an altered archive.
 */
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { parseFre } from "@fre/shared";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { localFileStore } from "../src/adapters/file-store/local-file-store.ts";
import { openDatabase } from "../src/db/client.ts";
import { simChainPayouts, users, withdrawals } from "../src/db/schema/index.ts";
import { createBackup } from "../src/lib/backup/backup.ts";
import { DB_DUMP, MANIFEST, type SchemaVersion } from "../src/lib/backup/manifest.ts";
import { RestoreRefusedError, restoreBackup } from "../src/lib/backup/restore.ts";
import { entryBytes, readTarEntries, tarWriter } from "../src/lib/backup/tar.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import type { Chain } from "../src/modules/ton/chain.ts";
import { processPayouts } from "../src/modules/withdrawals/withdrawal-payouts.ts";
import {
  appOnDatabase,
  client,
  DEFAULT_ADMIN_CODE,
  elevatedAdmin,
  freshDatabase,
  onPostgres,
  type TestApp,
  verifiedUser,
} from "./helpers.ts";
import { completeRequest, DATA_KEY, getAs } from "./kyc-fixtures.ts";
import { linkTonWallet, payoutWorkerDeps } from "./ton-helpers.ts";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../../..");
let dir: string;
const dropTargets: (() => Promise<void>)[] = [];

/** The app on a database and a files folder, with the suite's data key (the database stays). */
async function appOn(
  database: Awaited<ReturnType<typeof openDatabase>>,
  filesDir: string,
  now: Date,
) {
  return appOnDatabase(
    { ...database, drop: async () => {} },
    { config: { DATA_ENCRYPTION_KEY: DATA_KEY, FILES_URL: filesDir }, now },
  );
}

/** A new, empty restore target: a PGlite folder that does not exist yet, or a new database. */
async function emptyTarget(): Promise<string> {
  if (!onPostgres) return `pglite:${join(dir, `restored-${randomBytes(4).toString("hex")}`, "db")}`;
  const name = `fre_r_${randomBytes(6).toString("hex")}`;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  dropTargets.push(async () => {
    const again = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The source service: on PGlite a real data folder, on PostgreSQL a fresh database. */
async function sourceDatabase() {
  if (onPostgres) return freshDatabase();
  const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
  const database = await openDatabase(`pglite:${join(dir, "source", "db")}`, { pgliteDump: dump });
  return { ...database, url: undefined, drop: () => database.close() };
}

/** A copy of an archive whose manifest `change` rewrote (checksums untouched). */
async function rewriteManifest(
  from: string,
  to: string,
  change: (m: { schema: SchemaVersion }) => void,
) {
  const source = await fs.open(from, "r");
  const target = await fs.open(to, "wx");
  try {
    const tar = tarWriter(target);
    for (const entry of await readTarEntries(source)) {
      let bytes = await entryBytes(source, entry);
      if (entry.name === MANIFEST) {
        const manifest = JSON.parse(bytes.toString("utf8"));
        change(manifest);
        bytes = Buffer.from(JSON.stringify(manifest));
      }
      await tar.add(entry.name, bytes);
    }
    await tar.finish();
  } finally {
    await source.close();
    await target.close();
  }
}

/** The real CLI (`npm run …`'s command) with the service's settings; never throws. */
async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", join(repo, "apps/server/src/cli", script), ...args],
      {
        cwd: repo,
        env: {
          ...process.env,
          NODE_ENV: "test",
          PUBLIC_URL: "http://localhost:3000",
          DATA_ENCRYPTION_KEY: DATA_KEY,
          ...env,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let source: TestApp;
let sourceDb: Awaited<ReturnType<typeof sourceDatabase>>;
let archive: string;
let restoredUrl: string;
const seeded = {} as {
  player: { email: string; password: string };
  boss: { email: string; password: string };
  kycUserId: string;
  withdrawalId: string;
  wallet: string;
  rows: Record<string, number>;
  frontImage: Buffer;
};

beforeAll(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), "fre-backup-test-"));
  sourceDb = await sourceDatabase();
  source = await appOn(sourceDb, join(dir, "source-files"), new Date());
  const boss = await elevatedAdmin(source, "bkboss");
  seeded.boss = boss.user;

  // KYC with its three photos, submitted; the same user withdraws.
  const { client: c, me, user } = await verifiedUser(source, "bkuser");
  seeded.player = user;
  seeded.kycUserId = me.id;
  await completeRequest(source, c);
  expect((await c.post("/api/kyc/submit")).statusCode).toBe(200);
  await source.db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, me.id));
  seeded.wallet = (await linkTonWallet(source, c)).address;
  await source.db.transaction((tx) =>
    credit(tx, {
      userId: me.id,
      kind: "bonus",
      amountNano: parseFre("100"),
      reference: `test:${randomUUID()}`,
      at: source.clock.now(),
    }),
  );
  // A game played: a dice bet settled in the ledger.
  expect(
    (await c.post("/api/games/dice/bets", { amount: "1", target: 50, direction: "over" }))
      .statusCode,
  ).toBe(200);
  const asked = await source.app.inject({
    method: "POST",
    url: "/api/withdrawals",
    headers: {
      origin: "http://localhost:3000",
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": `bk-${randomUUID()}`,
    },
    payload: { amount: "30" },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  seeded.withdrawalId = asked.json().id;
  const approved = await boss.client.post(`/api/admin/withdrawals/${seeded.withdrawalId}/approve`, {
    expect: "final",
  });
  expect(approved.statusCode, approved.body).toBe(200);
  // The chain takes the payout, then the worker dies before writing what the chain answered:
  // the backup holds a withdrawal in `processing`/`sending` whose payout already left.
  const real = source.shop.deps.chain;
  const crashing: Chain = {
    ...real,
    sendPayout: async (request) => {
      await real.sendPayout(request);
      throw new Error("worker crashed");
    },
  };
  await processPayouts(payoutWorkerDeps(source, crashing));
  const [row] = await source.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.id, seeded.withdrawalId));
  expect(row).toMatchObject({ status: "processing", payoutState: "sending" });

  const front = await getAs(source, boss.client.jar, `/api/admin/kyc/${me.id}/files/front`);
  expect(front.statusCode).toBe(200);
  seeded.frontImage = front.rawPayload;

  archive = join(dir, "backup.tar");
  const summary = await createBackup({
    database: source.database,
    databaseUrl: sourceDb.url ?? "",
    files: localFileStore(join(dir, "source-files")),
    out: archive,
  });
  seeded.rows = summary.manifest.tables;
  expect(summary.files).toBe(3);
}, 120_000);

afterAll(async () => {
  await source?.close();
  await sourceDb?.drop();
  for (const drop of dropTargets) await drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("backup", () => {
  it("writes the dump, the files as stored (sealed) and a manifest; never the data key", async () => {
    const handle = await fs.open(archive, "r");
    try {
      const entries = await readTarEntries(handle);
      const names = entries.map((e) => e.name);
      expect(names[0]).toBe(DB_DUMP);
      expect(names.at(-1)).toBe(MANIFEST);
      expect(names.filter((n) => n.startsWith("files/kyc/"))).toHaveLength(3);
      const manifest = JSON.parse((await entryBytes(handle, entries.at(-1)!)).toString("utf8"));
      expect(manifest).toMatchObject({
        format: "fre-backup",
        formatVersion: 1,
        database: { kind: onPostgres ? "postgres" : "pglite" },
        schema: { tag: expect.stringMatching(/^\d{4}_/) },
      });
      expect(manifest.tables["public.users"]).toBeGreaterThanOrEqual(2);
      expect(manifest.tables["public.sessions"]).toBeGreaterThan(0);
      expect(manifest.tables["public.kyc_files"]).toBe(3);
      expect(manifest.tables["public.withdrawals"]).toBe(1);
      expect(manifest.tables["public.game_bets"]).toBe(1);
      expect(manifest.tables["public.ledger_entries"]).toBeGreaterThan(0);
      for (const entry of entries.filter((e) => e.name !== MANIFEST)) {
        expect(manifest.entries[entry.name].sha256).toMatch(/^[0-9a-f]{64}$/);
      }
      // The photos are the sealed objects, not images (no JPEG signature).
      for (const entry of entries.filter((e) => e.name.startsWith("files/"))) {
        const bytes = await entryBytes(handle, entry);
        expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      }
    } finally {
      await handle.close();
    }
    const whole = await fs.readFile(archive);
    expect(whole.includes(Buffer.from(DATA_KEY))).toBe(false);
    expect(whole.includes(Buffer.from(DATA_KEY, "hex"))).toBe(false);
    expect(whole.includes(Buffer.from("Jeanne-Marie"))).toBe(false);
  });
});

describe("restore", () => {
  it("into a new database and files folder: books, KYC document, password, one payout", async () => {
    restoredUrl = await emptyTarget();
    const filesDir = join(dir, "restored-files");
    const summary = await restoreBackup({
      archive,
      databaseUrl: restoredUrl,
      files: localFileStore(filesDir),
    });
    expect(summary.files).toBe(3);
    const database = await openDatabase(restoredUrl, { poolMax: 5 });
    const restored = await appOn(database, filesDir, source.clock.now());
    try {
      expect(await findLedgerMismatches(restored.db)).toEqual([]);

      // The admin signs in with their password, elevates and opens the document.
      const boss = client(restored);
      const signedIn = await boss.post("/api/auth/sign-in/email", seeded.boss);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect((await boss.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
        200,
      );
      const front = await getAs(
        restored,
        boss.jar,
        `/api/admin/kyc/${seeded.kycUserId}/files/front`,
      );
      expect(front.statusCode).toBe(200);
      expect(front.headers["content-type"]).toMatch(/^image\/jpeg/);
      expect(front.rawPayload.equals(seeded.frontImage)).toBe(true);

      // The user signs in with their password: the balance is what it was.
      const player = client(restored);
      expect((await player.post("/api/auth/sign-in/email", seeded.player)).statusCode).toBe(200);
      expect((await player.get("/api/me")).json().email).toBe(seeded.player.email);
      expect((await player.get("/api/withdrawals")).json().items[0]).toMatchObject({
        id: seeded.withdrawalId,
        status: "processing",
      });

      // The payout left before the backup; past its lease the worker asks the chain again with
      // the same reference and gets that payout back: completed, paid once.
      restored.clock.advance(61_000);
      await processPayouts(payoutWorkerDeps(restored));
      await processPayouts(payoutWorkerDeps(restored));
      const [row] = await restored.db
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.id, seeded.withdrawalId));
      expect(row?.status).toBe("completed");
      const payouts = await restored.db
        .select()
        .from(simChainPayouts)
        .where(eq(simChainPayouts.reference, seeded.withdrawalId));
      expect(payouts).toHaveLength(1);
      const jettons = (
        await restored.app.inject({ url: `/api/dev/chain/accounts/${seeded.wallet}` })
      ).json().jettons;
      expect(jettons.FRE).toBe("30.000000000");
      expect(await findLedgerMismatches(restored.db)).toEqual([]);
    } finally {
      await restored.close();
      await database.close();
    }
    // The real command, as an operator runs it after a restore.
    const verified = await cli("ledger-verify.ts", [], { DATABASE_URL: restoredUrl });
    expect(verified.stdout + verified.stderr).toContain("ledger OK");
    expect(verified.code).toBe(0);
  }, 120_000);

  it("refuses a non-empty database (the CLI says so, exit 1)", async () => {
    const files = localFileStore(join(dir, `other-files-${randomUUID()}`));
    await expect(restoreBackup({ archive, databaseUrl: restoredUrl, files })).rejects.toThrow(
      /not empty/,
    );
    const refused = await cli("restore.ts", [archive], {
      DATABASE_URL: restoredUrl,
      FILES_URL: join(dir, "cli-files"),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/restore: refused: the database .*not empty/);
  }, 60_000);

  it("refuses a newer schema", async () => {
    const newer = join(dir, "newer.tar");
    await rewriteManifest(archive, newer, (m) => {
      m.schema.migrations += 1;
      m.schema.lastAppliedAt += 1000;
      m.schema.tag = null;
    });
    const target = await emptyTarget();
    await expect(
      restoreBackup({ archive: newer, databaseUrl: target, files: localFileStore(join(dir, "n")) }),
    ).rejects.toThrow(/newer than this code's/);
    await expect(fs.stat(join(dir, "n"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses an altered archive (checksum mismatch) and writes nothing", async () => {
    const tampered = join(dir, "tampered.tar");
    await fs.copyFile(archive, tampered);
    const handle = await fs.open(tampered, "r+");
    try {
      const entry = (await readTarEntries(handle)).find((e) => e.name.startsWith("files/"))!;
      const byte = Buffer.alloc(1);
      await handle.read(byte, 0, 1, entry.offset + 20);
      byte[0] = byte[0]! ^ 0xff;
      await handle.write(byte, 0, 1, entry.offset + 20);
    } finally {
      await handle.close();
    }
    const target = await emptyTarget();
    const error = await restoreBackup({
      archive: tampered,
      databaseUrl: target,
      files: localFileStore(join(dir, "t")),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(RestoreRefusedError);
    expect(error.message).toMatch(/checksum mismatch in files\/kyc\//);
    await expect(fs.stat(join(dir, "t"))).rejects.toMatchObject({ code: "ENOENT" });
    if (!onPostgres) {
      await expect(fs.stat(target.slice("pglite:".length))).rejects.toMatchObject({
        code: "ENOENT",
      });
    } else {
      const database = await openDatabase(target, { poolMax: 1 });
      const { listTables } = await import("../src/lib/backup/manifest.ts");
      const { queryOf } = await import("../src/lib/backup/backup.repo.ts");
      expect(await listTables(queryOf(database.db))).toEqual([]);
      await database.close();
    }
  });
});
