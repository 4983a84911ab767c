import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  type FakePushService,
  startFakePushService,
} from "../apps/server/test/fake-push-service.ts";
import {
  baseURL,
  linkFromMail,
  miningStartHeaders,
  newUser,
  persistentPhone,
  pushToServiceWorker,
  signUpInContext,
} from "./support";

declare global {
  interface Window {
    pushSubscribedWith?: string;
  }
}

/**
 * The whole push path in a real browser: the opt-in button, the subscription registered with
 * the server, the server's Web Push request (VAPID + aes128gcm) to a push service, and the
 * service worker showing what arrived. Only the browser vendor's push service is replaced (the
 * sandbox cannot reach it): `pushManager.subscribe` answers with a subscription on the local
 * push service, whose keys the test holds, as a real one would.
 */
let context: BrowserContext;
let page: Page;
let push: FakePushService;
let errors: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  const tls = inject("pushTls");
  push = await startFakePushService({
    key: readFileSync(tls.keyPath),
    cert: readFileSync(tls.certPath),
  });
  ({ context, page, errors, close } = await persistentPhone("push"));
  await context.addInitScript(
    ({ endpoint, keys }) => {
      if (typeof PushManager === "undefined") return;
      let current: PushSubscription | null = null;
      const toBase64Url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      PushManager.prototype.subscribe = async function subscribe(options) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        window.pushSubscribedWith = toBase64Url(key);
        current = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key.buffer, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { endpoint: `${push.origin}/push/e2e-device`, keys: push.keys },
  );
});

afterAll(async () => {
  await close?.();
  await push?.close();
});

const post = async (path: string) =>
  context.request.post(path, {
    headers: {
      origin: baseURL(),
      // A start may be the user's first: it carries a proof of work (decision 0044).
      ...(path === "/api/mining/start" ? await miningStartHeaders() : {}),
    },
  });

describe("push notifications on this device", () => {
  it("opts in from the button, receives the server's push and shows it; opts out", async () => {
    const user = newUser("push");
    await signUpInContext(context, user);
    await page.goto(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
    await context.grantPermissions(["notifications"], { origin: baseURL() });
    await page.goto("/profile");
    const settings = page.getByTestId("push-settings");
    await expect.poll(() => settings.getAttribute("data-state")).toBe("off");
    await page.getByTestId("push-enable").click();
    // Subscribing waits for the worker to be active: on a first visit it is still precaching.
    await expect.poll(() => settings.getAttribute("data-state"), { timeout: 30_000 }).toBe("on");
    await expect
      .poll(() => settings.textContent())
      .toContain("Les notifications sont activées sur cet appareil.");

    // Subscribed with the server's VAPID key; the server then pushes a claim's notice there.
    const vapid = (await (await context.request.get("/api/push/vapid-public-key")).json())
      .publicKey as string;
    expect(await page.evaluate(() => window.pushSubscribedWith)).toBe(vapid);
    expect((await post("/api/mining/start")).status()).toBe(200);
    expect((await post("/api/mining/claim")).status()).toBe(200);
    await expect.poll(() => push.received.length, { timeout: 10_000 }).toBe(1);
    const delivered = push.received[0]!;
    expect(delivered.path).toBe("/push/e2e-device");
    expect(delivered.vapidKey).toBe(vapid);
    expect(delivered.claims?.aud).toBe(push.origin);
    expect(delivered.payload).toMatchObject({
      type: "mining_session_claim",
      title: "Gains réclamés",
    });

    // The browser hands what its push service received to the service worker.
    const shown = await pushToServiceWorker(context, page, delivered.payload);
    expect(shown).toContainEqual(
      expect.objectContaining({
        title: "Gains réclamés",
        tag: "mining_session_claim",
        requireInteraction: true,
      }),
    );

    // Opting out: the server forgets the device and pushes nothing more to it.
    await page.getByTestId("push-disable").click();
    await expect.poll(() => settings.getAttribute("data-state")).toBe("off");
    expect((await post("/api/mining/start")).status()).toBe(200);
    // No wait needed: a claim answers once its notice was handed to every subscribed push
    // service (as the first claim above shows), so a push to this device would be here already.
    expect((await post("/api/mining/claim")).status()).toBe(200);
    expect(push.received).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
