import { describe, expect, it } from "vitest";
import { client, signUp, uniqueUser, useTestApp, verifyEmail } from "./helpers.ts";

const test = useTestApp();

const outbox = async (email: string) =>
  (await test().app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json() as {
    to: string;
    subject: string;
    text: string;
    html: string;
    createdAt: string;
  }[];

describe("sign-up", () => {
  it("creates the account, signs in and returns the profile", async () => {
    const user = uniqueUser("alice");
    const { me } = await signUp(test(), user);
    expect(me).toMatchObject({
      email: user.email,
      emailVerified: false,
      nickname: user.nickname,
      role: "user",
      level: 0,
      kycStatus: "none",
      language: "fr",
    });
    expect(me.referralCode).toMatch(/^ALI[A-Z0-9]{3}$/);
    expect(new Date(me.createdAt).getTime()).toBeGreaterThan(0);
  });

  it("sends a French HTML + text verification mail whose link verifies the address", async () => {
    const { user, client: c } = await signUp(test());
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toContain("FRE");
    expect(mail?.subject).toContain("Confirmez");
    expect(mail?.html).toContain("<html");
    expect(mail?.text).toContain(user.nickname);
    const response = await verifyEmail(test(), user.email);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toContain("/dashboard");
    expect((await c.get("/api/me")).json().emailVerified).toBe(true);
  });

  it("writes the mail in the user's language", async () => {
    const user = uniqueUser();
    await signUp(test(), user, { language: "es" });
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toContain("correo");
  });

  it("refuses a nickname already taken, whatever its case", async () => {
    const first = uniqueUser("Bob");
    await signUp(test(), first);
    const c = client(test());
    const response = await c.post("/api/auth/sign-up/email", {
      ...uniqueUser(),
      nickname: `  ${first.nickname.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "NICKNAME_TAKEN",
      message: "Ce pseudo est déjà utilisé.",
    });
  });

  it("answers each bad field with its own code, in the request's language", async () => {
    const c = client(test());
    const english = client(test(), { language: "en-US,en;q=0.9" });
    const base = uniqueUser();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, nickname: "" }, 400, "NICKNAME_REQUIRED"],
      [{ ...base, nickname: "ab" }, 400, "INVALID_NICKNAME"],
      [{ ...base, nickname: "x".repeat(21) }, 400, "INVALID_NICKNAME"],
      [{ ...base, email: "not-an-email" }, 400, "INVALID_EMAIL"],
      [{ ...base, password: "short1!A".slice(0, 7) }, 400, "WEAK_PASSWORD"],
      [{ ...base, password: "nouppercase1!" }, 400, "WEAK_PASSWORD"],
      [{ ...base, password: "NoSpecial123" }, 400, "WEAK_PASSWORD"],
    ];
    for (const [body, status, code] of cases) {
      const response = await c.post("/api/auth/sign-up/email", body);
      expect(response.statusCode, code).toBe(status);
      expect(response.json().error).toBe(code);
    }
    const response = await english.post("/api/auth/sign-up/email", { ...base, nickname: "ab" });
    expect(response.json().message).toBe(
      "The nickname must have 3 to 20 letters, digits or _ - . characters (no spaces or emoji).",
    );
  });

  it("refuses an e-mail in use", async () => {
    const { user } = await signUp(test());
    const response = await client(test()).post("/api/auth/sign-up/email", {
      ...uniqueUser(),
      email: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("EMAIL_IN_USE");
  });

  it("sets the referrer from a known code and ignores an unknown one", async () => {
    const { db } = test();
    const referrer = await signUp(test());
    const referred = await signUp(test(), uniqueUser(), {
      referralCode: referrer.me.referralCode.toLowerCase(),
    });
    const stray = await signUp(test(), uniqueUser(), { referralCode: "ZZZZZZ" });
    const { users } = await import("../src/db/schema/index.ts");
    const { eq } = await import("drizzle-orm");
    const [row] = await db
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, referred.me.id));
    expect(row?.referredBy).toBe(referrer.me.id);
    const [strayRow] = await db
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, stray.me.id));
    expect(strayRow?.referredBy).toBeNull();
  });

  it("does not let a client set its own role", async () => {
    const c = client(test());
    const response = await c.post("/api/auth/sign-up/email", { ...uniqueUser(), role: "admin" });
    expect(response.statusCode).toBe(200);
    expect((await c.get("/api/me")).json().role).toBe("user");
  });
});

describe("sign-in", () => {
  it("signs in and out", async () => {
    const { user } = await signUp(test());
    const c = client(test());
    expect((await c.get("/api/me")).statusCode).toBe(401);
    const ok = await c.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(ok.statusCode).toBe(200);
    expect((await c.get("/api/me")).json().email).toBe(user.email);
    expect((await c.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    const after = await c.get("/api/me");
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "UNAUTHORIZED", message: "Vous devez être connecté." });
  });

  it("locks an account from one IP for 15 minutes after 5 failures there", async () => {
    const { user } = await signUp(test());
    const c = client(test(), { ip: "10.0.0.1" });
    for (let i = 0; i < 5; i++) {
      const r = await c.post("/api/auth/sign-in/email", {
        email: user.email,
        password: "Wrong!pass1",
      });
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toBe("INVALID_CREDENTIALS");
    }
    const locked = await c.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe("TOO_MANY_ATTEMPTS");
    expect(locked.json().message).toBe(
      "Trop de tentatives de connexion. Réessayez dans 15 minutes.",
    );
    expect(locked.json().retryAfter).toBe(900);
    expect(locked.headers["retry-after"]).toBe("900");
    // Only this (account, IP) pair is locked: the owner signs in from elsewhere.
    const elsewhere = client(test(), { ip: "10.0.0.2" });
    const other = await elsewhere.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(other.statusCode).toBe(200);
    test().clock.advance(15 * 60 * 1000 + 1000);
    const ok = await c.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("locks an IP after 100 failures across accounts (password spraying)", async () => {
    const ip = "10.9.9.9";
    for (let batch = 0; batch < 10; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          client(test(), { ip }).post("/api/auth/sign-in/email", {
            email: `nobody${batch * 10 + i}@example.com`,
            password: "Wrong!pass1",
          }),
        ),
      );
      // Far more than 5 failures from one address (a carrier NAT) lock nobody.
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    }
    const { user } = await signUp(test());
    const r = await client(test(), { ip }).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(r.statusCode).toBe(429);
    expect(r.json().retryAfter).toBe(900);
    const elsewhere = await client(test(), { ip: "10.9.9.10" }).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(elsewhere.statusCode).toBe(200);
    test().clock.advance(15 * 60 * 1000);
    const later = await client(test(), { ip }).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(later.statusCode).toBe(200);
  }, 120_000); // 100 password hashes
});

describe("verification e-mail", () => {
  it("refuses a resend within 60 s of the last mail, then sends it", async () => {
    const { user, client: c } = await signUp(test());
    const early = await c.post("/api/auth/send-verification-email", { email: user.email });
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toBe("VERIFICATION_COOLDOWN");
    expect(early.json().retryAfter).toBeGreaterThan(0);
    expect(early.json().retryAfter).toBeLessThanOrEqual(60);
    test().clock.advance(61_000);
    const later = await c.post("/api/auth/send-verification-email", { email: user.email });
    expect(later.statusCode).toBe(200);
    expect(await outbox(user.email)).toHaveLength(2);
  });

  it("sends a single mail for concurrent resends", async () => {
    const { user, client: c } = await signUp(test());
    test().clock.advance(61_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.post("/api/auth/send-verification-email", { email: user.email }),
      ),
    );
    const outcomes = answers
      .map((a) => (a.statusCode === 200 ? "200" : `${a.statusCode} ${a.json().error}`))
      .sort();
    expect(outcomes).toEqual(["200", ...Array(4).fill("429 VERIFICATION_COOLDOWN")]);
    expect(await outbox(user.email)).toHaveLength(2);
  });
});

describe("password", () => {
  it("resets by e-mail with the policy enforced", async () => {
    const { user } = await signUp(test());
    const c = client(test());
    const asked = await c.post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await outbox(user.email);
    expect(mail?.subject).toContain("mot de passe");
    const link = new URL(mail!.text.match(/https?:\/\/\S+reset-password\S+/)![0]);
    const redirect = await test().app.inject({ url: link.pathname + link.search });
    expect(redirect.statusCode).toBe(302);
    const token = new URL(redirect.headers.location as string, "http://x").searchParams.get(
      "token",
    );
    expect(token).toBeTruthy();

    const weak = await c.post("/api/auth/reset-password", { token, newPassword: "weakpass" });
    expect(weak.json().error).toBe("WEAK_PASSWORD");
    const reset = await c.post("/api/auth/reset-password", { token, newPassword: "N3w!Password" });
    expect(reset.statusCode).toBe(200);
    const reused = await c.post("/api/auth/reset-password", {
      token,
      newPassword: "N3w!Password2",
    });
    expect(reused.json().error).toBe("INVALID_TOKEN");

    const old = await c.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await c.post("/api/auth/sign-in/email", {
      email: user.email,
      password: "N3w!Password",
    });
    expect(fresh.statusCode).toBe(200);
  });

  it("answers the same for an unknown address (no account enumeration)", async () => {
    const r = await client(test()).post("/api/auth/request-password-reset", {
      email: "ghost@example.com",
      redirectTo: "/reset-password",
    });
    expect(r.statusCode).toBe(200);
    expect(await outbox("ghost@example.com")).toHaveLength(0);
  });

  it("changes the password when the current one is right", async () => {
    const { user, client: c } = await signUp(test());
    const wrong = await c.post("/api/auth/change-password", {
      currentPassword: "Nope!1234",
      newPassword: "An0ther!pass",
    });
    expect(wrong.json().error).toBe("INVALID_PASSWORD");
    const weak = await c.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "weak",
    });
    expect(weak.json().error).toBe("WEAK_PASSWORD");
    const ok = await c.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "An0ther!pass",
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("auth surface", () => {
  it("keeps Better Auth endpoints FRE does not use closed", async () => {
    const { client: c } = await signUp(test());
    for (const path of ["update-user", "delete-user", "change-email", "sign-in/social"]) {
      const r = await c.post(`/api/auth/${path}`, { nickname: "hijack" });
      expect(r.statusCode, path).toBe(404);
      expect(r.json().error).toBe("NOT_FOUND");
    }
  });

  it("rejects a cross-site POST", async () => {
    const r = await test().app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "https://evil.example" },
      payload: { email: "a@b.co", password: "x" },
    });
    expect(r.statusCode).toBe(403);
  });
});
