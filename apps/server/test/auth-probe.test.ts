import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { client, outbox, signUp, uniqueUser, useTestApp, verifyEmail } from "./helpers.ts";

/** Holes a security probe found in the auth routes (issue 19, points 6 and 11a). */
const test = useTestApp();

const RESEND = "/api/auth/send-verification-email";
const SIGN_UP = "/api/auth/sign-up/email";

const answer = (r: { statusCode: number; body: string }) => JSON.stringify([r.statusCode, r.body]);

async function verificationSentAt(email: string) {
  const { db } = test();
  const [row] = await db
    .select({ at: users.verificationSentAt })
    .from(users)
    .where(eq(users.email, email));
  return row?.at?.getTime() ?? null;
}

describe("verification resend", () => {
  it("answers a signed-in caller asking for another address as for an unknown one, touching nothing", async () => {
    const { client: caller } = await signUp(test());
    const { user: other, client: otherClient } = await signUp(test());
    test().clock.advance(61_000);
    const stampBefore = await verificationSentAt(other.email);
    const unknown = `nobody-${Date.now()}@example.com`;

    const answers = [];
    for (const email of [other.email, other.email, unknown, unknown]) {
      answers.push(answer(await caller.post(RESEND, { email })));
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)[0]).toBe(400);
    // Nothing written for the other person: no cooldown, no mail…
    expect(await verificationSentAt(other.email)).toBe(stampBefore);
    expect(await outbox(test(), other.email)).toHaveLength(1);
    // …so their own resend goes through.
    expect((await otherClient.post(RESEND, { email: other.email })).statusCode).toBe(200);
    expect(await outbox(test(), other.email)).toHaveLength(2);
  });

  it("still lets a signed-in user resend to their own address, whatever its case", async () => {
    const { user, client: c } = await signUp(test());
    test().clock.advance(61_000);
    const r = await c.post(RESEND, { email: user.email.toUpperCase() });
    expect(r.statusCode).toBe(200);
    expect(await outbox(test(), user.email)).toHaveLength(2);
  });

  it("answers anonymous callers alike for unverified, verified, cooling-down and unknown addresses", async () => {
    const { user: unverified } = await signUp(test());
    const { user: verified } = await signUp(test());
    await verifyEmail(test(), verified.email);
    test().clock.advance(61_000);
    const anonymous = client(test());
    const answers = [];
    for (const email of [
      unverified.email, // mail sent
      unverified.email, // cooling down
      verified.email,
      `nobody-${Date.now()}@example.com`,
    ]) {
      answers.push(answer(await anonymous.post(RESEND, { email })));
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!)[0]).toBe(200);
  });
});

describe("sign-up limit per network", () => {
  const takenAttempt = (ip: string, email: string) =>
    client(test(), { ip }).post(SIGN_UP, { ...uniqueUser(), email });

  it("refuses sign-ups from a network after 10 answers naming a taken address in an hour", async () => {
    const { user: registered } = await signUp(test());
    // Ten addresses of one IPv6 /64 are one network.
    for (let i = 1; i <= 10; i++) {
      const r = await takenAttempt(`2001:db8:1:2::${i.toString(16)}`, registered.email);
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toBe("EMAIL_IN_USE");
    }
    const refused = await takenAttempt("2001:db8:1:2:ffff::9", registered.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("RATE_LIMITED");
    expect(refused.json().retryAfter).toBe(3600);
    expect(refused.headers["retry-after"]).toBe("3600");
    // A free address gets the same answer: the limit itself tells nothing.
    const free = await client(test(), { ip: "2001:db8:1:2::77" }).post(SIGN_UP, uniqueUser());
    expect(answer(free)).toBe(answer(refused));

    // Another network is not concerned.
    expect((await takenAttempt("2001:db8:1:3::1", registered.email)).statusCode).toBe(409);
    test().clock.advance(60 * 60 * 1000);
    expect((await takenAttempt("2001:db8:1:2::1", registered.email)).statusCode).toBe(409);
  });

  it("counts a burst of concurrent attempts exactly", async () => {
    const { user: registered } = await signUp(test());
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => takenAttempt("198.51.100.20", registered.email)),
    );
    const codes = responses.map((r) => `${r.statusCode} ${r.json().error}`).sort();
    expect(codes).toEqual([
      ...Array(10).fill("409 EMAIL_IN_USE"),
      ...Array(10).fill("429 RATE_LIMITED"),
    ]);
  });

  it("never limits sign-ups that create an account (many phones share one carrier address)", async () => {
    for (let i = 0; i < 15; i++) {
      const r = await client(test(), { ip: "198.51.100.30" }).post(SIGN_UP, uniqueUser());
      expect(r.statusCode).toBe(200);
    }
  });
});

describe("session list", () => {
  it("returns no session token", async () => {
    const { user, client: c } = await signUp(test());
    await client(test(), { ip: "198.51.100.40" }).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    const r = await c.get("/api/auth/list-sessions");
    expect(r.statusCode).toBe(200);
    const sessions = r.json() as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session).not.toHaveProperty("token");
      expect(session).toMatchObject({ id: expect.any(String), expiresAt: expect.any(String) });
    }
    expect(r.body).not.toMatch(/token/i);
    expect(sessions.filter((s) => s.current === true)).toHaveLength(1);
  });
});

describe("session tokens in answers", () => {
  it("are handed out by no answer body: sign-up, sign-in, get-session", async () => {
    const user = uniqueUser();
    const c = client(test(), { ip: "198.51.100.41" });
    const signedUp = await c.post(SIGN_UP, { ...user, name: user.nickname });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect(signedUp.json().user.email).toBe(user.email);
    expect(signedUp.json()).not.toHaveProperty("token");
    const signedIn = await client(test(), { ip: "198.51.100.41" }).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).not.toHaveProperty("token");
    const session = await c.get("/api/auth/get-session");
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe(user.email);
    expect(session.json().session).toMatchObject({ id: expect.any(String) });
    expect(session.json().session).not.toHaveProperty("token");
    // The cookie still carries the session: the token lives there, out of scripts' reach.
    expect((await c.get("/api/me")).statusCode).toBe(200);
  });
});
