import { BASE_RATE_NANO, formatNano, SESSION_DURATION_MS } from "@fre/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { setRoleByEmail } from "../src/modules/users/users.repo.ts";
import {
  client,
  DEFAULT_ADMIN_CODE,
  signUp,
  uniqueUser,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const test = useTestApp();
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  admin = await signUp(test(), uniqueUser("boss"));
  await setRoleByEmail(test().db, admin.user.email, "admin");
  await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
});

const HOUR = 3_600_000;

/** Every answer of a race as `200` or `status ERROR_CODE`, sorted: losers are checked too. */
const outcomes = (answers: { statusCode: number; json(): { error?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? "200" : `${a.statusCode} ${a.json().error}`)).sort();

/** The tests move the clock by hours: the admin's 30-minute elevation is renewed each time. */
async function elevate() {
  await admin.client.post("/api/admin/access", { code: DEFAULT_ADMIN_CODE });
}

async function createCode(body: Record<string, unknown>) {
  await elevate();
  const response = await admin.client.post("/api/admin/bonus-codes", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
/** A code of 5 uses that shortens the running session by `ms`. */
const createTimeReductionCode = (code: string, ms: number) =>
  createCode({ code, type: "time_reduction", rewardValue: String(ms), maxUses: 5 });

describe("bonus codes", () => {
  it("credits FRE once, with every refusal of spec §8 verbatim", async () => {
    await createCode({ code: "welcome5", type: "fre", rewardValue: "5", maxUses: 2 });
    const { client: c } = await verifiedUser(test(), "bonus");
    const ok = await c.post("/api/bonus-codes/redeem", { code: " Welcome5 " });
    expect(ok.json()).toEqual({
      code: "WELCOME5",
      type: "fre",
      value: "5.000000000",
      durationHours: null,
    });
    const me = (await c.get("/api/me")).json();
    expect(me.balance).toBe("5.000000000");
    const wallet = (await c.get("/api/wallet")).json();
    expect(wallet.bonusHistory).toEqual([
      expect.objectContaining({ code: "WELCOME5", type: "fre", value: "5.000000000" }),
    ]);

    const cases: [() => Promise<{ statusCode: number; json(): unknown }>, number, string][] = [
      [
        () => c.post("/api/bonus-codes/redeem", { code: "WELCOME5" }),
        409,
        "Vous avez déjà utilisé ce code.",
      ],
      [() => c.post("/api/bonus-codes/redeem", { code: "NOPE" }), 404, "Code bonus invalide."],
      [
        () => client(test()).post("/api/bonus-codes/redeem", { code: "WELCOME5" }),
        401,
        "Vous devez être connecté pour utiliser un code bonus.",
      ],
    ];
    for (const [call, status, message] of cases) {
      const r = await call();
      expect(r.statusCode).toBe(status);
      expect((r.json() as { message: string }).message).toBe(message);
    }
    await (await verifiedUser(test(), "bonus")).client.post("/api/bonus-codes/redeem", {
      code: "WELCOME5",
    });
    const full = await (await verifiedUser(test(), "bonus")).client.post(
      "/api/bonus-codes/redeem",
      {
        code: "WELCOME5",
      },
    );
    expect(full.json().message).toBe("Ce code a atteint son nombre maximum d'utilisations.");

    await elevate();
    await admin.client.patch("/api/admin/bonus-codes/WELCOME5", { isActive: false, maxUses: 10 });
    const inactive = await (await verifiedUser(test(), "bonus")).client.post(
      "/api/bonus-codes/redeem",
      {
        code: "WELCOME5",
      },
    );
    expect(inactive.json().message).toBe("Ce code n'est plus actif.");
  });

  it("adds a boost that raises the rate until it expires", async () => {
    await createCode({
      code: "BOOST1",
      type: "boost",
      rewardValue: "0.5",
      durationHours: 2,
      maxUses: 5,
    });
    const { client: c } = await verifiedUser(test(), "bonus");
    await c.post("/api/mining/start");
    test().clock.advance(HOUR);
    expect((await c.post("/api/bonus-codes/redeem", { code: "BOOST1" })).json()).toMatchObject({
      type: "boost",
      value: "0.500000000",
      durationHours: 2,
    });
    expect((await c.get("/api/mining")).json().rate.boosts).toBe("0.500000000");
    test().clock.advance(3 * HOUR);
    const state = (await c.get("/api/mining")).json();
    expect(state.rate.boosts).toBe("0.000000000");
    expect(state.session.earnings).toBe(formatNano(4n * BASE_RATE_NANO + 1_000_000_000n));
  });

  it("shortens the running session and refuses without one (code not consumed)", async () => {
    await createTimeReductionCode("FAST3H", 3 * HOUR);
    const { client: c } = await verifiedUser(test(), "bonus");
    const refused = await c.post("/api/bonus-codes/redeem", { code: "FAST3H" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("NO_SESSION_FOR_TIME_REDUCTION");
    await c.post("/api/mining/start");
    const ok = await c.post("/api/bonus-codes/redeem", { code: "FAST3H" });
    expect(ok.json()).toMatchObject({ type: "time_reduction", value: String(3 * HOUR) });
    const state = (await c.get("/api/mining")).json();
    expect(state.session.remainingMs).toBe(SESSION_DURATION_MS - 3 * HOUR);
    expect(state.session.earnings).toBe(formatNano(3n * BASE_RATE_NANO));
  });

  it("a reduction that reaches the end finishes the session and sends its end notice once", async () => {
    await createTimeReductionCode("FAST30H", 30 * HOUR);
    await createTimeReductionCode("FAST1H", HOUR);
    const { client: c } = await verifiedUser(test(), "bonus");
    await c.post("/api/mining/start");
    // A cut that leaves time on the clock sends nothing.
    await c.post("/api/bonus-codes/redeem", { code: "FAST1H" });
    await test().effects.settle();
    expect((await c.get("/api/notifications")).json().items).toHaveLength(0);
    await c.post("/api/bonus-codes/redeem", { code: "FAST30H" });
    // The end notice is recorded with the redemption, stored right after its commit.
    await test().effects.settle();
    const state = (await c.get("/api/mining")).json();
    expect(state.session.remainingMs).toBe(0);
    const notices = (await c.get("/api/notifications")).json();
    expect(notices.items).toEqual([
      expect.objectContaining({ type: "mining_session_end", read: false }),
    ]);
    // The sweep does not send it a second time.
    const { sweepSessionEndings } = await import(
      "../src/modules/notifications/notifications.service.ts"
    );
    await sweepSessionEndings({ db: test().db, clock: test().clock, events: test().events });
    await test().effects.settle();
    expect((await c.get("/api/notifications")).json().items).toHaveLength(1);
  });

  it("admin routes need the elevated admin and validate values", async () => {
    const plain = await signUp(test());
    expect((await plain.client.get("/api/admin/bonus-codes")).statusCode).toBe(403);
    await elevate();
    /** A FRE code of one use, as the admin form posts it. */
    const postFreCode = (code: string, rewardValue: string) =>
      admin.client.post("/api/admin/bonus-codes", { code, type: "fre", rewardValue, maxUses: 1 });
    const bad = await postFreCode("BAD1", "1.0000000001");
    expect(bad.statusCode).toBe(400);
    const huge = await postFreCode("HUGE1", "999999999999");
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe("VALIDATION_ERROR");
    const dup = await postFreCode("BOOST1", "1");
    expect(dup.json().error).toBe("BONUS_CODE_EXISTS");
    const list = (await admin.client.get("/api/admin/bonus-codes")).json();
    expect(list.items.find((c: { code: string }) => c.code === "BOOST1")).toMatchObject({
      currentUses: 1,
      maxUses: 5,
    });
  });
});

describe("bonus codes under concurrency", () => {
  it("exactly maxUses redemptions succeed", async () => {
    await createCode({ code: "RUSH", type: "fre", rewardValue: "1", maxUses: 5 });
    const users = [];
    for (let i = 0; i < 15; i++) users.push(await verifiedUser(test(), "rush"));
    const answers = await Promise.all(
      users.map((u) => u.client.post("/api/bonus-codes/redeem", { code: "RUSH" })),
    );
    expect(outcomes(answers)).toEqual([
      ...Array(5).fill("200"),
      ...Array(10).fill("409 BONUS_CODE_EXHAUSTED"),
    ]);
    await elevate();
    const list = (await admin.client.get("/api/admin/bonus-codes")).json();
    expect(list.items.find((c: { code: string }) => c.code === "RUSH").currentUses).toBe(5);
  });

  it("one user double-clicking is credited once", async () => {
    await createCode({ code: "DOUBLE", type: "fre", rewardValue: "2", maxUses: 100 });
    const { client: c } = await verifiedUser(test(), "click");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => c.post("/api/bonus-codes/redeem", { code: "DOUBLE" })),
    );
    expect(outcomes(answers)).toEqual(["200", ...Array(7).fill("409 BONUS_CODE_ALREADY_USED")]);
    expect((await c.get("/api/me")).json().balance).toBe("2.000000000");
  });
});
