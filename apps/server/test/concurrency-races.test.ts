/**
 * Every route that moves FRE (or guards a one-per-user rule next to money) under 20 concurrent
 * requests of one user (issue 19 point 2): never a 5xx — a deadlock or a lock timeout is a bug —
 * exactly the expected winners, the losers a proper 4xx, and the books balance afterwards. Real
 * concurrency on PostgreSQL (TEST_DATABASE_URL); the embedded database serializes the same
 * requests, where the same assertions hold.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseFre } from "@fre/shared";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tonWallets, users } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import {
  answerOutcome,
  type Client,
  elevatedAdmin,
  PUBLIC_URL,
  signUp,
  uniqueUser,
  verifiedUser,
} from "./helpers.ts";
import { completeRequest, useKycApp } from "./kyc-fixtures.ts";

type Answer = { statusCode: number; body: string; json(): { error?: string; id?: string } };

const RACERS = 20;
const test = useKycApp({ GAME_PLAYS_PER_MINUTE: "10000" });
let admin: Client;

beforeAll(async () => {
  admin = (await elevatedAdmin(test(), "raceboss")).client;
});

/** `n` copies of a request, all started in the same turn. */
const race = (run: (i: number) => Promise<Answer>, n = RACERS) =>
  Promise.all(Array.from({ length: n }, (_, i) => run(i)));

const outcome = answerOutcome;

/**
 * No 5xx; `wins` answers of the winning status (exactly `count` of them), every other answer one
 * of `refusals` (status and error code).
 */
function expectRace(
  answers: Answer[],
  wins: { status: number; count: number },
  refusals: string[],
) {
  const seen = answers.map(outcome);
  const summary = seen.join(", ");
  expect(
    seen.filter((s) => s.startsWith("5")),
    summary,
  ).toEqual([]);
  expect(
    seen.filter((s) => s === String(wins.status)),
    summary,
  ).toHaveLength(wins.count);
  for (const s of seen.filter((s) => s !== String(wins.status))) {
    expect(refusals, summary).toContain(s);
  }
}

async function give(userId: string, fre: string) {
  await test().db.transaction((tx) =>
    credit(tx, {
      userId,
      kind: "bonus",
      amountNano: parseFre(fre),
      reference: `races:${randomUUID()}`,
      at: test().clock.now(),
    }),
  );
}

const balanceOf = async (c: Client) => (await c.get("/api/wallet")).json().balance as string;

/** A POST with an `Idempotency-Key` (money requests that take one). */
function postWithKey(c: Client, url: string, body: unknown, key = `race-${randomUUID()}`) {
  return test().app.inject({
    method: "POST",
    url,
    headers: {
      origin: PUBLIC_URL,
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      "idempotency-key": key,
      "content-type": "application/json",
    },
    payload: JSON.stringify(body),
  });
}

/**
 * A verified user with `fre` FRE, approved KYC and a linked wallet (withdrawals need both). The
 * wallet row is written as a ton_proof link leaves it: the proof itself is ton-wallet.test's.
 */
async function withdrawer(fre: string) {
  const { db } = test();
  const { client: c, me } = await verifiedUser(test(), "wdrace");
  await db.update(users).set({ kycStatus: "approved" }).where(eq(users.id, me.id));
  await db.insert(tonWallets).values({
    userId: me.id,
    address: `0:${randomBytes(32).toString("hex")}`,
    network: "-3",
    publicKey: randomBytes(32).toString("hex"),
    linkedAt: test().clock.now(),
  });
  await give(me.id, fre);
  return { c, id: me.id as string };
}

async function createCode(body: Record<string, unknown>, by = admin) {
  const created = await by.post("/api/admin/bonus-codes", body);
  expect(created.statusCode, created.body).toBe(201);
}

let codes = 0;
const newCode = (prefix: string) => `${prefix}${++codes}${randomUUID().slice(0, 6)}`.toUpperCase();

