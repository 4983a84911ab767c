import { randomBytes } from "node:crypto";
import { sql as query } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { AUDIT_OWNER_ROLE } from "../src/db/audit-owner.ts";
import { openDatabase, rowsOf } from "../src/db/client.ts";
import {
  appOnDatabase,
  elevatedAdmin,
  expectLedgerBalanced,
  freshDatabase,
  onPostgres,
} from "./helpers.ts";

/**
 * Issue 32 point 9 (decision 0050): the app's own role could switch the audit trigger off
 * because it owned audit_log. On PostgreSQL, with DATABASE_MIGRATION_URL a superuser, the table
 * now belongs to fre_audit_owner and every way the app's connection had to rewrite the trail is
 * refused. The operator's set-up is the README's: `CREATE ROLE fre_app LOGIN; CREATE DATABASE fre
 * OWNER fre_app`, the app on DATABASE_URL as fre_app, DATABASE_MIGRATION_URL as a superuser.
 */
const base = process.env.TEST_DATABASE_URL;

/** What the app's own connection tries on the audit log: each must be refused. */
const REWRITES = (role: string) => [
  "alter table audit_log disable trigger user",
  "alter table audit_log disable trigger audit_log_no_update_delete",
  "drop trigger audit_log_no_update_delete on audit_log",
  "drop trigger audit_log_no_truncate on audit_log",
  `alter table audit_log owner to ${role}`,
  "alter table audit_log add column forged text",
  "drop table audit_log",
  "truncate audit_log",
  "update audit_log set action = 'forged'",
  "delete from audit_log",
  "create or replace function audit_log_append_only() returns trigger language plpgsql as 'begin return new; end'",
  "drop function audit_log_append_only() cascade",
  "alter schema public owner to current_user",
  "drop schema public cascade",
  `grant ${AUDIT_OWNER_ROLE} to ${role}`,
  `set role ${AUDIT_OWNER_ROLE}`,
  "create rule forged as on insert to audit_log do instead nothing",
  "alter table audit_log enable row level security",
];

