/**
 * One test per defect of the outside probe (security issue): each reproduces the probe's attack
 * and fails on the code before the fix. The authorization matrix and the fuzz test live in their
 * own files.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp, loggerOptions } from "../src/app.ts";
import {
  client,
  createTestApp,
  elevatedAdmin,
  freshDatabase,
  PUBLIC_URL,
  signUp,
  type TestApp,
  testConfig,
  uniqueUser,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const test = useTestApp();

async function createCode(code: string, maxUses = 10_000) {
  const admin = await elevatedAdmin(test());
  const created = await admin.client.post("/api/admin/bonus-codes", {
    code,
    type: "fre",
    rewardValue: "1",
    maxUses,
  });
  expect(created.statusCode, created.body).toBe(201);
}

const cookieHeader = (jar: Map<string, string>, extra = "") =>
  [extra, ...[...jar].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join("; ");

describe("rate limits keyed on the verified user", () => {
  it("a decoy cookie does not make every guess a new user (redeem: 10 per minute)", async () => {
    const { client: c } = await verifiedUser(test(), "guess");
    const answers = [];
    for (let i = 0; i < 14; i++) {
      answers.push(
        await test().app.inject({
          method: "POST",
          url: "/api/bonus-codes/redeem",
          headers: {
            origin: PUBLIC_URL,
            cookie: cookieHeader(c.jar, `x-fre.session_token=decoy${i}.sig`),
          },
          payload: { code: `GUESS${i}` },
        }),
      );
    }
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(404));
    expect(answers.slice(10).map((a) => a.statusCode)).toEqual(Array(4).fill(429));
    expect(answers[10]!.json().error).toBe("RATE_LIMITED");
    expect(Number(answers[10]!.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("the sixth user behind one IP still opens a first support ticket", async () => {
    const ip = "203.0.113.50";
    for (let n = 0; n < 6; n++) {
      const { client: c } = await signUp(test(), uniqueUser("nat"), {}, { ip });
      const opened = await c.post("/api/support/tickets", {
        subject: "Bonjour",
        message: "Aidez-moi, merci.",
      });
      expect(opened.statusCode, opened.body).toBe(201);
    }
    const { client: c } = await signUp(test(), uniqueUser("flood"), {}, { ip });
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (
          await c.post("/api/support/tickets", {
            subject: `Sujet ${i}`,
            message: "Encore une question.",
          })
        ).statusCode,
      );
    }
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("keeps the per-IP limit on the per-user routes too", async () => {
    const limited = await createTestApp({ config: { RATE_LIMIT_MAX: "3" } });
    try {
      const { client: c } = await verifiedUser(limited, "ipcap");
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await c.post("/api/bonus-codes/redeem", { code: "NOPE" })).statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  });
});

describe("bonus codes need a verified e-mail", () => {
  it("refuses an unverified account with a clear message, and credits nothing", async () => {
    await createCode("VERIFYME");
    const { client: c } = await signUp(test(), uniqueUser("throw"));
    const refused = await c.post("/api/bonus-codes/redeem", { code: "VERIFYME" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: "BONUS_EMAIL_NOT_VERIFIED",
      message: "Vérifiez votre adresse e-mail pour utiliser un code bonus.",
    });
    expect((await c.get("/api/me")).json().balance).toBe("0.000000000");
  });
});

describe("no 5xx on bad input", () => {
  it("refuses control characters in bodies, queries and params with 400", async () => {
    const { client: c } = await signUp(test());
    const cases = [
      () =>
        client(test()).post("/api/auth/sign-up/email", {
          ...uniqueUser(),
          nickname: "nul\u0000nick",
        }),
      () =>
        client(test()).post("/api/auth/sign-in/email", { email: "a\u0000@b.co", password: "x" }),
      () => client(test()).post("/api/auth/request-password-reset", { email: "a\u0000@b.co" }),
      () => c.post("/api/bonus-codes/redeem", { code: "AB\u0000C" }),
      () =>
        c.post("/api/support/tickets", {
          subject: "Hi",
          message: "Une question\u0000 sur mon retrait.",
        }),
      () => c.post("/api/referrals/referrer", { code: "AB\u001bC" }),
      () => c.get("/api/dev/outbox?to=a%00b@c.co"),
      () => client(test()).get("/api/auth/verify-email?token=a%00b"),
      () =>
        c.post("/api/support/tickets", {
          subject: "Hi\u007f",
          message: "Une question sur mon retrait.",
        }),
      () => c.post("/api/support/tickets", { subject: "Hi", message: "lone \ud800 surrogate" }),
    ];
    for (const send of cases) {
      const response = await send();
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe("VALIDATION_ERROR");
      expect(response.json().issues[0].message).toBe("control characters are not allowed");
    }
  });

  it("keeps line breaks and tabs in free text", async () => {
    const { client: c } = await signUp(test());
    const opened = await c.post("/api/support/tickets", {
      subject: "Deux lignes",
      message: "Bonjour,\r\n\tligne deux",
    });
    expect(opened.statusCode).toBe(201);
  });

  it("parses the ledger cursor as a bounded integer", async () => {
    const { client: c } = await signUp(test());
    for (const cursor of ["9999999999999999999", "99999999999999999", "-1", "1e3", "abc"]) {
      const response = await c.get(`/api/wallet/ledger?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
    }
    expect((await c.get("/api/wallet/ledger?cursor=9007199254740991")).statusCode).toBe(200);
  });
});

describe("multi-step writes are atomic", () => {
  it("a failed reply changes nothing: no closed ticket without its answer", async () => {
    const admin = await elevatedAdmin(test());
    const { client: c } = await signUp(test());
    const id = (
      await c.post("/api/support/tickets", {
        subject: "Atomic",
        message: "Mon retrait est bloqué.",
      })
    ).json().id;
    await test().db.execute(sql`create or replace function fre_test_refuse() returns trigger
      language plpgsql as $$ begin raise exception 'refused by test'; end $$`);
    await test().db.execute(sql`create trigger fre_test_refuse before insert on support_messages
      for each row execute function fre_test_refuse()`);
    try {
      const answered = await admin.client.post(`/api/admin/support/tickets/${id}/replies`, {
        message: "Réponse",
        close: true,
      });
      expect(answered.statusCode).toBe(500);
      const replied = await c.post(`/api/support/tickets/${id}/replies`, { message: "Relance" });
      expect(replied.statusCode).toBe(500);
    } finally {
      await test().db.execute(sql`drop trigger fre_test_refuse on support_messages`);
    }
    const thread = (await c.get(`/api/support/tickets/${id}`)).json();
    expect(thread.status).toBe("open");
    expect(thread.messages).toHaveLength(1);
  });
});

describe("no personal data in logs", () => {
  it("logs a failed query without its values, and requests without query strings", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase();
    const config = testConfig({ LOG_LEVEL: "debug" });
    const built = await buildApp(config, {
      database,
      logger: { ...(loggerOptions(config) as object), stream },
    });
    try {
      const logged = { app: built.app } as unknown as TestApp;
      const { client: c } = await signUp(
        { ...logged, db: database.db } as TestApp,
        uniqueUser("logs"),
      );
      await database.db.execute(sql`create or replace function fre_test_refuse() returns trigger
        language plpgsql as $$ begin raise exception 'refused by test'; end $$`);
      await database.db.execute(sql`create trigger fre_test_refuse before insert on
        support_messages for each row execute function fre_test_refuse()`);
      const failed = await c.post("/api/support/tickets", {
        subject: "secret.person@example.org",
        message: "call me: secret.person@example.org",
      });
      expect(failed.statusCode).toBe(500);
      await built.app.inject({ url: "/api/dev/outbox?to=secret.person%40example.org" });
      const log = lines.join("");
      expect(log).toContain('"url":"/api/dev/outbox"');
      expect(log).toContain("Failed query");
      expect(log).toContain("refused by test");
      expect(log).not.toContain("secret.person");
      expect(log).not.toContain("example.org");
      expect(log).not.toMatch(/"params"/);
    } finally {
      await built.app.close();
      await database.drop();
    }
  });
});

describe("smaller leaks", () => {
  it("send-verification-email answers alike for unknown, verified and cooling-down addresses", async () => {
    const { user } = await signUp(test());
    const anonymous = client(test());
    const answers = [];
    for (const email of [
      user.email,
      user.email,
      "nobody-here@example.com",
      "nobody-here@example.com",
    ]) {
      const response = await anonymous.post("/api/auth/send-verification-email", { email });
      answers.push([response.statusCode, response.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
  });

  it("/metrics answers loopback callers or the bearer token only", async () => {
    expect((await test().app.inject({ url: "/metrics" })).statusCode).toBe(200);
    const remote = await test().app.inject({ url: "/metrics", remoteAddress: "198.51.100.7" });
    expect(remote.statusCode).toBe(401);
    const token = "metrics-token-0123456789";
    const withToken = await createTestApp({ config: { METRICS_TOKEN: token } });
    try {
      const from = { remoteAddress: "198.51.100.7" };
      expect((await withToken.app.inject({ url: "/metrics", ...from })).statusCode).toBe(401);
      const wrong = { authorization: "Bearer wrong-token-0123456789" };
      expect(
        (await withToken.app.inject({ url: "/metrics", headers: wrong, ...from })).statusCode,
      ).toBe(401);
      const right = { authorization: `Bearer ${token}` };
      const ok = await withToken.app.inject({ url: "/metrics", headers: right, ...from });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain("fre_http_request_duration_seconds");
    } finally {
      await withToken.close();
    }
  });

  it("a signed-out session stops at once on Better Auth's own endpoints too", async () => {
    const { client: c } = await signUp(test());
    const copy = new Map(c.jar);
    expect((await c.get("/api/auth/get-session")).json()?.session).toBeTruthy();
    expect((await c.post("/api/auth/sign-out")).statusCode).toBe(200);
    const stolen = await test().app.inject({
      url: "/api/auth/get-session",
      headers: { cookie: cookieHeader(copy) },
    });
    expect(stolen.json()?.session ?? null).toBeNull();
    const me = await test().app.inject({ url: "/api/me", headers: { cookie: cookieHeader(copy) } });
    expect(me.statusCode).toBe(401);
  });

  it("accepts only http(s) links from admins", async () => {
    const admin = await elevatedAdmin(test());
    for (const url of ["javascript:alert(1)", "data:text/html,hi", "file:///etc/passwd"]) {
      const response = await admin.client.put("/api/admin/contest/links", {
        links: [{ level: 1, url }],
      });
      expect(response.statusCode, url).toBe(400);
    }
    const ok = await admin.client.put("/api/admin/contest/links", {
      links: [{ level: 1, url: "https://t.me/fre" }],
    });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it("nicknames: letters, digits, _ - . only; existing ones keep working", async () => {
    for (const nickname of ["two words", "smile😀", "evil\u202Eabc", "a;b;c"]) {
      const response = await client(test()).post("/api/auth/sign-up/email", {
        ...uniqueUser(),
        nickname,
      });
      expect(response.statusCode, nickname).toBe(400);
      expect(response.json().error).toBe("INVALID_NICKNAME");
    }
    const accented = await client(test()).post("/api/auth/sign-up/email", {
      ...uniqueUser(),
      nickname: "Éloïse.K-9",
    });
    expect(accented.statusCode, accented.body).toBe(200);
    const legacy = await signUp(test());
    await test().db.execute(
      sql`update users set nickname = 'Old name 😀' where email = ${legacy.user.email}`,
    );
    expect((await legacy.client.get("/api/me")).json().nickname).toBe("Old name 😀");
  });

  it("racing sign-ups for one address answer 409 like sequential ones", async () => {
    const email = `race${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client(test()).post("/api/auth/sign-up/email", {
          email,
          password: "Str0ng!pass",
          nickname: `racer${i}${Date.now() % 1000}`,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(a.json().error).toBe("EMAIL_IN_USE");
    }
  });
});
