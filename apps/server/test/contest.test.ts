import { BASE_RATE_NANO, formatNano, LEVEL_REWARD_NANO } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { signUp, useTestApp, verifiedUser } from "./helpers.ts";
import { buyItem, linkTonWallet } from "./ton-helpers.ts";

const test = useTestApp();

/** Every answer of a race as `200` or `status ERROR_CODE`, sorted: losers are checked too. */
const outcomes = (answers: { statusCode: number; json(): { error?: string } }[]) =>
  answers.map((a) => (a.statusCode === 200 ? "200" : `${a.statusCode} ${a.json().error}`)).sort();

type Client = Awaited<ReturnType<typeof signUp>>["client"];
const open = (c: Client, level: number) => c.post(`/api/contest/levels/${level}/open`);
const validate = (c: Client, level: number) => c.post(`/api/contest/levels/${level}/validate`);

describe("contest", () => {
  it("validates social levels in order, 10 s after the link was opened, each +0.02 FRE/h", async () => {
    const { client: c } = await verifiedUser(test(), "lvl");
    const start = (await c.get("/api/contest")).json();
    expect(start.level).toBe(0);
    expect(start.levels.map((l: { status: string }) => l.status)).toEqual([
      "current",
      "locked",
      "locked",
      "locked",
      "locked",
      "locked",
      "locked",
      "locked",
      "locked",
      "locked",
    ]);
    expect(start.levels[0].url).toMatch(/^https:\/\//);

    expect((await validate(c, 2)).json().error).toBe("LEVEL_LOCKED");
    expect((await validate(c, 1)).json().error).toBe("TASK_NOT_OPENED");
    await open(c, 1);
    test().clock.advance(5_000);
    await open(c, 1); // reopening does not restart the wait
    expect((await validate(c, 1)).json().error).toBe("TASK_TOO_SOON");
    test().clock.advance(5_000);
    const done = await validate(c, 1);
    expect(done.statusCode).toBe(200);
    expect(done.json().levels[0]).toMatchObject({ status: "done", reward: "0.020000000" });
    expect((await validate(c, 1)).json().error).toBe("LEVEL_ALREADY_VALIDATED");

    await c.post("/api/mining/start");
    for (const level of [2, 3, 4, 5]) {
      await open(c, level);
      test().clock.advance(10_000);
      expect((await validate(c, level)).statusCode).toBe(200);
    }
    const mining = (await c.get("/api/mining")).json();
    expect(mining.rate.levels).toBe(formatNano(5n * LEVEL_REWARD_NANO));
    expect(mining.rate.total).toBe(formatNano(BASE_RATE_NANO + 5n * LEVEL_REWARD_NANO));
    const wallet = (await c.get("/api/wallet")).json();
    expect(wallet.levelValidations.map((v: { level: number }) => v.level)).toEqual([1, 2, 3, 4, 5]);
    await test().effects.settle();
    const notes = (await c.get("/api/notifications")).json().items;
    expect(notes[0]).toMatchObject({
      type: "level_up",
      message: "Bravo ! Vous avez validé le niveau 5.",
    });
  });

  it("invite a friend, add a TON wallet, buy FRE1/FRE3/FRE5: each validates once done", async () => {
    const { client: c, me } = await verifiedUser(test(), "inv");
    for (const level of [1, 2, 3, 4, 5]) {
      await open(c, level);
      test().clock.advance(10_000);
      await validate(c, level);
    }
    expect((await validate(c, 6)).json().error).toBe("TASK_NOT_DONE");
    await signUp(test(), undefined, { referralCode: me.referralCode });
    expect((await validate(c, 6)).json().error).toBe("TASK_NOT_DONE");
    await verifiedUser(test(), "friend", { referralCode: me.referralCode });
    expect((await validate(c, 6)).statusCode).toBe(200);
    const seven = await validate(c, 7);
    expect(seven.statusCode).toBe(409);
    expect(seven.json().error).toBe("TASK_NOT_DONE");
    await linkTonWallet(test(), c);
    expect((await validate(c, 7)).statusCode).toBe(200);
    expect((await validate(c, 8)).json().error).toBe("TASK_NOT_DONE");
    // An order waiting for its payment is not a purchase.
    await c.post("/api/shop/orders", { itemId: "FRE1" });
    expect((await validate(c, 8)).json().error).toBe("TASK_NOT_DONE");
    await buyItem(test(), c, "FRE1");
    expect((await validate(c, 8)).statusCode).toBe(200);
    expect((await validate(c, 9)).json().error).toBe("TASK_NOT_DONE");
    await buyItem(test(), c, "FRE5");
    expect((await validate(c, 9)).json().error).toBe("TASK_NOT_DONE");
    await buyItem(test(), c, "FRE3");
    expect((await validate(c, 9)).statusCode).toBe(200);
    const ten = await validate(c, 10);
    expect(ten.statusCode).toBe(200);
    expect(ten.json().level).toBe(10);
    expect(ten.json().levels.every((l: { status: string }) => l.status === "done")).toBe(true);
  });

  it("credits a level once under concurrent validations", async () => {
    const { client: c } = await verifiedUser(test(), "race");
    await open(c, 1);
    test().clock.advance(10_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate(c, 1)));
    expect(outcomes(answers)).toEqual(["200", ...Array(9).fill("409 LEVEL_ALREADY_VALIDATED")]);
    expect((await c.get("/api/me")).json().level).toBe(1);
  });
});