describe("withdrawals", () => {
  it("20 requests with distinct keys: one hold, the others WITHDRAWAL_PENDING", async () => {
    const { c } = await withdrawer("100");
    const answers = await race(() => postWithKey(c, "/api/withdrawals", { amount: "30" }));
    expectRace(answers, { status: 201, count: 1 }, ["409 WITHDRAWAL_PENDING"]);
    expect(await balanceOf(c)).toBe("70.000000000");
  });

  it("20 cancels of one request: one refund", async () => {
    const { c } = await withdrawer("100");
    const id = (await postWithKey(c, "/api/withdrawals", { amount: "30" })).json().id;
    const answers = await race(() => c.post(`/api/withdrawals/${id}/cancel`));
    expectRace(answers, { status: 200, count: 1 }, ["409 WITHDRAWAL_NOT_PENDING"]);
    expect(await balanceOf(c)).toBe("100.000000000");
  });

  it("a cancel among 19 new requests: refunded, then at most one new hold", async () => {
    const { c } = await withdrawer("100");
    const id = (await postWithKey(c, "/api/withdrawals", { amount: "30" })).json().id;
    const answers = await race((i) =>
      i === 0
        ? c.post(`/api/withdrawals/${id}/cancel`)
        : postWithKey(c, "/api/withdrawals", { amount: "40" }),
    );
    const seen = answers.map(outcome);
    expect(seen[0]).toBe("200");
    expect(
      seen.filter((s) => s.startsWith("5")),
      seen.join(", "),
    ).toEqual([]);
    const held = seen.filter((s) => s === "201").length;
    expect(held).toBeLessThanOrEqual(1);
    for (const s of seen.slice(1).filter((s) => s !== "201")) {
      expect(s).toBe("409 WITHDRAWAL_PENDING");
    }
    expect(await balanceOf(c)).toBe(held ? "60.000000000" : "100.000000000");
  });

  it("an admin's 20 rejections of one request, while its owner cancels: one refund", async () => {
    const { c } = await withdrawer("100");
    const id = (await postWithKey(c, "/api/withdrawals", { amount: "30" })).json().id;
    const answers = await race((i) =>
      i % 4 === 0
        ? c.post(`/api/withdrawals/${id}/cancel`)
        : admin.post(`/api/admin/withdrawals/${id}/reject`, { reason: "Address not accepted" }),
    );
    expectRace(answers, { status: 200, count: 1 }, ["409 WITHDRAWAL_NOT_PENDING"]);
    expect(await balanceOf(c)).toBe("100.000000000");
  });
});

describe("games", () => {
  async function player(fre = "1000") {
    const { client: c, me } = await signUp(test(), uniqueUser("gamerace"));
    await give(me.id, fre);
    return { c, id: me.id as string };
  }

  it("20 Keno bets: all played, each once", async () => {
    const { c } = await player();
    const answers = await race(() =>
      c.post("/api/games/keno/bets", { amount: "1", picks: [1, 2, 3], risk: "low" }),
    );
    expectRace(answers, { status: 200, count: RACERS }, []);
    const nonces = answers.map((a) => (a.json() as unknown as { nonce: number }).nonce);
    expect(new Set(nonces).size).toBe(RACERS);
  });

  it("20 FRE-machine spins: all played", async () => {
    const { c } = await player();
    const answers = await race(() => c.post("/api/games/fre-machine/spins", { amount: "1" }));
    expectRace(answers, { status: 200, count: RACERS }, []);
  });

  it("20 free spins: one a day", async () => {
    const { c } = await player("0");
    const answers = await race(() => c.post("/api/games/slot/spins"));
    expectRace(answers, { status: 200, count: 1 }, ["409 NO_FREE_SPIN"]);
  });

  it("20 Towers openings, then 20 cash-outs: one round, paid once", async () => {
    const { c } = await player("100");
    const opened = await race(() =>
      c.post("/api/games/towers/rounds", { amount: "10", difficulty: "easy" }),
    );
    expectRace(opened, { status: 200, count: 1 }, ["409 ROUND_IN_PROGRESS"]);
    const id = opened.find((a) => a.statusCode === 200)?.json().id;
    const cashOuts = await race(() => c.post(`/api/games/towers/rounds/${id}/cashout`));
    expectRace(cashOuts, { status: 200, count: 1 }, ["404 NO_ROUND"]);
    // Cashed out on the ground floor: 0.99 × the bet.
    expect(await balanceOf(c)).toBe("99.900000000");
  });

  it("20 Hi-Lo openings, 20 skips, then 20 cash-outs: one round, paid once", async () => {
    const { c } = await player("100");
    const opened = await race(() => c.post("/api/games/hilo/rounds", { amount: "10" }));
    expectRace(opened, { status: 200, count: 1 }, ["409 ROUND_IN_PROGRESS"]);
    const id = opened.find((a) => a.statusCode === 200)?.json().id;
    const skips = await race(() =>
      c.post(`/api/games/hilo/rounds/${id}/guesses`, { guess: "skip" }),
    );
    expectRace(skips, { status: 200, count: RACERS }, []);
    const cashOuts = await race(() => c.post(`/api/games/hilo/rounds/${id}/cashout`));
    expectRace(cashOuts, { status: 200, count: 1 }, ["404 NO_ROUND"]);
    // Skips never change the multiplier: the bet comes back whole.
    expect(await balanceOf(c)).toBe("100.000000000");
  });
});

