/**
 * The gauges the alerts watch (deploy/prometheus/alerts.yml), read from the database at each
 * scrape of /metrics: withdrawals in processing and the oldest one's age, the outbox's backlog and
 * abandoned rows, the nightly ledger verification's verdict and time, the TON price's age and, on
 * PostgreSQL, the pool's size and busy connections.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseFre } from "@fre/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEffects, users, withdrawals } from "../src/db/schema/index.ts";
import { insertEffect } from "../src/lib/outbox.repo.ts";
import {
  runNightlyLedgerVerification,
  verificationDue,
} from "../src/modules/ledger/ledger-verification.ts";
import { storeTonPrice } from "../src/modules/ton/ton-price.repo.ts";
import { metricLines, onPostgres, type TestApp, useTestApp, verifiedUser } from "./helpers.ts";

const MINUTE = 60_000;

/** The value of an unlabelled gauge in /metrics, or null when it has no sample. */
async function gauge(test: TestApp, name: string): Promise<number | null> {
  const line = (await metricLines(test, `${name} `))[0];
  return line === undefined ? null : Number(line.slice(name.length + 1));
}

describe("operations gauges", () => {
  // A price service configured (never called here: the test stores the price itself).
  const test = useTestApp({ config: { TON_PRICE_URL: "http://127.0.0.1:9" } });

  it("counts withdrawals in processing and the oldest one's wait since its approval", async () => {
    expect(await gauge(test(), "fre_withdrawals_processing")).toBe(0);
    expect(await gauge(test(), "fre_withdrawals_processing_oldest_age_seconds")).toBe(0);
    const { me } = await verifiedUser(test(), "payout");
    const approvedAt = test().clock.now();
    await test()
      .db.insert(withdrawals)
      .values({
        id: randomUUID(),
        userId: me.id,
        amountNano: parseFre("10"),
        walletAddress: `0:${"ab".repeat(32)}`,
        network: "-3",
        status: "processing",
        reviewedAt: approvedAt,
        createdAt: new Date(approvedAt.getTime() - 60 * MINUTE),
        updatedAt: approvedAt,
      });
    test().clock.advance(45 * MINUTE);
    expect(await gauge(test(), "fre_withdrawals_processing")).toBe(1);
    expect(await gauge(test(), "fre_withdrawals_processing_oldest_age_seconds")).toBe(45 * 60);
    await test()
      .db.update(withdrawals)
      .set({ status: "completed" })
      .where(eq(withdrawals.userId, me.id));
    expect(await gauge(test(), "fre_withdrawals_processing")).toBe(0);
    expect(await gauge(test(), "fre_withdrawals_processing_oldest_age_seconds")).toBe(0);
  });

  it("reports the outbox's undelivered effects, the oldest one's age and the abandoned ones", async () => {
    // Deliver what the sign-ups recorded, so the figures start from nothing.
    await test().effects.settle();
    await test().db.update(outboxEffects).set({ deliveredAt: test().clock.now() });
    expect(await gauge(test(), "fre_outbox_pending")).toBe(0);
    expect(await gauge(test(), "fre_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(await gauge(test(), "fre_outbox_abandoned")).toBe(0);
    const at = test().clock.now();
    const waiting = await insertEffect(test().db, { kind: "test", userId: null, payload: {}, at });
    const given = await insertEffect(test().db, { kind: "test", userId: null, payload: {}, at });
    await test().db.update(outboxEffects).set({ attempts: 25 }).where(eq(outboxEffects.id, given));
    test().clock.advance(20 * MINUTE);
    expect(await gauge(test(), "fre_outbox_pending")).toBe(1);
    expect(await gauge(test(), "fre_outbox_oldest_pending_age_seconds")).toBe(20 * 60);
    expect(await gauge(test(), "fre_outbox_abandoned")).toBe(1);
    await test().db.delete(outboxEffects).where(eq(outboxEffects.id, waiting));
    await test().db.delete(outboxEffects).where(eq(outboxEffects.id, given));
  });

  it("shows no ledger verdict before the first run, then the nightly verdict and its time", async () => {
    expect(await gauge(test(), "fre_ledger_verified")).toBeNull();
    expect(await gauge(test(), "fre_ledger_verified_timestamp_seconds")).toBeNull();
    expect((await metricLines(test(), "# TYPE fre_ledger_verified gauge")).length).toBe(1);

    // Tomorrow 05:00 UTC: an hour after the night's start.
    const now = test().clock.now();
    const first = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 5),
    );
    test().clock.set(first);
    expect(
      await runNightlyLedgerVerification({ db: test().db, clock: test().clock }),
    ).toMatchObject({
      ok: true,
    });
    expect(await gauge(test(), "fre_ledger_verified")).toBe(1);
    expect(await gauge(test(), "fre_ledger_verified_timestamp_seconds")).toBe(
      first.getTime() / 1000,
    );
    // Once a night: a later tick of the same day does nothing.
    test().clock.advance(15 * MINUTE);
    expect(await runNightlyLedgerVerification({ db: test().db, clock: test().clock })).toBeNull();

    // A balance that does not equal its entries: the next night's run says so.
    const { me } = await verifiedUser(test(), "books");
    await test()
      .db.update(users)
      .set({ balance: sql`${users.balance} + 1` })
      .where(eq(users.id, me.id));
    test().clock.advance(24 * 60 * MINUTE);
    const mismatches: number[] = [];
    const second = test().clock.now();
    expect(
      await runNightlyLedgerVerification({
        db: test().db,
        clock: test().clock,
        onMismatch: (count) => mismatches.push(count),
      }),
    ).toMatchObject({ ok: false, mismatches: 1 });
    expect(mismatches).toEqual([1]);
    expect(await gauge(test(), "fre_ledger_verified")).toBe(0);
    expect(await gauge(test(), "fre_ledger_verified_timestamp_seconds")).toBe(
      second.getTime() / 1000,
    );
    await test()
      .db.update(users)
      .set({ balance: sql`${users.balance} - 1` })
      .where(eq(users.id, me.id));
  });

  it("is due after each 04:00 UTC with no run since, and at once on a new install", () => {
    const at = (iso: string) => new Date(iso);
    expect(verificationDue(at("2026-12-01T02:00:00Z"), null)).toBe(true);
    expect(verificationDue(at("2026-12-01T03:59:00Z"), at("2026-11-30T04:10:00Z"))).toBe(false);
    expect(verificationDue(at("2026-12-01T04:00:00Z"), at("2026-11-30T04:10:00Z"))).toBe(true);
    expect(verificationDue(at("2026-12-01T23:00:00Z"), at("2026-12-01T04:00:00Z"))).toBe(false);
  });

  it("reports the stored TON price's age once there is one", async () => {
    expect(await gauge(test(), "fre_ton_price_age_seconds")).toBeNull();
    const pricedAt = test().clock.now();
    await storeTonPrice(test().db, {
      usd: "2.5",
      eur: "2.3",
      pricedAt: pricedAt.toISOString(),
      source: "coingecko",
    });
    test().clock.advance(31 * MINUTE);
    expect(await gauge(test(), "fre_ton_price_age_seconds")).toBe(31 * 60);
  });

  it.runIf(onPostgres)(
    "reports the pool's size and the app's busy connections (PostgreSQL)",
    async () => {
      expect(await gauge(test(), "fre_db_pool_max")).toBe(4);
      // The scrape's own query is running while PostgreSQL counts.
      expect(await gauge(test(), "fre_db_connections_busy")).toBeGreaterThanOrEqual(1);
    },
  );

  it("exposes every FRE metric the alerts and the dashboard name", async () => {
    const body = (await test().app.inject({ url: "/metrics" })).body;
    const exposed = new Set([...body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]!));
    const deploy = (path: string) =>
      readFileSync(new URL(`../../../deploy/${path}`, import.meta.url), "utf8");
    const named = new Set(
      [
        ...`${deploy("prometheus/alerts.yml")}${deploy("grafana/fre.json")}`.matchAll(
          /\bfre_[a-z0-9_]+/g,
        ),
      ]
        .map((m) => m[0].replace(/_(bucket|count|sum)$/, ""))
        // Grafana's uid and tag, not metrics.
        .filter((name) => name !== "fre_overview"),
    );
    // The primary's counter (WEB_CONCURRENCY > 1, lib/cluster-metrics.ts); the pool's gauges exist
    // on PostgreSQL only.
    const elsewhere = new Set([
      "fre_worker_restarts_total",
      ...(onPostgres ? [] : ["fre_db_pool_max", "fre_db_connections_busy"]),
    ]);
    expect([...named].filter((name) => !exposed.has(name) && !elsewhere.has(name))).toEqual([]);
    expect(named.size).toBeGreaterThan(15);
  });

  it.skipIf(onPostgres)(
    "on the embedded database only (skipped on PostgreSQL): has no pool gauges, having no pool",
    async () => {
      expect(await metricLines(test(), "fre_db_pool_max")).toEqual([]);
    },
  );
});
