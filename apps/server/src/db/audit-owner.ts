import { readFileSync } from "node:fs";
import { join } from "node:path";
import postgres from "postgres";

/**
 * The audit log out of the app's role's reach (decision 0050): migration 0032 hands audit_log to
 * the NOLOGIN role fre_audit_owner, which only a superuser can do. The boot runs it on
 * DATABASE_MIGRATION_URL after the migrations, then says whether the app's connection can still
 * alter the table.
 */
export const AUDIT_OWNER_ROLE = "fre_audit_owner";
const STEP_FILE = "0032_audit_log_owner.sql";

/**
 * After the migrations (on `app`, the app's connection, under the migration lock): runs migration
 * 0032 again on the superuser connection `migrationUrl` for the app's role, then returns the boot
 * warnings — none when the app's connection can no longer alter audit_log.
 */
export async function secureAuditLog(
  app: postgres.Sql,
  migrationUrl: string | undefined,
  migrationsFolder: string,
): Promise<string[]> {
  let unfit: string | null = null;
  if (migrationUrl) {
    const privileged = postgres(migrationUrl, { max: 1, onnotice: () => {} });
    try {
      const [appSide, privilegedSide] = await Promise.all([sessionOf(app), sessionOf(privileged)]);
      if (appSide.database !== privilegedSide.database) {
        throw new Error(
          `DATABASE_MIGRATION_URL is on database ${privilegedSide.database}, DATABASE_URL on ` +
            `${appSide.database}: both must name the same database`,
        );
      }
      if (privilegedSide.superuser) {
        await protectAuditLog(privileged, appSide.role, migrationsFolder);
      } else {
        unfit = `connects as ${privilegedSide.role}, not a superuser: set it to one`;
      }
    } finally {
      await privileged.end({ timeout: 5 });
    }
  }
  const exposure = await auditLogExposure(app);
  return exposure ? [auditLogWarning(exposure, unfit)] : [];
}

async function sessionOf(sql: postgres.Sql) {
  const [row] = await sql<{ role: string; superuser: boolean; database: string }[]>`
    select current_user as role, r.rolsuper as superuser,
      pg_catalog.current_database() as database
    from pg_catalog.pg_roles r where r.rolname = current_user`;
  if (!row) throw new Error("no role for this connection");
  return row;
}

/**
 * Runs migration 0032 on the superuser connection `privileged` for `appRole`. Its session
 * resolves names in pg_catalog only: the superuser must not call a function or an operator the
 * app's role put in `public`. One connection: the settings hold for the statement after them.
 */
async function protectAuditLog(privileged: postgres.Sql, appRole: string, folder: string) {
  await privileged`select pg_catalog.set_config('search_path', 'pg_catalog', false)`;
  await privileged`select pg_catalog.set_config('fre.audit_app_role', ${appRole}, false)`;
  await privileged.unsafe(readFileSync(join(folder, STEP_FILE), "utf8"));
}

/**
 * Why the app's connection (`app`) can still alter or drop audit_log, or null when it cannot: it
 * is a superuser, the table's owner, its schema's owner, a member of either, or (before
 * PostgreSQL 16) it may create roles and so grant itself fre_audit_owner.
 */
async function auditLogExposure(app: postgres.Sql): Promise<string | null> {
  const [row] = await app<
    { role: string; superuser: boolean; owns: boolean; createrole: boolean }[]
  >`
    select r.rolname as role, r.rolsuper as superuser,
      pg_catalog.pg_has_role(r.oid, c.relowner, 'MEMBER')
        or pg_catalog.pg_has_role(r.oid, n.nspowner, 'MEMBER') as owns,
      r.rolcreaterole and pg_catalog.current_setting('server_version_num')::int < 160000 as createrole
    from pg_catalog.pg_roles r, pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where r.rolname = current_user and c.oid = 'public.audit_log'::pg_catalog.regclass`;
  if (!row) return null;
  if (row.superuser) return `the app's role ${row.role} is a superuser`;
  if (row.owns) return `the app's role ${row.role} owns audit_log or its schema`;
  if (row.createrole) return `the app's role ${row.role} has CREATEROLE`;
  return null;
}

/** The boot warning for an audit log the app's role can alter. */
function auditLogWarning(exposure: string, migrationUrlUnfit: string | null): string {
  const fix = migrationUrlUnfit
    ? `DATABASE_MIGRATION_URL ${migrationUrlUnfit}`
    : "set DATABASE_MIGRATION_URL to a superuser connection to the same database";
  return (
    `audit_log is within the app's reach: ${exposure}, so its connection can switch the ` +
    `append-only trigger off or drop the table. Run the app as its own non-superuser role and ${fix} ` +
    "(README, Running on PostgreSQL; decision 0050)"
  );
}