describe("bonus codes", () => {
  it("one user, one code, 20 redemptions: credited once", async () => {
    const code = newCode("ONCE");
    await createCode({ code, type: "fre", rewardValue: "5", maxUses: 100 });
    const { client: c } = await verifiedUser(test(), "bonusrace");
    const answers = await race(() => c.post("/api/bonus-codes/redeem", { code }));
    // The per-user limit (10 a minute) answers some of them before any database work.
    expectRace(answers, { status: 200, count: 1 }, [
      "409 BONUS_CODE_ALREADY_USED",
      "429 RATE_LIMITED",
    ]);
    expect(await balanceOf(c)).toBe("5.000000000");
  });

  it("20 users, one code for 5: exactly 5 credited", async () => {
    const code = newCode("FIVE");
    await createCode({ code, type: "fre", rewardValue: "2", maxUses: 5 });
    const players = await Promise.all(
      Array.from({ length: RACERS }, () => verifiedUser(test(), "bonusmany")),
    );
    const answers = await race((i) => players[i]!.client.post("/api/bonus-codes/redeem", { code }));
    expectRace(answers, { status: 200, count: 5 }, ["409 BONUS_CODE_EXHAUSTED"]);
  });

  it("one user, 10 different codes at once (the per-user limit): each credited", async () => {
    const list = Array.from({ length: 10 }, () => newCode("MANY"));
    for (const code of list) await createCode({ code, type: "fre", rewardValue: "1", maxUses: 9 });
    const { client: c } = await verifiedUser(test(), "bonuscodes");
    const answers = await race(
      (i) => c.post("/api/bonus-codes/redeem", { code: list[i] }),
      list.length,
    );
    expectRace(answers, { status: 200, count: list.length }, []);
    expect(await balanceOf(c)).toBe("10.000000000");
  });
});

describe("mining", () => {
  it("20 starts, then 20 claims: one session, credited once", async () => {
    const { client: c } = await verifiedUser(test(), "minerace");
    const started = await race(() => c.post("/api/mining/start"));
    expectRace(started, { status: 200, count: 1 }, ["409 MINING_SESSION_ACTIVE"]);
    test().clock.advance(3_600_000);
    const claims = await race((i) => c.post(i % 2 ? "/api/mining/claim" : "/api/mining/stop"));
    expectRace(claims, { status: 200, count: 1 }, ["409 NO_MINING_SESSION"]);
  });
});

