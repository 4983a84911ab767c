/**
 * Issue 32, point 1 (critical): a path under /api/auth never reaches a Better Auth endpoint other
 * than the one its route names. The probe's `POST /api/auth/reset-password/../sign-in/email`
 * guessed passwords without the lockout and signed a suspended account in; `…/../sign-up/email`
 * skipped the sign-up's rules; `…/../update-user` stored any nickname and image.
 *
 * Sent over a real socket with node:http, which sends the path as written: `inject` and `fetch`
 * resolve dots before the server sees them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { elevatedAdmin, PUBLIC_URL, signUp, uniqueUser, useTestApp } from "./helpers.ts";
import { SPELLINGS, sendRaw, TRAVERSAL_TARGETS as TARGETS } from "./path-spellings.ts";

/** Every path FRE serves under /api/auth, as sent (a reset link's token is a sample). */
const SERVED: [method: "GET" | "POST", path: string][] = [
  ["POST", "sign-up/email"],
  ["POST", "sign-in/email"],
  ["POST", "sign-out"],
  ["GET", "get-session"],
  ["GET", "verify-email"],
  ["POST", "send-verification-email"],
  ["POST", "request-password-reset"],
  ["GET", "reset-password/abcDEF123"],
  ["POST", "reset-password"],
  ["POST", "change-password"],
  ["GET", "list-sessions"],
  ["POST", "revoke-other-sessions"],
  ["GET", "telegram"],
  ["POST", "telegram"],
  ["POST", "telegram/email"],
  ["POST", "telegram/link"],
];

const test = useTestApp();
let base: string;
let handler: MockInstance<(request: Request) => Promise<Response>>;

beforeAll(async () => {
  base = await test().app.listen({ port: 0, host: "127.0.0.1" });
  handler = vi.spyOn(test().auth, "handler");
});
afterAll(() => handler.mockRestore());

/** Better Auth's paths for the calls made while `run` ran. */
async function betterAuthPaths(run: () => Promise<unknown>): Promise<string[]> {
  handler.mockClear();
  await run();
  return handler.mock.calls.map(([req]) => new URL(req.url).pathname);
}

describe("auth paths with a traversal spelling", () => {
  it("are refused with 400 before Better Auth sees them, from every served path to every target", {
    timeout: 120_000,
  }, async () => {
    const reached: string[] = [];
    const wrong: string[] = [];
    for (const [method, from] of SERVED) {
      for (const [name, spell] of Object.entries(SPELLINGS)) {
        for (const to of TARGETS) {
          for (const sent of [method, method === "GET" ? "POST" : "GET"]) {
            const path = `/api/auth/${spell(from, to)}`;
            const paths = await betterAuthPaths(async () => {
              const answer = await sendRaw(base, sent, path, {
                body: { email: "x@example.com", password: "Str0ng!pass" },
              });
              const body = JSON.parse(answer.body || "{}") as { error?: string };
              if (answer.status !== 400 || body.error !== "VALIDATION_ERROR") {
                wrong.push(`${sent} ${path} (${name}): ${answer.status} ${answer.body}`);
              }
            });
            if (paths.length > 0) reached.push(`${sent} ${path} (${name}) → ${paths.join(", ")}`);
          }
        }
      }
    }
    expect(reached, "reached Better Auth").toEqual([]);
    expect(wrong, "not a 400 VALIDATION_ERROR").toEqual([]);
  });

  it("still serve every canonical path, each calling its own endpoint and no other", async () => {
    const expected: Record<string, string> = {
      "reset-password/abcDEF123": "/api/auth/reset-password/abcDEF123",
    };
    for (const [method, from] of SERVED.filter(([, path]) => !path.startsWith("telegram"))) {
      const paths = await betterAuthPaths(() =>
        sendRaw(base, method, `/api/auth/${from}`, {
          body:
            from === "sign-in/email"
              ? { email: "nobody@example.com", password: "Str0ng!pass" }
              : undefined,
        }),
      );
      for (const path of paths) expect(path).toBe(expected[from] ?? `/api/auth/${from}`);
    }
  });

  it("answer 404 for any other path or method, without calling Better Auth", async () => {
    for (const [method, path] of [
      ["POST", "/api/auth/update-user"],
      ["GET", "/api/auth/list-accounts"],
      ["POST", "/api/auth/revoke-sessions"],
      ["POST", "/api/auth/get-session"],
      ["POST", "/api/auth/verify-email"],
      ["GET", "/api/auth/reset-password/abc/def"],
      ["GET", "/api/auth/sign-in"],
    ] as const) {
      const paths = await betterAuthPaths(async () => {
        const answer = await sendRaw(base, method, path);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(JSON.parse(answer.body)).toMatchObject({ error: "NOT_FOUND" });
      });
      expect(paths, `${method} ${path}`).toEqual([]);
    }
  });

  it("forwards a mail link's own token and callbackURL only", async () => {
    const paths: string[] = [];
    handler.mockClear();
    await sendRaw(
      base,
      "GET",
      "/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard&callbackURL2=x&disableRedirect=1",
    );
    for (const [req] of handler.mock.calls) {
      const url = new URL(req.url);
      paths.push(url.pathname + url.search);
    }
    expect(paths).toEqual(["/api/auth/verify-email?callbackURL=%2Fdashboard&token=abc"]);
  });
});

