/** True when a query failed on a unique index (SQLSTATE 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === "object" && "code" in e && (e as { code: unknown }).code === "23505") {
      return true;
    }
    e = typeof e === "object" && "cause" in e ? (e as { cause: unknown }).cause : undefined;
  }
  return false;
}

/** The PostgreSQL error behind a driver's wrapper (drizzle wraps it in `cause`), or null. */
function postgresError(error: unknown): { code?: unknown; constraint?: unknown } | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e === "object" && "code" in e && typeof (e as { code: unknown }).code === "string") {
      const code = (e as { code: string }).code;
      if (/^[0-9A-Z]{5}$/.test(code)) return e as { code: string };
    }
    e = typeof e === "object" && "cause" in e ? (e as { cause: unknown }).cause : undefined;
  }
  return null;
}

/** True when a query failed on a CHECK constraint (SQLSTATE 23514), this one if named. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const pg = postgresError(error) as {
    code?: unknown;
    constraint?: unknown;
    constraint_name?: unknown;
  } | null;
  if (pg?.code !== "23514") return false;
  if (!constraint) return true;
  return (pg.constraint ?? pg.constraint_name) === constraint;
}

/** True when PostgreSQL chose this statement as a deadlock's victim (SQLSTATE 40P01). */
export function isDeadlock(error: unknown): boolean {
  return postgresError(error)?.code === "40P01";
}