describe("contest, referrals, support, KYC, shop", () => {
  it("20 validations of one level: one", async () => {
    const { client: c } = await verifiedUser(test(), "lvlrace");
    const opened = await race(() => c.post("/api/contest/levels/1/open"));
    expectRace(opened, { status: 200, count: RACERS }, []);
    test().clock.advance(10_000);
    const answers = await race(() => c.post("/api/contest/levels/1/validate"));
    expectRace(answers, { status: 200, count: 1 }, ["409 LEVEL_ALREADY_VALIDATED"]);
  });

  it("20 referrer choices: one", async () => {
    const referrers = await Promise.all(
      Array.from({ length: RACERS }, () => signUp(test(), uniqueUser("refrace"))),
    );
    const { client: c } = await signUp(test(), uniqueUser("referee"));
    const answers = await race((i) =>
      c.post("/api/referrals/referrer", { code: referrers[i]!.me.referralCode }),
    );
    expectRace(answers, { status: 200, count: 1 }, ["409 REFERRER_ALREADY_SET"]);
  });

  it("20 support tickets: as many as the per-user limit allows", async () => {
    const { client: c } = await signUp(test(), uniqueUser("ticketrace"));
    const answers = await race((i) =>
      c.post("/api/support/tickets", { subject: `Question ${i}`, message: "Where is my FRE?" }),
    );
    expectRace(answers, { status: 201, count: 5 }, ["429 RATE_LIMITED"]);
  });

  it("20 KYC submissions: one", async () => {
    const { client: c } = await signUp(test(), uniqueUser("kycrace"));
    await completeRequest(test(), c, "passport");
    const answers = await race(() => c.post("/api/kyc/submit"));
    expectRace(answers, { status: 200, count: 1 }, ["409 KYC_LOCKED", "429 RATE_LIMITED"]);
  });

  it("20 orders of one item: one order, the same for every click", async () => {
    const { client: c } = await signUp(test(), uniqueUser("shoprace"));
    const answers = await race(() => c.post("/api/shop/orders", { itemId: "FRE1" }));
    expectRace(answers, { status: 201, count: 1 }, ["200"]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });
});

describe("one user on every money route at once", () => {
  // Three times: each round is a new user whose first plays also create their seed pair.
  it.each([1, 2, 3])("20 mixed requests neither deadlock nor fail (round %i)", async () => {
    const { c } = await withdrawer("1000");
    // Earlier tests moved the clock past the first admin's elevation.
    const boss = (await elevatedAdmin(test(), "mixboss")).client;
    const freeCode = newCode("MIXFRE");
    const timeCode = newCode("MIXTIME");
    await createCode({ code: freeCode, type: "fre", rewardValue: "3", maxUses: 10 }, boss);
    const time = { code: timeCode, type: "time_reduction", rewardValue: "60000", maxUses: 10 };
    await createCode(time, boss);
    expect((await c.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(3_600_000);
    await c.post("/api/contest/levels/1/open");
    test().clock.advance(10_000);
    const requests: (() => Promise<Answer>)[] = [
      () => postWithKey(c, "/api/withdrawals", { amount: "30" }),
      () => postWithKey(c, "/api/withdrawals", { amount: "31" }),
      () => c.post("/api/games/keno/bets", { amount: "1", picks: [7], risk: "classic" }),
      () => c.post("/api/games/keno/bets", { amount: "1", picks: [8], risk: "classic" }),
      () => c.post("/api/games/fre-machine/spins", { amount: "1" }),
      () => c.post("/api/games/fre-machine/spins", { amount: "1" }),
      () => c.post("/api/games/slot/spins"),
      () => c.post("/api/games/towers/rounds", { amount: "2", difficulty: "medium" }),
      () => c.post("/api/games/hilo/rounds", { amount: "2" }),
      () => c.post("/api/bonus-codes/redeem", { code: freeCode }),
      () => c.post("/api/bonus-codes/redeem", { code: timeCode }),
      () => c.post("/api/mining/claim"),
      () => c.post("/api/contest/levels/1/validate"),
      () =>
        c.post("/api/support/tickets", {
          subject: "All at once",
          message: "Everything at the same time.",
        }),
      () => c.post("/api/games/seeds/rotate"),
      () => c.post("/api/shop/orders", { itemId: "FRE3" }),
      () => postWithKey(c, "/api/withdrawals", { amount: "32" }),
      () => c.post("/api/games/keno/bets", { amount: "2", picks: [9], risk: "high" }),
      () => c.post("/api/games/fre-machine/spins", { amount: "2" }),
      () => c.post("/api/mining/stop"),
    ];
    const answers = await Promise.all(requests.map((run) => run()));
    const seen = answers.map(outcome);
    expect(
      seen.filter((s) => s.startsWith("5")),
      seen.join(", "),
    ).toEqual([]);
    // What does not depend on the order: one withdrawal, every paid play, both codes' first
    // use (the time cut needs the session: it may come after the claim), one claim.
    const withdrawalsOk = [0, 1, 16].filter((i) => answers[i]!.statusCode === 201);
    expect(withdrawalsOk, seen.join(", ")).toHaveLength(1);
    for (const i of [2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 17, 18]) {
      expect(answers[i]!.statusCode, `${i}: ${seen[i]}`).toBeLessThan(300);
    }
    expect(["200", "409 NO_SESSION_FOR_TIME_REDUCTION"]).toContain(seen[10]);
    expect([seen[11], seen[19]].sort()).toEqual(["200", "409 NO_MINING_SESSION"]);
    expect(["200", "409 ROUND_IN_PROGRESS"]).toContain(seen[14]);
    expect(["200", "201"]).toContain(seen[15]);
    expect((await c.get("/api/withdrawals")).json().limits.hasActiveWithdrawal).toBe(true);
  });
});