describe("the probe's own requests", () => {
  it("cannot sign a suspended account in, or guess a password past the lockout", async () => {
    const victim = await signUp(test(), uniqueUser("trvictim"));
    const admin = await elevatedAdmin(test(), "trboss");
    const suspended = await admin.client.post(`/api/admin/users/${victim.me.id}/suspend`, {
      reason: "traversal test",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    for (const spelling of ["..", "%2E%2E", "%2e%2E"]) {
      const answer = await sendRaw(
        base,
        "POST",
        `/api/auth/reset-password/${spelling}/sign-in/email`,
        {
          body: { email: victim.user.email, password: victim.user.password },
        },
      );
      expect(answer.status, answer.body).toBe(400);
      expect(answer.cookies.filter((line) => line.includes("session_token"))).toEqual([]);
    }
    // The real route still refuses the suspended account, after the password.
    const signIn = await sendRaw(base, "POST", "/api/auth/sign-in/email", {
      body: { email: victim.user.email, password: victim.user.password },
    });
    expect(signIn.status, signIn.body).toBe(403);
  });

  it("cannot rewrite a nickname, language or image through update-user", async () => {
    const owner = await signUp(test(), uniqueUser("trowner"));
    const cookie = [...owner.client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const spelling of ["..", "%2E%2E", "..%2F"]) {
      const path =
        spelling === "..%2F"
          ? "/api/auth/reset-password/..%2Fupdate-user"
          : `/api/auth/reset-password/${spelling}/update-user`;
      const answer = await sendRaw(base, "POST", path, {
        cookie,
        body: { nickname: "<b>x</b>", name: "", language: "xx", image: "javascript:alert(1)" },
      });
      expect(answer.status, answer.body).toBe(400);
    }
    const [row] = await test()
      .db.select({ nickname: users.nickname, language: users.language, image: users.image })
      .from(users)
      .where(eq(users.id, owner.me.id));
    expect(row).toEqual({ nickname: owner.user.nickname, language: "fr", image: null });
  });
});

describe("what Better Auth may write, whoever calls it", () => {
  it("refuses a user update of anything but the address's verification", async () => {
    const owner = await signUp(test(), uniqueUser("trhook"));
    const context = await test().auth.$context;
    for (const data of [
      { nickname: "x".repeat(5000) },
      { name: "" },
      { language: "xx" },
      { image: "javascript:alert(1)" },
      { role: "admin" },
    ]) {
      await expect(context.internalAdapter.updateUser(owner.me.id, data)).rejects.toThrow();
    }
    await expect(
      context.internalAdapter.updateUser(owner.me.id, { emailVerified: true }),
    ).resolves.toBeTruthy();
    const [row] = await test()
      .db.select({ nickname: users.nickname, role: users.role, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, owner.me.id));
    expect(row).toEqual({ nickname: owner.user.nickname, role: "user", verified: true });
  });

  it("refuses to create a user our sign-up would refuse", async () => {
    const context = await test().auth.$context;
    for (const nickname of ["", "x".repeat(21), "<b>x</b>", "erased-0123456789ab", "a b"]) {
      await expect(
        context.internalAdapter.createUser(
          {
            email: `${uniqueUser("trcreate").nickname}@example.com`,
            name: nickname,
            nickname,
            emailVerified: false,
          },
          { method: "email" },
        ),
      ).rejects.toThrow();
    }
  });

  it("keeps erased accounts' names for erased accounts: a sign-up as `erased-…` is refused", async () => {
    const user = uniqueUser("trerased");
    const answer = await test().app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: PUBLIC_URL },
      payload: { ...user, nickname: "Erased-0123456789", name: "Erased-0123456789" },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ error: "INVALID_NICKNAME" });
  });
});
