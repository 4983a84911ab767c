import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { SESSION_CACHE_MS } from "../src/http/viewer.ts";
import { sweepExpiredAuthRows } from "../src/modules/auth/auth.service.ts";
import { signUp, useTestApp } from "./helpers.ts";

const test = useTestApp();

const count = async (table: "sessions" | "verifications", userId: string) => {
  const column = table === "sessions" ? sql`user_id` : sql`value`;
  const [row] = rowsOf<{ n: number }>(
    await test().db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${column} like ${`%${userId}%`}`,
    ),
  );
  return row?.n ?? 0;
};

describe("retention sweep (privacy policy: sessions and links end at their expiry)", () => {
  it("deletes expired login sessions and verification links, and only those", async () => {
    const kept = await signUp(test());
    const expired = await signUp(test());
    // The sign-ups left a live session each and a verification link each.
    expect(await count("sessions", kept.me.id)).toBe(1);
    expect(await count("sessions", expired.me.id)).toBe(1);
    const past = new Date(test().clock.now().getTime() - 60_000).toISOString();
    await test().db.execute(
      sql`update sessions set expires_at = ${past}::timestamptz where user_id = ${expired.me.id}`,
    );
    await test().db.execute(sql`update verifications set expires_at = ${past}::timestamptz`);

    const gone = await sweepExpiredAuthRows(test().db, test().clock);

    expect(gone).toBeGreaterThanOrEqual(1);
    expect(await count("sessions", expired.me.id)).toBe(0);
    expect(await count("sessions", kept.me.id)).toBe(1);
    const [left] = rowsOf<{ n: number }>(
      await test().db.execute(sql`select count(*)::int as n from verifications`),
    );
    expect(left?.n).toBe(0);
    // The kept session still works; the swept one is signed out (once this process's 15 s
    // session cache has let go of it, as for any revocation).
    test().clock.advance(SESSION_CACHE_MS + 1);
    expect((await kept.client.get("/api/me")).statusCode).toBe(200);
    expect((await expired.client.get("/api/me")).statusCode).toBe(401);
    // Nothing left to sweep: a second run deletes nothing.
    expect(await sweepExpiredAuthRows(test().db, test().clock)).toBe(0);
  });
});
