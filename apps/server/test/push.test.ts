import { mkdtempSync } from "node:fs";
import { Agent } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakePushService,
  type ReceivedPush,
  selfSignedCertificate,
  startFakePushService,
} from "./fake-push-service.ts";
import { createTestApp, signUp, type TestApp, verifiedUser } from "./helpers.ts";

const tls = selfSignedCertificate(mkdtempSync(join(tmpdir(), "fre-push-")));
let push: FakePushService;
let test: TestApp;
let endpoint: string;
let received: ReceivedPush[];
beforeAll(async () => {
  push = await startFakePushService(tls);
  received = push.received;
  endpoint = `${push.origin}/push/device-1`;
  test = await createTestApp({ pushAgent: new Agent({ ca: tls.cert }) });
});
afterAll(async () => {
  await test.close();
  await push.close();
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
      message: "Vous avez réclamé 0,001041667 FRE.",
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

/** A claim sends `mining_session_claim` through the app's own notification + push wiring. */
async function claimOnce(c: Client) {
  await c.post("/api/mining/start");
  test.clock.advance(3_600_000);
  expect((await c.post("/api/mining/claim")).statusCode).toBe(200);
}

type Client = Awaited<ReturnType<typeof signUp>>["client"];
