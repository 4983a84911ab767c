import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { Agent, createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ece from "http_ece";
import jws from "jws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp, verifiedUser } from "./helpers.ts";

/**
 * A local push service speaking the Web Push protocol: it checks the VAPID authorization
 * (ES256 JWT signed by the server's key, audience = this origin) and decrypts the aes128gcm
 * payload with the subscriber's keys, as a browser's push service and service worker would.
 */
interface Received {
  status: number;
  claims?: { aud: string; sub: string; exp: number };
  vapidKey?: string;
  payload?: unknown;
  ttl?: string;
}

const dir = mkdtempSync(join(tmpdir(), "fre-push-"));
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    join(dir, "key.pem"),
    "-out",
    join(dir, "cert.pem"),
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
  ],
  { stdio: "ignore" },
);
const cert = readFileSync(join(dir, "cert.pem"));

const subscriber = createECDH("prime256v1");
subscriber.generateKeys();
const authSecret = randomBytes(16);
const received: Received[] = [];
let respondWith = 201;

const pushService = createServer({ key: readFileSync(join(dir, "key.pem")), cert }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const auth = String(req.headers.authorization ?? "");
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(auth);
    const entry: Received = { status: respondWith, ttl: String(req.headers.ttl) };
    if (match) {
      const [, token = "", key = ""] = match;
      const raw = Buffer.from(key, "base64url");
      const pem = createPublicKey({
        key: {
          kty: "EC",
          crv: "P-256",
          x: raw.subarray(1, 33).toString("base64url"),
          y: raw.subarray(33, 65).toString("base64url"),
        },
        format: "jwk",
      }).export({ type: "spki", format: "pem" });
      if (jws.verify(token, "ES256", pem)) {
        const payload = jws.decode(token)?.payload;
        entry.claims = typeof payload === "string" ? JSON.parse(payload) : payload;
        entry.vapidKey = key;
      }
    }
    if (entry.claims && req.headers["content-encoding"] === "aes128gcm") {
      const plain = ece.decrypt(Buffer.concat(chunks), {
        version: "aes128gcm",
        privateKey: subscriber,
        authSecret,
      });
      entry.payload = JSON.parse(plain.toString("utf8"));
    }
    received.push(entry);
    res.writeHead(entry.claims ? respondWith : 401).end();
  });
});

let test: TestApp;
let endpoint: string;
beforeAll(async () => {
  await new Promise<void>((r) => pushService.listen(0, "127.0.0.1", r));
  endpoint = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/device-1`;
  test = await createTestApp({ pushAgent: new Agent({ ca: cert }) });
});
afterAll(async () => {
  await test.close();
  pushService.close();
});

describe("web push", () => {
  it("sends a notification to the user's subscribed device, signed with VAPID and encrypted", async () => {
    const { client: c } = await verifiedUser(test, "push");
    const publicKey = (await c.get("/api/push/vapid-public-key")).json().publicKey;
    const subscribe = await c.post("/api/push/subscriptions", {
      endpoint,
      keys: {
        p256dh: subscriber.getPublicKey().toString("base64url"),
        auth: authSecret.toString("base64url"),
      },
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
      keys: {
        p256dh: subscriber.getPublicKey().toString("base64url"),
        auth: authSecret.toString("base64url"),
      },
    });
    respondWith = 410;
    const before = received.length;
    await claimOnce(c);
    expect(received.length).toBe(before + 1);
    respondWith = 201;
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
