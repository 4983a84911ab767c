import { Agent } from "node:https";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadVapidKeys } from "../src/adapters/web-push/vapid-keys.ts";
import { webPushTransport } from "../src/adapters/web-push/web-push-transport.ts";
import { pushSubscriptions } from "../src/db/schema/index.ts";
import { pushSender } from "../src/modules/push/push.service.ts";
import { PushEndpointRefused } from "../src/modules/push/push-endpoint.ts";
import {
  type FakePushService,
  type ReceivedPush,
  selfSignedCertificate,
  startFakePushService,
} from "./fake-push-service.ts";
import {
  createTestApp,
  expectLedgerBalanced,
  signUp,
  type TestApp,
  verifiedUser,
} from "./helpers.ts";

const tls = selfSignedCertificate();
let push: FakePushService;
let test: TestApp;
/** The same app without PUSH_ENDPOINT_ALLOW: the local push service is not a public address. */
let strict: TestApp;
let endpoint: string;
let received: ReceivedPush[];
beforeAll(async () => {
  push = await startFakePushService(tls);
  received = push.received;
  endpoint = `${push.origin}/push/device-1`;
  const pushAgent = new Agent({ ca: tls.cert });
  test = await createTestApp({
    pushAgent,
    config: { PUSH_ENDPOINT_ALLOW: new URL(push.origin).host },
  });
  strict = await createTestApp({ pushAgent });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(test);
    await expectLedgerBalanced(strict);
  } finally {
    await test.close();
    await strict.close();
    await push.close();
  }
});

