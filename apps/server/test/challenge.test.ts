import { type Challenge, DEFAULT_LANGUAGE } from "@fre/shared";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { describe, expect, it } from "vitest";
import { createChallengeService } from "../src/modules/challenge/index.ts";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import {
  type Client,
  client,
  createTestApp,
  DEFAULT_ADMIN_CODE,
  expectLedgerBalanced,
  PUBLIC_URL,
  signUp,
  uniqueUser,
  useTestApp,
  verifyEmail,
} from "./helpers.ts";

// Proof of work before a sign-up and a first mining start (issue 25 point 1, decision 0044):
// this file runs the app with PROOF_OF_WORK=on and solves challenges as the widget does.

const test = useTestApp({ config: { PROOF_OF_WORK: "on" } });

async function challengeFor(action: string, ip = "127.0.0.1") {
  const response = await client(test(), { ip }).get(`/api/challenge?action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json() as Challenge;
}

/** What the widget sends: base64 of `{challenge, solution}`. */
async function solved(action: string, ip = "127.0.0.1") {
  const challenge = await challengeFor(action, ip);
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A payload whose solution was changed (a wrong counter and key). */
async function wrongSolution(action: string) {
  const payload = JSON.parse(Buffer.from(await solved(action), "base64").toString());
  payload.solution.counter += 1;
  payload.solution.derivedKey = "ab".repeat(32);
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

async function signUpWith(altcha: string | undefined, ip = "127.0.0.1") {
  const user = uniqueUser("pow");
  const c = client(test(), { ip });
  const response = await c.post("/api/auth/sign-up/email", {
    ...user,
    name: user.nickname,
    ...(altcha === undefined ? {} : { altcha }),
  });
  return { response, client: c, user };
}

async function verifiedMiner() {
  const signed = await signUp(test(), uniqueUser("powmin"), { altcha: await solved("sign-up") });
  await verifyEmail(test(), signed.user.email);
  return signed;
}

/** POST /api/mining/start with the signed-in client's cookies and an optional X-Altcha. */
function start(c: Client, altcha?: string) {
  return test().app.inject({
    method: "POST",
    url: "/api/mining/start",
    headers: {
      origin: PUBLIC_URL,
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      ...(altcha ? { "x-altcha": altcha } : {}),
    },
    payload: {},
  });
}

const errorOf = (response: { statusCode: number; json(): { error: string } }) => [
  response.statusCode,
  response.json().error,
];

describe("GET /api/challenge", () => {
  it("issues a signed challenge bound to its action, a fresh one each time", async () => {
    const first = await challengeFor("sign-up");
    const again = await challengeFor("sign-up");
    const mining = await challengeFor("mining-start");
    expect(first.parameters.algorithm).toBe("SHA-256");
    expect(first.parameters.data).toMatchObject({ action: "sign-up", max: 50_000 });
    expect(mining.parameters.data).toMatchObject({ action: "mining-start" });
    expect(again.signature).not.toBe(first.signature);
    // Five minutes from the injected clock.
    expect(first.parameters.data?.exp).toBe(
      Math.floor((test().clock.now().getTime() + 5 * 60_000) / 1000),
    );
    expect((await client(test()).get("/api/challenge?action=withdraw")).statusCode).toBe(400);
    expect((await client(test()).get("/api/challenge")).statusCode).toBe(400);
  });
});

describe("sign-up", () => {
  it("opens the account with a solved sign-up challenge", async () => {
    const { response, client: c } = await signUpWith(await solved("sign-up"));
    expect(response.statusCode, response.body).toBe(200);
    expect((await c.get("/api/me")).statusCode).toBe(200);
  });

  it("refuses a missing challenge with CHALLENGE_REQUIRED, in the user's language", async () => {
    const { response } = await signUpWith(undefined);
    expect(errorOf(response)).toEqual([400, "CHALLENGE_REQUIRED"]);
    const fr = await client(test(), { language: "fr" }).post("/api/auth/sign-up/email", {
      ...uniqueUser("powfr"),
    });
    expect(fr.json().message).toMatch(/vérification anti-robot/);
    expect(DEFAULT_LANGUAGE).toBe("fr");
  });

  it("refuses a wrong solution, garbage, an expired one and another action's", async () => {
    expect(errorOf((await signUpWith(await wrongSolution("sign-up"))).response)).toEqual([
      400,
      "CHALLENGE_INVALID",
    ]);
    expect(errorOf((await signUpWith("bm90IGpzb24=")).response)).toEqual([
      400,
      "CHALLENGE_INVALID",
    ]);
    expect(errorOf((await signUpWith(await solved("mining-start"))).response)).toEqual([
      400,
      "CHALLENGE_INVALID",
    ]);
    // Not a base64 payload at all: the body's schema refuses it.
    expect((await signUpWith("<script>")).response.statusCode).toBe(400);
    const late = await solved("sign-up");
    test().clock.advance(5 * 60_000 + 1000);
    expect(errorOf((await signUpWith(late)).response)).toEqual([400, "CHALLENGE_INVALID"]);
  });

  it("accepts a challenge once: a replay is CHALLENGE_INVALID", async () => {
    const altcha = await solved("sign-up");
    expect((await signUpWith(altcha)).response.statusCode).toBe(200);
    expect(errorOf((await signUpWith(altcha)).response)).toEqual([400, "CHALLENGE_INVALID"]);
  });

  it("keeps the proof when the nickname is taken (it is used only by a sign-up that goes on)", async () => {
    const altcha = await solved("sign-up");
    const first = await signUpWith(await solved("sign-up"));
    const taken = await client(test()).post("/api/auth/sign-up/email", {
      ...uniqueUser("powtaken"),
      nickname: first.user.nickname,
      altcha,
    });
    expect(errorOf(taken)).toEqual([409, "NICKNAME_TAKEN"]);
    expect((await signUpWith(altcha)).response.statusCode).toBe(200);
  });

  it("asks more work of an address range (/24) that opened more than N accounts in an hour", async () => {
    const busy = "198.51.100.";
    for (let i = 1; i <= 10; i++) {
      const ip = `${busy}${i}`;
      expect((await signUpWith(await solved("sign-up", ip), ip)).response.statusCode).toBe(200);
    }
    // Ten accounts is the limit, not over it.
    expect((await challengeFor("sign-up", `${busy}77`)).parameters.data?.max).toBe(50_000);
    const ip = `${busy}11`;
    expect((await signUpWith(await solved("sign-up", ip), ip)).response.statusCode).toBe(200);
    expect((await challengeFor("sign-up", `${busy}200`)).parameters.data?.max).toBe(1_000_000);
    // Another /24 and the mining start are not affected.
    expect((await challengeFor("sign-up", "198.51.101.1")).parameters.data?.max).toBe(50_000);
    expect((await challengeFor("mining-start", `${busy}200`)).parameters.data?.max).toBe(50_000);
    // An hour later the range is quiet again.
    test().clock.advance(60 * 60_000 + 1000);
    expect((await challengeFor("sign-up", `${busy}200`)).parameters.data?.max).toBe(50_000);
  });

  it("never asks more of this machine's own callers (an operator's script, the e2e browsers)", async () => {
    for (let i = 0; i < 11; i++) {
      expect((await signUpWith(await solved("sign-up"))).response.statusCode).toBe(200);
    }
    expect((await challengeFor("sign-up", "127.0.0.1")).parameters.data?.max).toBe(50_000);
    expect((await challengeFor("sign-up", "::1")).parameters.data?.max).toBe(50_000);
  });
});

describe("the first mining start", () => {
  it("needs a mining-start challenge; the later starts do not", async () => {
    const { client: c } = await verifiedMiner();
    expect(errorOf(await start(c))).toEqual([400, "CHALLENGE_REQUIRED"]);
    expect(errorOf(await start(c, await wrongSolution("mining-start")))).toEqual([
      400,
      "CHALLENGE_INVALID",
    ]);
    expect(errorOf(await start(c, await solved("sign-up")))).toEqual([400, "CHALLENGE_INVALID"]);
    const altcha = await solved("mining-start");
    const first = await start(c, altcha);
    expect(first.statusCode, first.body).toBe(200);
    expect((await c.post("/api/mining/stop")).statusCode).toBe(200);
    // A replay of the first start's proof is refused even for a user who mined.
    expect(errorOf(await start(c, altcha))).toEqual([400, "CHALLENGE_INVALID"]);
    expect((await c.post("/api/mining/stop")).statusCode).toBe(409);
    const second = await start(c);
    expect(second.statusCode, second.body).toBe(200);
  });

  it("reads the database once for a user this process never saw mine", async () => {
    const { client: c, me } = await verifiedMiner();
    expect((await start(c, await solved("mining-start"))).statusCode).toBe(200);
    // Another process (a fresh service): no proof, one indexed read finds the past session.
    const other = createChallengeService({
      db: test().db,
      clock: test().clock,
      enabled: true,
      // Sign-up counts play no part in a mining start's check.
      signUpsFrom: async () => 0,
    });
    await expect(other.checkMiningStart(me.id, undefined)).resolves.toBeUndefined();
    const newcomer = await verifiedMiner();
    await expect(other.checkMiningStart(newcomer.me.id, undefined)).rejects.toMatchObject({
      code: "CHALLENGE_REQUIRED",
    });
  });
});

describe("admin settings", () => {
  it("are read and changed by an elevated admin, bounded and audited", async () => {
    const admin = await signUp(test(), uniqueUser("powboss"), { altcha: await solved("sign-up") });
    await verifyEmail(test(), admin.user.email);
    await setRoleByEmail(test().db, admin.user.email, "admin");
    expect(
      (await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE })).statusCode,
    ).toBe(200);
    const defaults = (await admin.client.get("/api/admin/challenge/settings")).json();
    expect(defaults).toEqual({ maxNumber: 50_000, busyMaxNumber: 1_000_000, busySignUps: 10 });
    const next = { maxNumber: 2_000, busyMaxNumber: 3_000, busySignUps: 2 };
    const saved = await admin.client.put("/api/admin/challenge/settings", next);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await challengeFor("sign-up", "192.0.2.9")).parameters.data?.max).toBe(2_000);
    const audit = (await admin.client.get("/api/admin/audit?action=challenge.settings")).json();
    expect(audit.items[0]).toMatchObject({
      action: "challenge.settings",
      targetType: "settings",
      targetId: "challenge",
      before: defaults,
      after: next,
    });
    for (const bad of [
      { ...next, maxNumber: 999 },
      { ...next, maxNumber: 5_000_001, busyMaxNumber: 5_000_001 },
      { ...next, busyMaxNumber: 1_500 },
      { ...next, busySignUps: 0 },
      { ...next, maxNumber: 2_000.5 },
      { maxNumber: 2_000 },
    ]) {
      expect((await admin.client.put("/api/admin/challenge/settings", bad)).statusCode).toBe(400);
    }
    const user = await verifiedMiner();
    expect((await user.client.get("/api/admin/challenge/settings")).statusCode).toBe(403);
    expect((await user.client.put("/api/admin/challenge/settings", next)).statusCode).toBe(403);
    expect((await admin.client.put("/api/admin/challenge/settings", defaults)).statusCode).toBe(
      200,
    );
  });
});

describe("PROOF_OF_WORK=off", () => {
  it("asks nothing at sign-up nor at the first start", async () => {
    const off = await createTestApp();
    try {
      const signed = await signUp(off, uniqueUser("powoff"));
      await verifyEmail(off, signed.user.email);
      expect((await signed.client.post("/api/mining/start")).statusCode).toBe(200);
      await expectLedgerBalanced(off);
    } finally {
      await off.close();
    }
  });
});
