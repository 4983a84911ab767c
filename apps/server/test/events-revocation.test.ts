/**
 * Live event streams (`GET /api/events`) end with the session they were opened with (issue 32,
 * point 2): sign-out, revoking the other sessions, a password change, suspension and erasure end
 * the streams concerned within 1 s — on whichever process holds them — and a stream re-checks its
 * session at every heartbeat. An ended stream's reconnection answers 401, so the browser's
 * EventSource stops instead of reconnecting forever.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "../src/db/schema/index.ts";
import { HEARTBEAT_MS } from "../src/modules/notifications/live-streams.ts";
import {
  type Client,
  client,
  createTestApps,
  elevatedAdmin,
  onPostgres,
  signUp,
  type TestApp,
  useTestApp,
} from "./helpers.ts";

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join("; ");

const addresses = new WeakMap<TestApp, Promise<string>>();
/** The app on a real port (a stream needs a streaming client). */
function listening(app: TestApp) {
  let address = addresses.get(app);
  if (!address) {
    address = app.app.listen({ port: 0, host: "127.0.0.1" });
    addresses.set(app, address);
  }
  return address;
}

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

/** Opens `GET /api/events` on `app` with these cookies, and reads it as it comes. */
async function openStream(app: TestApp, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${await listening(app)}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  let text = "";
  const reader = response.body!.getReader();
  // Resolves when the server ends the stream (not when this side aborts it).
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        text += new TextDecoder().decode(value);
      }
    } catch {
      return false;
    }
  })();
  const stream = {
    status: response.status,
    /** True when the server ended the stream within `ms`. */
    endsWithin: (ms: number) =>
      Promise.race([ended, new Promise<boolean>((r) => setTimeout(r, ms, false))]),
    /** What the stream said once `marker` arrived (5 s at most). */
    async until(marker: string) {
      await vi.waitFor(() => expect(text).toContain(marker), { timeout: 5000, interval: 10 });
      return text;
    },
    close: () => controller.abort(),
  };
  opened.push(stream);
  if (response.status === 200) await stream.until("retry: 5000");
  return stream;
}

/** A second sign-in of the same account: another session, as another device has. */
async function secondDevice(app: TestApp, user: { email: string; password: string }) {
  const other = client(app);
  const signedIn = await other.post("/api/auth/sign-in/email", user);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  return other;
}

/** Proves a stream is still served: an event published for its user reaches it. */
async function expectStillLive(
  app: TestApp,
  userId: string,
  stream: Awaited<ReturnType<typeof openStream>>,
) {
  const marker = `still-live-${Math.random().toString(36).slice(2)}`;
  app.bus.publish(userId, { type: marker, data: null });
  expect(await stream.until(`event: ${marker}`)).toContain(marker);
}