describe("web push", () => {
  it("sends a notification to the user's subscribed device, signed with VAPID and encrypted", async () => {
    const { client: c } = await verifiedUser(test, "push");
    const publicKey = (await c.get("/api/push/vapid-public-key")).json().publicKey;
    const subscribe = await c.post("/api/push/subscriptions", {
      endpoint,
      keys: push.keys,
    });
    expect(subscribe.statusCode).toBe(204);
    const other = await verifiedUser(test, "nopush");

    // Through the app's own wiring: the claim notice reaches the device; nobody else's does.
    const before = received.length;
    await claimOnce(c);
    expect(received.length).toBe(before + 1);
    const last = received.at(-1)!;
    expect(last.vapidKey).toBe(publicKey);
    expect(last.claims?.aud).toBe(new URL(endpoint).origin);
    expect(last.claims?.sub).toBe("mailto:admin@fre.local");
    expect(last.claims!.exp * 1000).toBeGreaterThan(Date.now());
    expect(last.ttl).toBe("86400");
    expect(last.payload).toMatchObject({
      type: "mining_session_claim",
      title: "Gains réclamés",
      message: "Vous avez réclamé 0,0010 FRE.",
      target: "/",
    });

    // Without a subscription nothing is sent.
    const count = received.length;
    await claimOnce(other.client);
    expect(received.length).toBe(count);
  });

  it("forgets a subscription the push service says is gone (410)", async () => {
    const { client: c } = await verifiedUser(test, "gone");
    await c.post("/api/push/subscriptions", {
      endpoint: `${endpoint}-gone`,
      keys: push.keys,
    });
    push.respondWith(410);
    const before = received.length;
    await claimOnce(c);
    expect(received.length).toBe(before + 1);
    push.respondWith(201);
    await claimOnce(c);
    expect(received.length).toBe(before + 1);
  });

  it("refuses a malformed subscription", async () => {
    const { client: c } = await signUp(test);
    const bad = await c.post("/api/push/subscriptions", {
      endpoint: "http://insecure.example/push",
      keys: { p256dh: "x", auth: "y" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("push endpoints (no server-side request forgery)", () => {
  it.each([
    "https://127.0.0.1/push/x",
    "https://localhost/push/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/push/x",
    "https://[::1]/push/x",
    "https://[::ffff:127.0.0.1]/push/x",
    "https://nonexistent.invalid/x",
    "https://0x7f.1/push/x",
    "https://127.0.0.1:5432/push/x",
  ])("refuses %s with 400 VALIDATION_ERROR and stores nothing", async (refused) => {
    const { client: c, me } = await signUp(test);
    const response = await c.post("/api/push/subscriptions", {
      endpoint: refused,
      keys: push.keys,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "VALIDATION_ERROR",
      message: expect.any(String),
      issues: [{ path: "endpoint", message: expect.any(String) }],
    });
    expect(await storedFor(test, me.id)).toEqual([]);
  });

  it("accepts the local push service only when PUSH_ENDPOINT_ALLOW names it", async () => {
    const refused = await signUp(strict);
    const response = await refused.client.post("/api/push/subscriptions", {
      endpoint: `${push.origin}/push/strict`,
      keys: push.keys,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe("endpoint");
    expect(await storedFor(strict, refused.me.id)).toEqual([]);

    const allowed = await signUp(test);
    const ok = await allowed.client.post("/api/push/subscriptions", {
      endpoint: `${push.origin}/push/allowed`,
      keys: push.keys,
    });
    expect(ok.statusCode).toBe(204);
    expect(await storedFor(test, allowed.me.id)).toEqual([`${push.origin}/push/allowed`]);
    // The allowance names the push service's port: another port of that host stays refused.
    const port = Number(new URL(push.origin).port);
    const otherPort = await allowed.client.post("/api/push/subscriptions", {
      endpoint: `https://127.0.0.1:${port === 65535 ? port - 1 : port + 1}/push/other`,
      keys: push.keys,
    });
    expect(otherPort.statusCode).toBe(400);
  });

  it("does not reach a stored endpoint that is no longer allowed, and keeps its row", async () => {
    // Stored while allowed (or re-bound to loopback since): the app now runs without allowance.
    const { client: c, me } = await verifiedUser(strict, "rebound");
    const stored = [
      `${push.origin}/push/rebound`,
      `https://localhost:${new URL(push.origin).port}/r`,
    ];
    for (const target of stored) {
      await strict.db.insert(pushSubscriptions).values({
        userId: me.id,
        endpoint: target,
        p256dh: push.keys.p256dh,
        auth: push.keys.auth,
      });
    }
    // Were the push sent, the service would answer 410 and the row would be deleted.
    push.respondWith(410);
    const before = received.length;
    try {
      await claimOnce(c, strict);
      expect(received.length).toBe(before);
    } finally {
      push.respondWith(201);
    }
    expect((await storedFor(strict, me.id)).sort()).toEqual([...stored].sort());

    // The sender reports the refusal (host at most, never the endpoint URL) and deletes nothing.
    const errors: unknown[] = [];
    const send = pushSender({
      db: strict.db,
      transport: webPushTransport({
        vapid: await loadVapidKeys(strict.db),
        subject: "mailto:admin@fre.local",
        agent: new Agent({ ca: tls.cert }),
        endpointAllow: [],
      }),
      onError: (error) => errors.push(error),
    });
    await send(me.id, { type: "test", title: "t", message: "m", target: "/" });
    expect(received.length).toBe(before);
    expect(errors).toHaveLength(2);
    for (const error of errors) {
      expect(error).toBeInstanceOf(PushEndpointRefused);
      expect(String((error as Error).message)).not.toMatch(/https:|\/push\/|\/r\b/);
    }
    expect(await storedFor(strict, me.id)).toHaveLength(2);
  });
});

async function storedFor(app: TestApp, userId: string) {
  const rows = await app.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.endpoint);
}

/** A claim sends `mining_session_claim` through the app's own notification + push wiring. */
async function claimOnce(c: Client, app: TestApp = test) {
  await c.post("/api/mining/start");
  app.clock.advance(3_600_000);
  expect((await c.post("/api/mining/claim")).statusCode).toBe(200);
  // The notice is recorded with the claim and pushed right after its commit (decision 0032).
  await app.effects.settle();
}

type Client = Awaited<ReturnType<typeof signUp>>["client"];
