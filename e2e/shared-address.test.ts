/**
 * Many people behind one address (a family, an office, a carrier's NAT) — issue 20, point 1.
 * A server with the default limits (not the raised ones of the other e2e tests) gets fifty fresh
 * browsers' first visits from one address within a minute: the page, every file the service
 * worker precaches, the session check, a sign-up, the e-mail link, the dashboard's answers and a
 * mining session. Not one answer may be a 429. Then a real Chromium from the same address signs
 * in and sees the mining button.
 */

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedChallenge } from "./proof-of-work.ts";
import { freePort, root, startServer, stop, waitHealthy } from "./server-process.ts";
import {
  fillSignIn,
  newUser,
  phone,
  signUpBody,
  signUpInContext,
  type User,
  useBrowser,
} from "./support.ts";

const BROWSERS = 50;
const AT_ONCE = 10;

let server: ChildProcess;
let baseURL: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "fre-shared-"));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  // Every limit at its default: this is what a deployment runs with.
  server = startServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseURL,
    DATABASE_URL: `pglite:${join(dataDir, "db")}`,
    LOG_LEVEL: "warn",
    DEMO_CONTENT: "off",
    ADMIN_DEFAULT_ACCESS_CODE: "shared-address-code",
    RATE_LIMIT_MAX: "",
    AUTH_RATE_LIMIT_MAX: "",
    USER_RATE_LIMIT_MAX: "",
  });
  await waitHealthy(baseURL, server);
}, 90_000);

afterAll(async () => {
  if (server) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
});

// After the server's hooks: launched once the server is up, closed before it stops.
const chromium = useBrowser();

/** The files a first visit's service worker downloads (the build writes them into sw.js). */
function precachedFiles(): string[] {
  const sw = readFileSync(join(root, "apps/web/dist/sw.js"), "utf8");
  const list = /const SW_PRECACHE=(\[[^\]]*\])/.exec(sw)?.[1];
  if (!list) throw new Error("no SW_PRECACHE in dist/sw.js");
  return JSON.parse(list) as string[];
}

/** One browser's requests: its own cookies, the app's Origin, every status recorded. */
function visitor(statuses: string[]) {
  const cookies = new Map<string, string>();
  return async (
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { origin: baseURL, ...init.headers };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${baseURL}${path}`, {
      method: init.method ?? "GET",
      headers,
      redirect: "manual",
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    statuses.push(`${response.status} ${init.method ?? "GET"} ${path.split("?")[0]}`);
    return response;
  };
}

async function verificationLink(email: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = (await (
      await fetch(`${baseURL}/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as { text: string }[];
    const link = mails[0]?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification mail to ${email}`);
}

/** A first visit, sign-up, e-mail link and first mining session, as the app makes them. */
async function firstVisit(user: User, files: string[], statuses: string[]) {
  const get = visitor(statuses);
  await get("/");
  await Promise.all(files.map((file) => get(file)));
  await get("/api/auth/get-session");
  await get("/api/stats/public");
  // This file's own server (its own challenge key): the proofs are solved against it.
  await get("/api/auth/sign-up/email", {
    method: "POST",
    body: { ...(await signUpBody(user)), altcha: await solvedChallenge(baseURL, "sign-up") },
  });
  const link = new URL(await verificationLink(user.email));
  await get(`${link.pathname}${link.search}`);
  for (const path of [
    "/api/me",
    "/dashboard",
    "/api/mining",
    "/api/wallet",
    "/api/notifications",
  ]) {
    await get(path);
  }
  await get("/api/mining/start", {
    method: "POST",
    body: {},
    headers: { "x-altcha": await solvedChallenge(baseURL, "mining-start") },
  });
  await get("/api/mining");
}

describe("fifty browsers behind one address", () => {
  it("all get their pages and their API answers, and mine", { timeout: 180_000 }, async () => {
    const files = precachedFiles();
    expect(files.length).toBeGreaterThan(50);
    const users = Array.from({ length: BROWSERS }, () => newUser("nat"));
    const statuses: string[] = [];
    const started = Date.now();
    for (let i = 0; i < users.length; i += AT_ONCE) {
      await Promise.all(users.slice(i, i + AT_ONCE).map((u) => firstVisit(u, files, statuses)));
    }
    const elapsed = Date.now() - started;
    // Within the limits' one-minute window, so every request counted against the same budget.
    expect(elapsed).toBeLessThan(60_000);
    expect(statuses.length).toBeGreaterThan(BROWSERS * files.length);
    expect(statuses.filter((s) => s.startsWith("429"))).toEqual([]);
    const failed = statuses.filter((s) => !/^(200|201|204|302|303)/.test(s));
    expect(failed).toEqual([]);

    // The fifty-first, in Chromium: signs in and sees the mining screen, no 429 on the way.
    const { context, page } = await phone(chromium.browser, { skipCookieBanner: true });
    const limited: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 429) limited.push(response.url());
    });
    try {
      const user = users[0]!;
      await page.goto(`${baseURL}/login`);
      await fillSignIn(page, user.email, user.password);
      await page.waitForURL(/\/dashboard/);
      await expect
        .poll(() => page.getByText(/session en cours|minage en cours/i).count())
        .toBeGreaterThan(0);
      expect(limited).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("a session check answered 429", () => {
  it("shows the wait, translated, then the page — never « signed out »", {
    timeout: 60_000,
  }, async () => {
    const { context, page } = await phone(chromium.browser, { skipCookieBanner: true });
    try {
      const user = newUser("busy");
      await signUpInContext(context, user);
      let refused = 0;
      // The profile reads meet a busy address (the server's own 429 body and header): the one
      // the boot script sends with the page, and the app's own.
      await page.route("**/api/me", async (route) => {
        if (refused >= 2) return route.continue();
        refused += 1;
        await route.fulfill({
          status: 429,
          headers: { "retry-after": "3", "content-type": "application/json" },
          body: JSON.stringify({
            error: "RATE_LIMITED",
            message: "Trop de requêtes. Réessayez dans un instant.",
            retryAfter: 3,
          }),
        });
      });
      await page.goto("/profile");
      await expect
        .poll(() => page.getByText(/Trop de requêtes, réessayez dans \d s/).count())
        .toBe(1);
      expect(new URL(page.url()).pathname).toBe("/profile");
      // Counted down, asked again, and the signed-in page is there.
      await expect
        .poll(() => page.getByText(user.email).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(await page.getByText(/Trop de requêtes/).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/profile");
      expect(refused).toBe(2);
    } finally {
      await context.close();
    }
  });
});
