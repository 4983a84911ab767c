/**
 * The one admin gate: every route registered in the admin scope (collected as it is registered,
 * so a new admin route is covered the day it exists) refuses anonymous callers (401), plain users
 * and non-elevated admins (403) before its body is even validated.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import {
  type Client,
  client,
  DEFAULT_ADMIN_CODE,
  PUBLIC_URL,
  signUp,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

const test = useTestApp();
let user: Client;
let admin: Client;
let elevated: Client;
beforeAll(async () => {
  user = (await signUp(test(), uniqueUser("plain"))).client;
  const a = await signUp(test(), uniqueUser("admin"));
  await setRoleByEmail(test().db, a.user.email, "admin");
  admin = a.client;
  const e = await signUp(test(), uniqueUser("boss"));
  await setRoleByEmail(test().db, e.user.email, "admin");
  elevated = e.client;
  expect((await elevated.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode).toBe(
    200,
  );
});

/** A concrete URL for a route pattern, with a body that would fail its schema. */
function call(route: { method: string; url: string }) {
  const url = route.url
    .replace(/:id\b/, "00000000-0000-4000-8000-000000000000")
    .replace(/:(\w+)/g, "x");
  const query = url.includes("outbox") ? "?to=someone@example.com" : "";
  return { method: route.method, url: `${url}${query}`, body: { unexpected: "\u2603".repeat(3) } };
}

async function send(c: Client | null, route: { method: string; url: string }) {
  const { method, url, body } = call(route);
  if (c === null) {
    return test().app.inject({
      method: method as "GET",
      url,
      headers: { origin: PUBLIC_URL },
      ...(method === "GET" || method === "DELETE" ? {} : { payload: body }),
    });
  }
  const m = method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  return m === "get" || m === "delete" ? c[m](url) : c[m](url, body);
}

describe("the admin gate", () => {
  it("covers every /api/admin route of the OpenAPI but the elevation itself", () => {
    const doc = test().app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/admin/") && path !== "/api/admin/access")
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
      )
      .sort();
    const { gatedAdminRoutes } = test();
    const gated = gatedAdminRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(gated.length).toBeGreaterThanOrEqual(16);
    expect(gated).toEqual(documented);
  });

  it("answers 401 anonymous, 403 to a user and to a non-elevated admin, before validation", async () => {
    for (const route of test().gatedAdminRoutes) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await send(null, route);
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json().error, label).toBe("ADMIN_NOT_SIGNED_IN");
      const plain = await send(user, route);
      expect(plain.statusCode, label).toBe(403);
      expect(plain.json().error, label).toBe("ADMIN_REQUIRED");
      const notElevated = await send(admin, route);
      expect(notElevated.statusCode, label).toBe(403);
      expect(notElevated.json().error, label).toBe("ADMIN_ACCESS_REQUIRED");
      const allowed = await send(elevated, route);
      expect([401, 403], `${label} → ${allowed.body}`).not.toContain(allowed.statusCode);
      expect(allowed.statusCode, `${label} → ${allowed.body}`).toBeLessThan(500);
    }
  });

  it("lets an admin elevate outside the gate", async () => {
    expect((await admin.get("/api/admin/access")).json()).toMatchObject({ elevated: false });
    expect((await client(test()).get("/api/admin/access")).statusCode).toBe(401);
    expect((await user.get("/api/admin/access")).statusCode).toBe(403);
  });
});
