/**
 * Feature switches and maintenance mode (issue 21 point 7): the admin's switches take effect at
 * once on the routes they close (503 FEATURE_DISABLED / MAINTENANCE with Retry-After, in the
 * caller's language), admins keep full access during a maintenance, each change is audited,
 * and a second server process on the same database hears a change at once.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { users } from "../src/db/schema/index.ts";
import { errorMessage } from "../src/i18n/index.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  fundUser,
  outbox,
  promotedAdmin,
  signUp,
  testConfig,
  uniqueUser,
  useTestApp,
} from "./helpers.ts";

const _FRE = 1_000_000_000n;
const test = useTestApp();
let admin: Awaited<ReturnType<typeof elevatedAdmin>>;

beforeAll(async () => {
  admin = await elevatedAdmin(test(), "switchboss");
});

// Every test starts from the defaults, whatever the previous one left.
afterEach(async () => {
  const reset = await admin.client.put("/api/admin/features", {
    games: true,
    shop: true,
    referrals: true,
    maintenance: { active: false },
  });
  expect(reset.statusCode, reset.body).toBe(200);
});

const fund = (userId: string, fre: bigint) => fundUser(test(), userId, fre, "features-test");

async function setFeatures(body: unknown) {
  // Audit entries are listed newest first: one second apart, their order is certain.
  test().clock.advance(1_000);
  const response = await admin.client.put("/api/admin/features", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const kenoBet = (c: Client) =>
  c.post("/api/games/keno/bets", { amount: "1", picks: [7], risk: "classic" });

function expectRefused(
  response: Awaited<ReturnType<Client["get"]>>,
  code: "FEATURE_DISABLED" | "MAINTENANCE",
  language: "fr" | "en" = "fr",
) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toMatchObject({ error: code, message: errorMessage(language, code) });
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
}

async function lastFeaturesAudit() {
  const response = await admin.client.get("/api/admin/audit?action=features.update");
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items[0];
}

describe("GET /api/features", () => {
  it("has everything on and no maintenance by default, for anyone, briefly cacheable", async () => {
    const response = await client(test()).get("/api/features");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      games: true,
      shop: true,
      referrals: true,
      maintenance: { active: false, message: null },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("feature switches", () => {
  it("games off: bets and game reads answer 503 FEATURE_DISABLED in the user's language; back on, they work", async () => {
    const { client: user, me } = await signUp(test(), uniqueUser("gamer"), {}, { language: "en" });
    await fund(me.id, 100n);
    expect((await kenoBet(user)).statusCode).toBe(200);

    const after = await setFeatures({ games: false });
    expect(after).toMatchObject({ games: false, shop: true, referrals: true });
    expect((await client(test()).get("/api/features")).json().games).toBe(false);

    const refused = await kenoBet(user);
    expectRefused(refused, "FEATURE_DISABLED", "en");
    expect(refused.headers["retry-after"]).toBe("300");
    expectRefused(await user.get("/api/games"), "FEATURE_DISABLED", "en");
    // Another spelling of the same route is the same route.
    expectRefused(await user.get("/api/games/"), "FEATURE_DISABLED", "en");
    // A French caller reads it in French; a visitor is refused too (the route is closed).
    const french = await signUp(test(), uniqueUser("joueur"), {}, { language: "fr" });
    expectRefused(await kenoBet(french.client), "FEATURE_DISABLED", "fr");
    // The admin's game screens stay open, and other features are untouched.
    expect((await admin.client.get("/api/admin/games/limits")).statusCode).toBe(200);
    expect((await user.get("/api/shop")).statusCode).toBe(200);

    await setFeatures({ games: true });
    expect((await kenoBet(user)).statusCode).toBe(200);
    expect((await user.get("/api/games")).statusCode).toBe(200);
  });

  it("shop off: the shop's routes answer 503; back on, they work", async () => {
    const { client: user } = await signUp(test());
    expect((await user.get("/api/shop")).statusCode).toBe(200);
    await setFeatures({ shop: false });
    expect((await client(test()).get("/api/features")).json().shop).toBe(false);
    expectRefused(await user.get("/api/shop"), "FEATURE_DISABLED");
    expectRefused(await user.get("/api/shop/orders"), "FEATURE_DISABLED");
    expectRefused(await user.post("/api/shop/orders", {}), "FEATURE_DISABLED");
    expect((await admin.client.get("/api/admin/shop/items")).statusCode).toBe(200);
    await setFeatures({ shop: true });
    expect((await user.get("/api/shop")).statusCode).toBe(200);
  });

  it("referrals off: the referral routes answer 503 and a sign-up with a code opens the account without a referrer", async () => {
    const referrer = await signUp(test());
    const code = referrer.me.referralCode as string;
    expect((await referrer.client.get("/api/referrals")).statusCode).toBe(200);

    await setFeatures({ referrals: false });
    expect((await client(test()).get("/api/features")).json().referrals).toBe(false);
    expectRefused(await referrer.client.get("/api/referrals"), "FEATURE_DISABLED");
    const late = await signUp(test());
    expectRefused(await late.client.post("/api/referrals/referrer", { code }), "FEATURE_DISABLED");
    const invited = await signUp(test(), uniqueUser("invited"), { referralCode: code });
    expect(invited.me.id).toBeTruthy();

    await setFeatures({ referrals: true });
    // Made while the system was off: no link. The code can be entered now that it is back.
    expect((await invited.client.get("/api/referrals")).json().hasReferrer).toBe(false);
    expect((await referrer.client.get("/api/referrals")).json().total).toBe(0);
    const linked = await late.client.post("/api/referrals/referrer", { code });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().hasReferrer).toBe(true);
    // With the system on, a code at sign-up links as before.
    const second = await signUp(test(), uniqueUser("invited"), { referralCode: code });
    expect((await second.client.get("/api/referrals")).json().hasReferrer).toBe(true);
    expect((await referrer.client.get("/api/referrals")).json().total).toBe(2);
  });

  it("referrals off: no spelling of the sign-up path carries a referral code through", async () => {
    const { db } = test();
    const referrer = await signUp(test());
    const code = referrer.me.referralCode as string;
    await setFeatures({ referrals: false });
    const aliases = [
      "/api/auth/sign-up/email/",
      "/api/auth/sign-up//email",
      "/api/auth//sign-up/email",
      "/api/auth/sign-up%2Femail",
      "/api/auth/SIGN-UP/email",
      "/api/auth/sign-up/email?via=alias",
    ];
    for (const path of aliases) {
      const user = uniqueUser("alias");
      const response = await client(test()).post(path, {
        ...user,
        name: user.nickname,
        referralCode: code,
      });
      // Refused, or an account without a referrer: never one linked while the system is off.
      const [row] = await db
        .select({ referredBy: users.referredBy })
        .from(users)
        .where(eq(users.email, user.email));
      if (response.statusCode === 200) expect(row, path).toEqual({ referredBy: null });
      else expect(row, `${path}: ${response.statusCode}`).toBeUndefined();
    }
    await setFeatures({ referrals: true });
    expect((await referrer.client.get("/api/referrals")).json().total).toBe(0);
  });

  it("records each change with its admin, before and after, in the audit log", async () => {
    await setFeatures({ shop: false });
    const entry = await lastFeaturesAudit();
    expect(entry).toMatchObject({
      actorId: admin.me.id,
      action: "features.update",
      targetType: "settings",
      targetId: "features",
      before: {
        games: true,
        shop: true,
        referrals: true,
        maintenance: false,
        maintenanceMessage: null,
      },
      after: {
        games: true,
        shop: false,
        referrals: true,
        maintenance: false,
        maintenanceMessage: null,
      },
      ip: "127.0.0.1",
    });
    await setFeatures({ maintenance: { active: true, message: "Retour vers 14 h" } });
    const second = await lastFeaturesAudit();
    expect(second.before).toMatchObject({ shop: false, maintenance: false });
    expect(second.after).toMatchObject({
      shop: false,
      maintenance: true,
      maintenanceMessage: "Retour vers 14 h",
    });
  });
});

describe("maintenance mode", () => {
  it("refuses users' writes with 503 MAINTENANCE, keeps their reads, and lets admins do everything", async () => {
    const { client: user, user: credentials } = await signUp(test());
    const { client: adminPlayer, me: adminMe } = admin;
    await fund(adminMe.id, 10n);
    const promoted = await promotedAdmin(test(), "nightadmin");

    const after = await setFeatures({
      maintenance: { active: true, message: "  Mise à jour, retour vers 14 h  " },
    });
    expect(after.maintenance).toEqual({ active: true, message: "Mise à jour, retour vers 14 h" });
    expect((await client(test()).get("/api/features")).json().maintenance).toEqual({
      active: true,
      message: "Mise à jour, retour vers 14 h",
    });

    // Users: writes refused (Retry-After one minute), reads work.
    const start = await user.post("/api/mining/start");
    expectRefused(start, "MAINTENANCE");
    expect(start.headers["retry-after"]).toBe("60");
    expectRefused(await kenoBet(user), "MAINTENANCE");
    expect((await user.get("/api/me")).statusCode).toBe(200);
    expect((await user.get("/api/wallet")).statusCode).toBe(200);
    expect((await user.get("/api/games")).statusCode).toBe(200);
    // Visitors: no sign-up.
    const signUpAttempt = await client(test()).post("/api/auth/sign-up/email", {
      ...uniqueUser("latecomer"),
    });
    expectRefused(signUpAttempt, "MAINTENANCE");

    // Admins: every write, admin routes or not.
    const bet = await kenoBet(adminPlayer);
    expect(bet.statusCode, bet.body).toBe(200);
    expect((await setFeatures({ shop: false })).maintenance.active).toBe(true);

    // Signing in stays open, so an admin can get in (and elevate); a user who signs in still
    // cannot write.
    const fresh = client(test());
    const signIn = await fresh.post("/api/auth/sign-in/email", {
      email: promoted.user.email,
      password: promoted.user.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const elevated = await fresh.post("/api/admin/access", { code: "default-admin-code" });
    expect(elevated.statusCode, elevated.body).toBe(200);
    expect((await fresh.post("/api/mining/start")).statusCode).not.toBe(503);
    const userAgain = client(test());
    const userSignIn = await userAgain.post("/api/auth/sign-in/email", {
      email: credentials.email,
      password: credentials.password,
    });
    expect(userSignIn.statusCode, userSignIn.body).toBe(200);
    expectRefused(await userAgain.post("/api/mining/start"), "MAINTENANCE");
    // Signing out is always allowed.
    expect((await userAgain.post("/api/auth/sign-out")).statusCode).toBe(200);
    // A sign-up by another spelling of its path is refused all the same.
    for (const path of ["/api/auth/sign-up/email/", "/api/auth/sign-up%2Femail"]) {
      const response = await client(test()).post(path, uniqueUser("latecomer"));
      expect(response.statusCode, path).not.toBe(200);
    }

    await setFeatures({ maintenance: { active: false } });
    expect((await client(test()).get("/api/features")).json().maintenance).toEqual({
      active: false,
      message: null,
    });
    expect((await user.post("/api/mining/start")).statusCode).not.toBe(503);
  });
});

describe("maintenance mode: the password's security writes stay open", () => {
  it("lets a user ask for a reset mail, reset the password and change it", async () => {
    const { user } = await signUp(test());
    const other = await signUp(test());
    await setFeatures({ maintenance: { active: true } });

    // Asking for the mail, then following it: the old password stops working.
    const c = client(test());
    const asked = await c.post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/reset-password",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await outbox(test(), user.email);
    const link = new URL(mail?.text.match(/https?:\/\/\S+reset-password\S+/)?.[0] ?? "");
    const redirect = await test().app.inject({ url: link.pathname + link.search });
    const token = new URL(redirect.headers.location as string, "http://x").searchParams.get(
      "token",
    );
    expect(token).toBeTruthy();
    const reset = await c.post("/api/auth/reset-password", { token, newPassword: "N3w!Password" });
    expect(reset.statusCode, reset.body).toBe(200);
    const old = await c.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(old.statusCode).toBe(401);

    // Changing it while signed in.
    const changed = await other.client.post("/api/auth/change-password", {
      currentPassword: other.user.password,
      newPassword: "An0ther!pass",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const signIn = await client(test()).post("/api/auth/sign-in/email", {
      email: other.user.email,
      password: "An0ther!pass",
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    // Still a maintenance for everything else.
    expectRefused(await other.client.post("/api/mining/start"), "MAINTENANCE");
  });
});

describe("PUT /api/admin/features access and validation", () => {
  it("is for elevated admins only", async () => {
    const body = { games: false };
    expect((await client(test()).put("/api/admin/features", body)).statusCode).toBe(401);
    const { client: user } = await signUp(test());
    expect((await user.put("/api/admin/features", body)).statusCode).toBe(403);
    const notElevated = await promotedAdmin(test(), "sleepyadmin");
    expect((await notElevated.client.put("/api/admin/features", body)).statusCode).toBe(403);
    expect((await client(test()).get("/api/features")).json().games).toBe(true);
  });

  it("refuses bad bodies with 400 in the admin's language and changes nothing", async () => {
    const bad: unknown[] = [
      {},
      { games: "no" },
      { games: null },
      { surprise: true },
      { maintenance: { message: "no active" } },
      { maintenance: { active: true, message: "x".repeat(281) } },
      { maintenance: { active: true, message: "two\nlines" } },
      { maintenance: { active: true, message: "bell\u0007" } },
      { maintenance: { active: true, message: "\u202eesrever" } },
      { maintenance: { active: true, message: 42 } },
      { maintenance: { active: true, extra: 1 } },
    ];
    for (const body of bad) {
      const response = await admin.client.put("/api/admin/features", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        error: "VALIDATION_ERROR",
        message: errorMessage("fr", "VALIDATION_ERROR"),
      });
    }
    expect((await client(test()).get("/api/features")).json()).toEqual({
      games: true,
      shop: true,
      referrals: true,
      maintenance: { active: false, message: null },
    });
    // 280 characters is allowed.
    const longest = await setFeatures({ maintenance: { active: true, message: "é".repeat(280) } });
    expect(longest.maintenance.message).toHaveLength(280);
  });
});

describe("several server processes", () => {
  it("a second process on the same database hears a change at once", async () => {
    const other = await buildApp(testConfig(), { database: test().database, clock: test().clock });
    await other.app.ready();
    try {
      const read = async () =>
        (await other.app.inject({ method: "GET", url: "/api/features" })).json().games;
      expect(await read()).toBe(true);
      await setFeatures({ games: false });
      // Through the event bus (NOTIFY), well before the 5 s re-read.
      await expect.poll(read, { timeout: 2_000, interval: 20 }).toBe(false);
      await setFeatures({ games: true });
      await expect.poll(read, { timeout: 2_000, interval: 20 }).toBe(true);
    } finally {
      await other.app.close();
    }
  });
});