describe("live event streams end with their session", () => {
  const test = useTestApp();

  it("sign-out ends that session's stream within 1 s, not another session's of the user", async () => {
    const { client: laptop, user, me } = await signUp(test());
    const phone = await secondDevice(test(), user);
    const laptopCookie = cookieOf(laptop);
    const onLaptop = await openStream(test(), laptopCookie);
    const onPhone = await openStream(test(), cookieOf(phone));
    expect([onLaptop.status, onPhone.status]).toEqual([200, 200]);

    expect((await laptop.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect(await onLaptop.endsWithin(1000)).toBe(true);
    // Its reconnection is refused: the browser's EventSource stops there.
    expect((await openStream(test(), laptopCookie)).status).toBe(401);
    await expectStillLive(test(), me.id, onPhone);
  });

  it("revoking the other sessions ends their streams and keeps the caller's", async () => {
    const { client: laptop, user, me } = await signUp(test());
    const phone = await secondDevice(test(), user);
    const tablet = await secondDevice(test(), user);
    const onLaptop = await openStream(test(), cookieOf(laptop));
    const others = [
      await openStream(test(), cookieOf(phone)),
      await openStream(test(), cookieOf(tablet)),
      await openStream(test(), cookieOf(tablet)),
    ];

    expect((await laptop.post("/api/auth/revoke-other-sessions")).statusCode).toBe(200);
    expect(await Promise.all(others.map((s) => s.endsWithin(1000)))).toEqual([true, true, true]);
    expect((await openStream(test(), cookieOf(phone))).status).toBe(401);
    await expectStillLive(test(), me.id, onLaptop);
  });

  it("a password change that revokes the other sessions ends their streams", async () => {
    const { client: laptop, user, me } = await signUp(test());
    const phone = await secondDevice(test(), user);
    const onLaptop = await openStream(test(), cookieOf(laptop));
    const onPhone = await openStream(test(), cookieOf(phone));

    const changed = await laptop.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "An0ther!pass",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await onPhone.endsWithin(1000)).toBe(true);
    // Better Auth gives the caller a new session: the laptop signs in again to stream.
    expect(await onLaptop.endsWithin(1000)).toBe(true);
    await expectStillLive(test(), me.id, await openStream(test(), cookieOf(laptop)));
  });

  it("suspension ends all five streams of the user within 1 s, and no one else's", async () => {
    const admin = await elevatedAdmin(test());
    const victim = await signUp(test());
    const phone = await secondDevice(test(), victim.user);
    const bystander = await signUp(test());
    const onBystander = await openStream(test(), cookieOf(bystander.client));
    const streams = [];
    for (const c of [victim.client, victim.client, victim.client, phone, phone]) {
      streams.push(await openStream(test(), cookieOf(c)));
    }
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);

    const suspended = await admin.client.post(`/api/admin/users/${victim.me.id}/suspend`, {
      reason: "Fraude au parrainage",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await Promise.all(streams.map((s) => s.endsWithin(1000)))).toEqual(
      streams.map(() => true),
    );
    // A later broadcast reaches the others only; the victim cannot open a stream again.
    test().bus.publishAll({ type: "information", data: { n: 1 } });
    expect(await onBystander.until("event: information")).toContain("event: information");
    expect((await openStream(test(), cookieOf(phone))).status).toBe(401);
  });

  it("erasure ends every stream of the account within 1 s", async () => {
    const { client: laptop, user } = await signUp(test());
    const phone = await secondDevice(test(), user);
    const phoneCookie = cookieOf(phone);
    const streams = [
      await openStream(test(), cookieOf(laptop)),
      await openStream(test(), phoneCookie),
    ];

    const erased = await test().app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { origin: "http://localhost:3000", cookie: cookieOf(laptop) },
      payload: { password: user.password },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await Promise.all(streams.map((s) => s.endsWithin(1000)))).toEqual([true, true]);
    expect((await openStream(test(), phoneCookie)).status).toBe(401);
  });

  it("opens no stream on a session the database no longer has, even one this process cached", async () => {
    const { client: laptop, me } = await signUp(test());
    // The session cache holds it now (signUp read /api/me); then it goes without any signal.
    expect((await laptop.get("/api/me")).statusCode).toBe(200);
    await test().db.delete(sessions).where(eq(sessions.userId, me.id));
    expect((await laptop.get("/api/me")).statusCode).toBe(200);
    expect((await openStream(test(), cookieOf(laptop))).status).toBe(401);
  });
});

describe("the heartbeat re-checks every open stream's session", () => {
  const test = useTestApp();

  it("ends, at the next heartbeat, a stream whose session went without a signal", async () => {
    const gone = await signUp(test());
    const kept = await signUp(test());
    // The heartbeat's timer starts with the first stream: opened under fake intervals.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const onGone = await openStream(test(), cookieOf(gone.client));
      const onKept = await openStream(test(), cookieOf(kept.client));
      await test().db.delete(sessions).where(eq(sessions.userId, gone.me.id));
      expect(await onGone.endsWithin(50)).toBe(false);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(await onGone.endsWithin(1000)).toBe(true);
      // The other stream got its heartbeat and is still served.
      expect(await onKept.until(": ping")).toContain(": ping");
      await expectStillLive(test(), kept.me.id, onKept);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(onPostgres)("streams held by another process on the same database", () => {
  let group: Awaited<ReturnType<typeof createTestApps>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    group = await createTestApps(2);
    [a, b] = group.apps as [TestApp, TestApp];
  });
  afterAll(() => group.close());

  it("a sign-out on A ends that session's stream on B within 1 s", async () => {
    const { client: laptop, user, me } = await signUp(a);
    const phone = await secondDevice(a, user);
    const onB = await openStream(b, cookieOf(laptop));
    const phoneOnB = await openStream(b, cookieOf(phone));
    expect((await laptop.post("/api/auth/sign-out")).statusCode).toBe(200);
    expect(await onB.endsWithin(1000)).toBe(true);
    await expectStillLive(a, me.id, phoneOnB);
  });

  it("a suspension on A ends the user's streams on A and B within 1 s", async () => {
    const admin = await elevatedAdmin(a);
    const victim = await signUp(b);
    const streams = [
      await openStream(a, cookieOf(victim.client)),
      await openStream(b, cookieOf(victim.client)),
      await openStream(b, cookieOf(victim.client)),
    ];
    const suspended = await admin.client.post(`/api/admin/users/${victim.me.id}/suspend`, {
      reason: "Fraude au parrainage",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await Promise.all(streams.map((s) => s.endsWithin(1000)))).toEqual([true, true, true]);
  });
});
