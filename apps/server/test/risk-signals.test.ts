/**
 * Bot-farm signals (issue 25 point 3, decision 0045): each sign-up and sign-in (password and
 * Telegram) records the keyed hash of its address range (IPv4 /24, IPv6 /48) and of the browser's
 * first-party device id (`fre.did`), at most one sign-in row per user, network and device a day;
 * a submitted KYC document number is kept as a keyed hash; the retention sweep deletes signals
 * after 90 days and an erasure deletes them at once. Never an address or a raw id is stored.
 */
import { sign } from "@telegram-apps/init-data-node";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { accountSignals, kycRequests } from "../src/db/schema/index.ts";
import { normaliseDocumentNumber, sweepOldSignals } from "../src/modules/risk/signals.ts";
import { type Client, client, PUBLIC_URL, signUp, uniqueUser } from "./helpers.ts";
import { completeRequest, useKycApp } from "./kyc-fixtures.ts";

const BOT_TOKEN = "123456789:AAtest-token-for-the-fre-risk-signals_000";
const DAY_MS = 24 * 60 * 60_000;
const DID = /^[A-Za-z0-9_-]{22}$/;
const HASH = /^[A-Za-z0-9_-]{22}$/;

const test = useKycApp({ TELEGRAM_BOT_TOKEN: BOT_TOKEN });

const signalsOf = (userId: string) => {
  const { db } = test();
  return db
    .select({
      kind: accountSignals.kind,
      network: accountSignals.network,
      device: accountSignals.device,
      createdAt: accountSignals.createdAt,
    })
    .from(accountSignals)
    .where(eq(accountSignals.userId, userId))
    .orderBy(asc(accountSignals.id));
};

