/**
 * Limits for many people behind one address (issue 20, point 1): static files and pages are
 * never counted, the per-address limit only guards the API against floods, each signed-in user
 * has a fair share of their own, and session reads are outside the auth scope's tighter limit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  expectLedgerBalanced,
  PUBLIC_URL,
  signUp,
  type TestApp,
  uniqueUser,
} from "./helpers.ts";

const apps: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) {
    await expectLedgerBalanced(app);
    await app.close();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function appWith(config: Record<string, string>) {
  const app = await createTestApp({ config });
  apps.push(app);
  return app;
}

/** A minimal built web app: a page and an immutable asset. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "fre-web-"));
  dirs.push(dir);
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>FRE</title><div id=root></div>");
  writeFileSync(join(dir, "assets", "app-1234.js"), "console.log(1)");
  writeFileSync(join(dir, "sw.js"), "self.addEventListener('fetch', () => {})");
  return dir;
}

const get = (app: TestApp, url: string, ip = "198.51.100.7") =>
  app.app.inject({ method: "GET", url, remoteAddress: ip });

describe("one address, many people", () => {
  it("never counts static files or pages against the address", async () => {
    const app = await appWith({ RATE_LIMIT_MAX: "5", WEB_DIST: webDist() });
    for (let i = 0; i < 40; i++) {
      for (const url of ["/assets/app-1234.js", "/sw.js", "/", "/dashboard", "/login"]) {
        const answer = await get(app, url);
        expect(answer.statusCode, `${url} #${i}`).toBe(200);
      }
    }
    // The API still has its flood guard.
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await get(app, "/api/stats/public")).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await get(app, "/api/stats/public");
    expect(limited.json()).toMatchObject({ error: "RATE_LIMITED" });
    expect(limited.json().retryAfter).toBeGreaterThan(0);
  });

  it("gives each signed-in user their own share, whoever shares their address", async () => {
    const app = await appWith({ USER_RATE_LIMIT_MAX: "8" });
    const ip = "203.0.113.50";
    const first = await signUp(app, uniqueUser("share"), {}, { ip });
    const second = await signUp(app, uniqueUser("share"), {}, { ip });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await first.client.get("/api/me")).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await first.client.get("/api/wallet");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().retryAfter).toBeGreaterThan(0);
    // The neighbour behind the same address is untouched.
    for (let i = 0; i < 5; i++) {
      expect((await second.client.get("/api/me")).statusCode).toBe(200);
    }
  });

  it("keeps session reads out of the auth scope's limit", async () => {
    const app = await appWith({ AUTH_RATE_LIMIT_MAX: "3" });
    const ip = "203.0.113.60";
    const user = await signUp(app, uniqueUser("sess"), {}, { ip });
    for (let i = 0; i < 20; i++) {
      expect((await user.client.get("/api/auth/get-session")).statusCode, `#${i}`).toBe(200);
      const anonymous = await get(app, "/api/auth/get-session", ip);
      expect(anonymous.statusCode, `anonymous #${i}`).toBe(200);
    }
    // Sign-ins are still counted per address.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await app.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: PUBLIC_URL },
        remoteAddress: ip,
        payload: { email: "nobody@example.com", password: "Wr0ng!pass" },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