describe.skipIf(!onPostgres)(
  "audit log owner on PostgreSQL (the app's role is not its owner)",
  () => {
    const suffix = randomBytes(4).toString("hex");
    const role = `fre_app_${suffix}`;
    const names: string[] = [];
    const admin = postgres(base ?? "", { max: 1, onnotice: () => {} });
    const urlOf = (user: string, database: string, host = "127.0.0.1") => {
      const url = new URL(base ?? "");
      url.username = user;
      url.password = "";
      url.hostname = host;
      url.pathname = `/${database}`;
      return url.toString();
    };
    const superuser = () => new URL(base ?? "").username || "postgres";

    /** An empty database owned by the app's role, as the README tells an operator to make it. */
    async function operatorDatabase() {
      const name = `fre_ao_${suffix}_${names.length}`;
      names.push(name);
      await admin.unsafe(`CREATE DATABASE ${name} OWNER ${role}`);
      return {
        appUrl: urlOf(role, name),
        migrationUrl: urlOf(superuser(), name),
      };
    }

    /** Runs `statement` as the app's role, rolled back; resolves to the SQLSTATE of its refusal. */
    async function asApp(url: string, statement: string): Promise<string | null> {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql.begin(async (tx) => {
          await tx.unsafe(statement);
          throw new Rollback();
        });
        return null;
      } catch (error) {
        if (error instanceof Rollback) return null;
        return (error as { code?: string }).code ?? String(error);
      } finally {
        await sql.end({ timeout: 5 });
      }
    }

    async function migrated(url: string, migrationUrl?: string) {
      const database = await openDatabase(url, { poolMax: 2, migrationUrl });
      try {
        return await database.migrate();
      } finally {
        await database.close();
      }
    }

    beforeAll(async () => {
      await admin.unsafe(`CREATE ROLE ${role} LOGIN`);
    });
    afterAll(async () => {
      for (const name of names) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // fre_audit_owner stays: a cluster-wide NOLOGIN role other databases of the run may use.
      await admin.unsafe(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    });

    let protectedDb: { appUrl: string; migrationUrl: string };

    it("without DATABASE_MIGRATION_URL, the app's role owns audit_log and the boot says so", async () => {
      protectedDb = await operatorDatabase();
      const { warnings } = await migrated(protectedDb.appUrl);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/owns audit_log.*DATABASE_MIGRATION_URL/);
      // The hole the probe found: the owner switches the trigger off.
      expect(await asApp(protectedDb.appUrl, "alter table audit_log disable trigger user")).toBe(
        null,
      );
      // A DATABASE_MIGRATION_URL that is not a superuser's changes nothing, and the boot says so.
      const notSuper = urlOf(role, protectedDb.appUrl.split("/").pop() ?? "", "localhost");
      const again = await migrated(protectedDb.appUrl, notSuper);
      expect(again.warnings[0]).toMatch(/DATABASE_MIGRATION_URL connects as .*not a superuser/);
    });

    it("with it, hands audit_log to fre_audit_owner: no warning, and again at every boot", async () => {
      expect((await migrated(protectedDb.appUrl, protectedDb.migrationUrl)).warnings).toEqual([]);
      expect((await migrated(protectedDb.appUrl, protectedDb.migrationUrl)).warnings).toEqual([]);
      const sql = postgres(protectedDb.migrationUrl, { max: 1, onnotice: () => {} });
      try {
        const [state] = await sql`
        select pg_get_userbyid(c.relowner) as "table",
          (select pg_get_userbyid(p.proowner) from pg_proc p
            where p.oid = 'audit_log_append_only()'::regprocedure) as "function",
          (select pg_get_userbyid(n.nspowner) from pg_namespace n
            where n.nspname = 'public') as "schema",
          (select rolcanlogin from pg_roles where rolname = ${AUDIT_OWNER_ROLE}) as "canLogin",
          (select u.tableowner from pg_tables u
            where u.schemaname = 'public' and u.tablename = 'users') as "users"
        from pg_class c where c.oid = 'audit_log'::regclass`;
        expect(state).toEqual({
          table: AUDIT_OWNER_ROLE,
          function: AUDIT_OWNER_ROLE,
          schema: AUDIT_OWNER_ROLE,
          canLogin: false,
          users: role,
        });
        const privileges = await sql`
        select privilege_type from information_schema.role_table_grants
        where table_name = 'audit_log' and grantee = ${role} order by 1`;
        expect(privileges.map((p) => p.privilege_type)).toEqual(["INSERT", "SELECT"]);
      } finally {
        await sql.end({ timeout: 5 });
      }
    });

    it("refuses the app's connection every way to rewrite the trail", async () => {
      const refusals: Record<string, string | null> = {};
      for (const statement of REWRITES(role)) {
        refusals[statement] = await asApp(protectedDb.appUrl, statement);
      }
      expect(refusals).toEqual(
        Object.fromEntries(REWRITES(role).map((statement) => [statement, "42501"])),
      );
    });

    it("keeps the app's own tables its own: later migrations still run as its role", async () => {
      for (const statement of [
        "create table later_migration (id int primary key)",
        "alter table users add column later_column text",
        "create index later_index on users (created_at)",
        "alter table ledger_entries drop constraint ledger_entries_kind_known",
        "drop table telegram_init_data_uses",
      ]) {
        expect(await asApp(protectedDb.appUrl, statement), statement).toBe(null);
      }
    });

    it("still records and lists admin acts through the app", async () => {
      const database = await openDatabase(protectedDb.appUrl, {
        poolMax: 4,
        migrationUrl: protectedDb.migrationUrl,
      });
      const test = await appOnDatabase({ ...database, drop: () => database.close() });
      try {
        const boss = await elevatedAdmin(test, "owner");
        const audit = await boss.client.get("/api/admin/audit?action=admin.access_granted");
        expect(audit.statusCode).toBe(200);
        expect(audit.json().items[0]).toMatchObject({ actorId: boss.me.id });
        await expectLedgerBalanced(test);
      } finally {
        await test.close();
      }
    });

    it("refuses to hand over an audit log the app's role altered while it owned it", async () => {
      const tampered = await operatorDatabase();
      await migrated(tampered.appUrl);
      const sql = postgres(tampered.appUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`
      create function swallow() returns trigger language plpgsql as 'begin return null; end';
      create trigger swallow before insert on audit_log for each row execute function swallow();`);
      await sql.end({ timeout: 5 });
      await expect(migrated(tampered.appUrl, tampered.migrationUrl)).rejects.toThrow(
        /objects FRE did not create \(trigger swallow\)/,
      );
    });

    it("refuses a DATABASE_MIGRATION_URL on another database", async () => {
      await expect(migrated(protectedDb.appUrl, urlOf(superuser(), "postgres"))).rejects.toThrow(
        /same database/,
      );
    });

    it("warns when the app connects as a superuser (the tests' own set-up)", async () => {
      const database = await freshDatabase();
      try {
        const { warnings } = await database.migrate();
        expect(warnings[0]).toMatch(/is a superuser/);
      } finally {
        await database.drop();
      }
    });
  },
);

describe.skipIf(onPostgres)("audit log on the embedded database (one role, one process)", () => {
  it("has one superuser role, owner of audit_log: no separation to offer, no warning", async () => {
    const database = await freshDatabase();
    try {
      expect((await database.migrate()).warnings).toEqual([]);
      const result = await database.db.execute(query`
        select r.rolsuper as superuser, pg_get_userbyid(c.relowner) = current_user as owner
        from pg_roles r, pg_class c
        where r.rolname = current_user and c.oid = 'audit_log'::regclass`);
      expect(rowsOf(result)).toEqual([{ superuser: true, owner: true }]);
      // So its one connection can do what PostgreSQL's app role no longer may (decision 0050).
      const disabled = await database.db
        .transaction(async (tx) => {
          await tx.execute(query`alter table audit_log disable trigger user`);
          tx.rollback();
        })
        .then(
          () => "disabled",
          (error: Error) => (/rollback/i.test(error.message) ? "disabled" : error.message),
        );
      expect(disabled).toBe("disabled");
    } finally {
      await database.drop();
    }
  });
});

describe("DATABASE_MIGRATION_URL", () => {
  it("is refused at boot with the embedded database", () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: "pglite:memory:",
        DATABASE_MIGRATION_URL: "postgres://postgres@127.0.0.1:5432/fre",
      }),
    ).toThrow(/DATABASE_MIGRATION_URL: only with DATABASE_URL=postgres/);
  });
});

class Rollback extends Error {}
