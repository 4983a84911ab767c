import { randomUUID } from "node:crypto";
import {
  isNotificationType,
  LANGUAGES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS,
  SESSION_DURATION_MS,
} from "@fre/shared";
import { describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { createEventBus } from "../src/lib/event-bus.ts";
import {
  insertNotification,
  insertNotificationOnce,
} from "../src/modules/notifications/notifications.repo.ts";
import {
  getNotifications,
  sweepExpiringBoosts,
  sweepSessionEndings,
} from "../src/modules/notifications/notifications.service.ts";
import {
  client,
  openEventStream,
  signUp,
  testConfig,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const test = useTestApp();

/** A sweep's dependencies: its notices go through the app's outbox, settled before a read. */
const deps = () => ({ db: test().db, clock: test().clock, events: test().events });
const sweep = async (run: Promise<unknown>) => {
  await run;
  await test().effects.settle();
};
let address: string | undefined;
/** The test app on a real port (SSE needs a streaming client). */
const listening = async () => {
  address ??= await test().app.listen({ port: 0, host: "127.0.0.1" });
  return address;
};

describe("notifications", () => {
  it("sends the end-of-session notice once, when 1 minute or less remains", async () => {
    const { client: c } = await verifiedUser(test(), "notif");
    await c.post("/api/mining/start");
    test().clock.advance(SESSION_DURATION_MS - 2 * 60_000);
    await sweep(sweepSessionEndings(deps()));
    expect((await c.get("/api/notifications")).json().items).toHaveLength(0);
    test().clock.advance(61_000);
    await sweep(Promise.all([sweepSessionEndings(deps()), sweepSessionEndings(deps())]));
    await sweep(sweepSessionEndings(deps()));
    const list = (await c.get("/api/notifications")).json();
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        type: "mining_session_end",
        title: "Session de minage terminée",
        read: false,
        target: "/",
      }),
    ]);
  });

  it("warns once, 24 h before a boost expires, with a click target to the shop", async () => {
    const { db } = test();
    const { client: c, me } = await signUp(test());
    const { boosts } = await import("../src/db/schema/index.ts");
    const now = test().clock.now();
    await db.insert(boosts).values({
      userId: me.id,
      valueNano: 1n,
      source: "test",
      appliedAt: now,
      expiresAt: new Date(now.getTime() + 48 * 3_600_000),
    });
    await sweep(sweepExpiringBoosts(deps()));
    expect((await c.get("/api/notifications")).json().items).toHaveLength(0);
    test().clock.advance(24 * 3_600_000 + 1000);
    await sweep(Promise.all([sweepExpiringBoosts(deps()), sweepExpiringBoosts(deps())]));
    await sweep(sweepExpiringBoosts(deps()));
    const items = (await c.get("/api/notifications")).json().items;
    expect(items).toEqual([
      expect.objectContaining({
        type: "bonus_expiring",
        title: "Boost bientôt expiré",
        target: "/shop",
      }),
    ]);
    // Two days after its expiry the boost row is pruned by the same sweep.
    const { eq } = await import("drizzle-orm");
    test().clock.advance(24 * 3_600_000 + 47 * 3_600_000);
    await sweepExpiringBoosts(deps());
    expect(await db.select().from(boosts).where(eq(boosts.userId, me.id))).toHaveLength(1);
    test().clock.advance(2 * 3_600_000);
    await sweepExpiringBoosts(deps());
    expect(await db.select().from(boosts).where(eq(boosts.userId, me.id))).toHaveLength(0);
  });

  it("renders in the reader's language and notifies the claim", async () => {
    const { client: c, user } = await verifiedUser(test(), "notif");
    await c.post("/api/mining/start");
    test().clock.advance(SESSION_DURATION_MS);
    await c.post("/api/mining/claim");
    await test().effects.settle();
    const english = client(test(), { language: "en" });
    await english.post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    const items = (await english.get("/api/notifications")).json().items;
    expect(items[0]).toMatchObject({
      type: "mining_session_claim",
      title: "Earnings claimed",
      message: "You claimed 0.0250 FRE.",
    });
  });

  it("keeps the newest 50 and marks one or all read, only for their owner", async () => {
    const { client: c, me } = await signUp(test());
    for (let i = 0; i < 55; i++) {
      await insertNotification(test().db, {
        userId: me.id,
        type: i % 2 === 0 ? "level_up" : "bonus_expiring",
        params: { level: i },
        at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    const list = (await c.get("/api/notifications")).json();
    expect(list.items).toHaveLength(50);
    expect(list.items[0].message).toContain("54");
    const mentions = (text: string) =>
      list.items.some((n: { message: string }) => n.message.includes(text));
    expect(mentions("niveau 4.")).toBe(false);
    expect(mentions("niveau 6.")).toBe(true);
    expect(list.items.find((n: { type: string }) => n.type === "bonus_expiring").target).toBe(
      "/shop",
    );

    const other = await signUp(test());
    const id = list.items[0].id;
    expect((await other.client.post(`/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await c.post(`/api/notifications/${id}/read`)).statusCode).toBe(204);
    expect((await c.get("/api/notifications")).json().unread).toBe(49);
    expect((await c.post("/api/notifications/read-all")).statusCode).toBe(204);
    expect((await c.get("/api/notifications")).json().unread).toBe(0);
  });

  it("streams new notifications over server-sent events", async () => {
    const { client: c, me } = await signUp(test());
    const events = await openEventStream(await listening(), c);
    expect(events.response.headers.get("content-type")).toContain("text/event-stream");
    await test().db.transaction((tx) =>
      test().events.notify(me.id, "level_up", { level: 3 }, { tx }),
    );
    expect(await events.until("event: notification")).toContain(
      "Bravo ! Vous avez validé le niveau 3.",
    );
    events.close();
    const unauthorised = await fetch(`${events.address}/api/events`);
    expect(unauthorised.status).toBe(401);
  });

  it("relays live events between server processes through the database, once each", async () => {
    // Two buses on the same database, as two instances behind a load balancer would have.
    const a = createEventBus({ relay: test().database });
    const b = createEventBus({ relay: test().database });
    await Promise.all([a.start(), b.start()]);
    try {
      const seen = { a: [] as string[], b: [] as string[], bOther: [] as string[] };
      const fences = { a: [] as string[], b: [] as string[] };
      a.subscribe("user-1", (e) => seen.a.push(e.type));
      b.subscribe("user-1", (e) => seen.b.push(e.type));
      b.subscribe("user-2", (e) => seen.bOther.push(e.type));
      a.subscribe("fence", (e) => fences.a.push(e.type));
      b.subscribe("fence", (e) => fences.b.push(e.type));
      a.publish("user-1", { type: "notification", data: { n: 1 } });
      b.publishAll({ type: "information", data: {} });
      await vi.waitFor(() => {
        expect(seen.a).toHaveLength(2);
        expect(seen.b).toHaveLength(2);
      });
      // No sleep to wait for duplicates: each bus sends a fence after its event. NOTIFYs reach
      // every listener in commit order, so a second copy of either event would arrive before both
      // fences do.
      a.publish("fence", { type: "fence-a", data: {} });
      b.publish("fence", { type: "fence-b", data: {} });
      await vi.waitFor(() => {
        expect(fences.a.filter((type) => type.startsWith("fence-")).sort()).toEqual([
          "fence-a",
          "fence-b",
        ]);
        expect(fences.b.filter((type) => type.startsWith("fence-")).sort()).toEqual([
          "fence-a",
          "fence-b",
        ]);
      });
      expect(seen.a.sort()).toEqual(["information", "notification"]);
      expect(seen.b.sort()).toEqual(["information", "notification"]);
      expect(seen.bOther).toEqual(["information"]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("streams a notification made by another server process to this one's SSE client", async () => {
    const other = await buildApp(testConfig(), { database: test().database, clock: test().clock });
    await other.app.ready();
    try {
      const { client: c, me } = await signUp(test());
      const events = await openEventStream(await listening(), c);
      // Recorded by the other process: its outbox delivers it, its bus relays it here.
      await test().db.transaction((tx) =>
        other.events.notify(me.id, "level_up", { level: 4 }, { tx }),
      );
      expect(await events.until("event: notification")).toContain(
        "Bravo ! Vous avez validé le niveau 4.",
      );
      events.close();
    } finally {
      await other.app.close();
    }
  });

  it("renders every type with its registry target and its texts, in every language", async () => {
    const { me } = await signUp(test());
    const at = test().clock.now();
    for (const [i, type] of NOTIFICATION_TYPES.entries()) {
      await insertNotificationOnce(test().db, {
        id: randomUUID(),
        userId: me.id,
        type,
        params: {},
        at: new Date(at.getTime() + i),
      });
    }
    for (const language of LANGUAGES) {
      const { items } = await getNotifications(
        { db: test().db, clock: test().clock, bus: test().bus },
        me.id,
        language,
      );
      expect(items.map((n) => n.type).sort(), language).toEqual([...NOTIFICATION_TYPES].sort());
      for (const item of items) {
        if (!isNotificationType(item.type)) throw new Error(`unknown type ${item.type}`);
        expect(item.target, item.type).toBe(NOTIFICATIONS[item.type].target);
        expect(item.title.length, `${language} ${item.type}`).toBeGreaterThan(0);
        expect(item.message.length, `${language} ${item.type}`).toBeGreaterThan(0);
      }
    }
  });

  it("neither lists nor counts a stored row of a type this build does not know", async () => {
    const { client: c, me } = await signUp(test());
    await insertNotification(test().db, {
      userId: me.id,
      type: "a_type_since_removed",
      params: {},
      at: test().clock.now(),
    });
    await test().db.transaction((tx) =>
      test().events.notify(me.id, "level_up", { level: 2 }, { tx }),
    );
    await test().effects.settle();
    const list = (await c.get("/api/notifications")).json();
    expect(list.items.map((n: { type: string }) => n.type)).toEqual(["level_up"]);
    expect(list.unread).toBe(1);
  });
});
