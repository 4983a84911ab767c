/// <reference path="./http-ece.d.ts" />
/**
 * A local push service speaking the Web Push protocol, for the API tests and the e2e tests: it
 * checks the VAPID authorization (an ES256 JWT signed by the server's key, audience = this
 * origin) and decrypts the aes128gcm payload with the subscriber's keys, as a browser's push
 * service and service worker would. Only the browser vendor's push service is replaced.
 */
import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ece from "http_ece";
import jws from "jws";

export interface ReceivedPush {
  status: number;
  path: string;
  claims?: { aud: string; sub: string; exp: number };
  vapidKey?: string;
  payload?: unknown;
  ttl?: string;
}

/**
 * A throw-away certificate for 127.0.0.1, in memory. openssl writes it to `scratchDir` (a fresh
 * temporary directory when omitted), where it is read back and removed, with the directory once
 * that leaves it empty: nothing stays on disk. A caller needing files writes them itself.
 */
export function selfSignedCertificate(scratchDir?: string) {
  const dir = scratchDir ?? mkdtempSync(join(tmpdir(), "fre-push-cert-"));
  const keyPath = join(dir, "push-key.pem");
  const certPath = join(dir, "push-cert.pem");
  try {
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
        keyPath,
        "-out",
        certPath,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
  } finally {
    rmSync(keyPath, { force: true });
    rmSync(certPath, { force: true });
    try {
      rmdirSync(dir);
    } catch {
      // not empty: the caller's directory keeps its other files
    }
  }
}

function vapidClaims(authorization: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match) return null;
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
  if (!jws.verify(token, "ES256", pem)) return null;
  const payload = jws.decode(token)?.payload;
  return { claims: typeof payload === "string" ? JSON.parse(payload) : payload, key };
}

/** Starts the push service; `keys` is what a browser would give the app for a subscription. */
export async function startFakePushService(tls: { key: Buffer; cert: Buffer }) {
  const subscriber = createECDH("prime256v1");
  subscriber.generateKeys();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  let respondWith = 201;

  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry: ReceivedPush = {
        status: respondWith,
        path: req.url ?? "",
        ttl: String(req.headers.ttl),
      };
      const vapid = vapidClaims(String(req.headers.authorization ?? ""));
      if (vapid) {
        entry.claims = vapid.claims;
        entry.vapidKey = vapid.key;
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    keys: {
      p256dh: subscriber.getPublicKey().toString("base64url"),
      auth: authSecret.toString("base64url"),
    },
    /** The HTTP status the next pushes get (410: the subscription is gone). */
    respondWith(status: number) {
      respondWith = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