/** The one sign-up row of a user. */
async function signUpSignal(userId: string) {
  const rows = (await signalsOf(userId)).filter((row) => row.kind === "sign-up");
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The `fre.did` lines a response set. */
function deviceIdCookies(response: { headers: Record<string, unknown> }) {
  const header = response.headers["set-cookie"];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  return lines.filter((line: string) => line.startsWith("fre.did="));
}

const signIn = (c: Client, user: { email: string; password: string }) =>
  c.post("/api/auth/sign-in/email", { email: user.email, password: user.password });

const meOf = async (c: Client) => (await c.get("/api/me")).json() as { id: string };

/** Signs a new account up in this browser (its cookies kept), from its address. */
async function signUpIn(c: Client) {
  const user = uniqueUser("sig");
  const response = await c.post("/api/auth/sign-up/email", { ...user, name: user.nickname });
  expect(response.statusCode, response.body).toBe(200);
  return { user, response, me: await meOf(c) };
}

/** Every stored value of the signals table, as text. */
async function storedText() {
  const rows = rowsOf<Record<string, unknown>>(
    await test().db.execute(sql`select network, device from account_signals`),
  );
  return JSON.stringify(rows);
}

describe("the network of a sign-up", () => {
  it("is one hash for one IPv4 /24 and another for another /24, never the address", async () => {
    const a = await signUp(test(), uniqueUser("net"), {}, { ip: "203.0.113.7" });
    const b = await signUp(test(), uniqueUser("net"), {}, { ip: "203.0.113.250" });
    const mapped = await signUp(test(), uniqueUser("net"), {}, { ip: "::ffff:203.0.113.9" });
    const other = await signUp(test(), uniqueUser("net"), {}, { ip: "203.0.114.7" });
    const [sa, sb, sm, so] = await Promise.all(
      [a, b, mapped, other].map((s) => signUpSignal(s.me.id)),
    );
    expect(sa!.network).toMatch(HASH);
    expect(sb!.network).toBe(sa!.network);
    expect(sm!.network).toBe(sa!.network);
    expect(so!.network).not.toBe(sa!.network);
    const stored = await storedText();
    for (const text of ["203.0.113", "203.0.114", "/24"]) expect(stored).not.toContain(text);
  });

  it("groups IPv6 addresses by their /48", async () => {
    const a = await signUp(test(), uniqueUser("v6"), {}, { ip: "2001:db8:1:2::5" });
    const b = await signUp(test(), uniqueUser("v6"), {}, { ip: "2001:db8:1:ffff:aaaa::9" });
    const other = await signUp(test(), uniqueUser("v6"), {}, { ip: "2001:db8:2::5" });
    const [sa, sb, so] = await Promise.all([a, b, other].map((s) => signUpSignal(s.me.id)));
    expect(sb!.network).toBe(sa!.network);
    expect(so!.network).not.toBe(sa!.network);
    const stored = await storedText();
    for (const text of ["2001:db8", "/48"]) expect(stored).not.toContain(text);
  });
});

describe("the browser's device id", () => {
  it("is set once by a sign-up, kept by later sign-ins, and stored only as a hash", async () => {
    const browser = client(test(), { ip: "198.51.100.10" });
    const { user, response, me } = await signUpIn(browser);
    const [line] = deviceIdCookies(response);
    expect(line).toMatch(
      /^fre\.did=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const id = browser.jar.get("fre.did")!;
    expect(id).toMatch(DID);

    const again = await signIn(browser, user);
    expect(again.statusCode).toBe(200);
    expect(deviceIdCookies(again)).toEqual([]);
    expect(browser.jar.get("fre.did")).toBe(id);

    const rows = await signalsOf(me.id);
    expect(rows.map((row) => row.kind)).toEqual(["sign-up", "sign-in"]);
    expect(rows[0]!.device).toMatch(HASH);
    expect(rows[1]!.device).toBe(rows[0]!.device);
    expect(rows[0]!.device).not.toBe(id);
    expect(await storedText()).not.toContain(id);
  });

  it("replaces a malformed id, and a sign-in without one records no device", async () => {
    const { user, me } = await signUp(test(), uniqueUser("bad"), {}, { ip: "198.51.100.20" });
    const browser = client(test(), { ip: "198.51.100.20" });
    browser.jar.set("fre.did", "not-an-id");
    const response = await signIn(browser, user);
    expect(response.statusCode).toBe(200);
    expect(deviceIdCookies(response)).toHaveLength(1);
    expect(browser.jar.get("fre.did")).toMatch(DID);
    const rows = await signalsOf(me.id);
    expect(rows.map((row) => [row.kind, row.device === null])).toEqual([
      ["sign-up", false],
      ["sign-in", true],
    ]);
  });

  it("is shared by two accounts signed up in one browser, not by another browser's", async () => {
    const browser = client(test(), { ip: "198.51.100.30" });
    const first = await signUpIn(browser);
    expect((await browser.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    const second = await signUpIn(browser);
    expect(deviceIdCookies(second.response)).toEqual([]);
    const elsewhere = await signUp(test(), uniqueUser("sig"), {}, { ip: "198.51.100.30" });

    const [a, b, c] = await Promise.all(
      [first.me.id, second.me.id, elsewhere.me.id].map(signUpSignal),
    );
    expect(b!.device).toBe(a!.device);
    expect(c!.device).not.toBe(a!.device);
    // One /24 for the three.
    expect(new Set([a!.network, b!.network, c!.network]).size).toBe(1);
  });
});

describe("sign-in signals", () => {
  it("keep at most one row a day per user, network and device", async () => {
    const browser = client(test(), { ip: "192.0.2.10" });
    const { user, me } = await signUpIn(browser);
    const kinds = async () => (await signalsOf(me.id)).map((row) => row.kind);

    for (let i = 0; i < 3; i++) expect((await signIn(browser, user)).statusCode).toBe(200);
    expect(await kinds()).toEqual(["sign-up", "sign-in"]);
    // Another address of the same /24: the same network.
    expect((await signIn(client(test(), { ip: "192.0.2.99" }), user)).statusCode).toBe(200);
    // ...but that browser had no id yet: a row without a device.
    expect(await kinds()).toEqual(["sign-up", "sign-in", "sign-in"]);
    // Another network, the same browser.
    const travelling = client(test(), { ip: "192.0.3.10" });
    travelling.jar.set("fre.did", browser.jar.get("fre.did")!);
    for (let i = 0; i < 2; i++) expect((await signIn(travelling, user)).statusCode).toBe(200);
    expect(await kinds()).toEqual(["sign-up", "sign-in", "sign-in", "sign-in"]);

    // A wrong password records nothing.
    const wrong = await browser.post("/api/auth/sign-in/email", {
      email: user.email,
      password: "Wr0ng!pass",
    });
    expect(wrong.statusCode).toBe(401);
    expect(await kinds()).toHaveLength(4);

    // A day later, the same place counts again.
    test().clock.advance(DAY_MS + 1000);
    expect((await signIn(browser, user)).statusCode).toBe(200);
    const rows = await signalsOf(me.id);
    expect(rows).toHaveLength(5);
    expect(rows[4]).toMatchObject({ kind: "sign-in", network: rows[1]!.network });
    expect(rows[4]!.device).toBe(rows[1]!.device);
  });

  it("come from Telegram sign-ups and sign-ins too", async () => {
    const telegramId = 810_000_001;
    const initData = () =>
      sign(
        { user: { id: telegramId, first_name: "Signal", language_code: "en" } },
        BOT_TOKEN,
        test().clock.now(),
      );
    const phone = client(test(), { ip: "192.0.2.50" });
    const created = await phone.post("/api/auth/telegram", { initData: initData(), create: true });
    expect(created.json()).toEqual({ outcome: "created" });
    expect(deviceIdCookies(created)).toHaveLength(1);
    const id = (await meOf(phone)).id;

    test().clock.advance(60_000);
    const again = await phone.post("/api/auth/telegram", { initData: initData() });
    expect(again.json()).toEqual({ outcome: "signed-in" });
    expect(deviceIdCookies(again)).toEqual([]);

    const rows = await signalsOf(id);
    expect(rows.map((row) => row.kind)).toEqual(["sign-up", "sign-in"]);
    expect(rows[1]!.device).toBe(rows[0]!.device);
    expect(rows[0]!.device).toMatch(HASH);
    // The network of a password sign-up from the same /24.
    const neighbour = await signUp(test(), uniqueUser("tgn"), {}, { ip: "192.0.2.51" });
    expect((await signUpSignal(neighbour.me.id)).network).toBe(rows[0]!.network);
  });
});

describe("the KYC document number", () => {
  it("is normalised: NFKC, upper case, no spaces, dashes or dots", () => {
    expect(normaliseDocumentNumber("ab 12-345")).toBe("AB12345");
    expect(normaliseDocumentNumber("ＡＢ１２．３４５")).toBe("AB12345");
    expect(normaliseDocumentNumber("a.b\u00a012\u201134 5")).toBe("AB12345");
  });

  async function submitted(documentNumber: string) {
    const { client: c, me } = await signUp(test(), uniqueUser("doc"));
    await completeRequest(test(), c);
    const saved = await c.put("/api/kyc/documents", { documentType: "id_card", documentNumber });
    expect(saved.statusCode, saved.body).toBe(200);
    // A saved draft is not a submission: nothing is kept yet.
    expect(await hashOf(me.id)).toBeNull();
    const sent = await c.post("/api/kyc/submit");
    expect(sent.statusCode, sent.body).toBe(200);
    return { client: c, me, hash: await hashOf(me.id) };
  }

  async function hashOf(userId: string) {
    const { db } = test();
    const [row] = await db
      .select({ hash: kycRequests.documentNumberHash })
      .from(kycRequests)
      .where(eq(kycRequests.userId, userId));
    return row?.hash ?? null;
  }

  let erasable: { client: Client; me: { id: string }; password: string } | null = null;

  it("is kept as one keyed hash for one number however it is typed", async () => {
    const spaced = await submitted("AB 12-345");
    const plain = await submitted("ab12345");
    const other = await submitted("AB 12-346");
    expect(spaced.hash).toMatch(HASH);
    expect(plain.hash).toBe(spaced.hash);
    expect(other.hash).not.toBe(spaced.hash);
    expect(spaced.hash).not.toContain("12345");
    erasable = { client: spaced.client, me: spaced.me, password: "Str0ng!pass" };
  });

  it("and the account's signals go with an erasure", async () => {
    const { db } = test();
    expect(erasable).not.toBeNull();
    const { client: c, me, password } = erasable!;
    expect((await signalsOf(me.id)).length).toBeGreaterThan(0);
    await db.execute(sql`
      insert into user_risk (user_id, score, level, reasons, updated_at)
      values (${me.id}, 30, 'medium', '[{"code":"shared_device","weight":30,"count":3}]'::jsonb, now())`);
    const erased = await test().app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: {
        origin: PUBLIC_URL,
        cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      payload: { password },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await signalsOf(me.id)).toEqual([]);
    const risk = await db.execute(sql`select 1 from user_risk where user_id = ${me.id}`);
    expect(rowsOf(risk)).toEqual([]);
    // The request row stays (its dates, no personal data), without the number's hash.
    const [row] = await db
      .select({ hash: kycRequests.documentNumberHash })
      .from(kycRequests)
      .where(eq(kycRequests.userId, me.id));
    expect(row).toEqual({ hash: null });
  });
});

describe("retention", () => {
  it("deletes signals older than 90 days, batch after batch, and keeps younger ones", async () => {
    const old = await signUp(test(), uniqueUser("old"), {}, { ip: "192.0.2.70" });
    test().clock.advance(2 * DAY_MS);
    const young = await signUp(test(), uniqueUser("young"), {}, { ip: "192.0.2.71" });
    // More old rows than one batch holds (1000).
    const at = test().clock.now().toISOString();
    await test().db.execute(sql`
      insert into account_signals (user_id, kind, network, device, created_at)
      select ${old.me.id}, 'sign-in', 'n' || g, null, ${at}::timestamptz - interval '2 days'
      from generate_series(1, 2500) as g`);
    expect(await signalsOf(old.me.id)).toHaveLength(2501);

    // The old account's rows are now 91 days old, the young one's 89.
    test().clock.advance(89 * DAY_MS);
    const gone = await sweepOldSignals(test().db, test().clock);
    expect(gone).toBeGreaterThanOrEqual(2501);
    expect(await signalsOf(old.me.id)).toEqual([]);
    expect((await signalsOf(young.me.id)).map((row) => row.kind)).toEqual(["sign-up"]);
    expect(await sweepOldSignals(test().db, test().clock)).toBe(0);
  });
});
