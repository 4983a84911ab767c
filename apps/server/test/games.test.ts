/**
 * Provably fair games over the API (issue 14): every route, each error, the money through the
 * ledger (and the jackpot pool's own books), seed rotation whose revealed seed recomputes every
 * recorded bet, the slot's free spins and its `slot_available` notice.
 */
import {
  applyMultiplier,
  formatNano,
  kenoMultiplier,
  parseFre,
  sha256Hex,
  verifyOutcome,
} from "@fre/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { rowsOf } from "../src/db/client.ts";
import { playKeno } from "../src/modules/games/games.service.ts";
import { jackpotAnnouncer } from "../src/modules/games/games-jackpot.ts";
import { sweepSlotNotices } from "../src/modules/games/games-notices.ts";
import { spinFreMachine } from "../src/modules/games/games-slots.service.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import {
  type Client,
  client,
  elevatedAdmin,
  fundUser,
  onPostgres,
  signUp,
  uniqueUser,
  useTestApp,
  verifiedUser,
} from "./helpers.ts";

const FRE = 1_000_000_000n;
const DAY_MS = 86_400_000;
const test = useTestApp();

const fund = (userId: string, fre: bigint) => fundUser(test(), userId, fre, "games-test");

async function player(fre = 1000n, language = "en") {
  const signed = await signUp(test(), uniqueUser("gamer"), {}, { language });
  await fund(signed.me.id, fre);
  return { c: signed.client, id: signed.me.id as string };
}

const balanceOf = async (c: Client) => parseFre((await c.get("/api/wallet")).json().balance);

describe("games view and seeds", () => {
  it("publishes the games, my limits, free spins and the jackpot", async () => {
    const { c } = await player(0n);
    const response = await c.get("/api/games");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.limits).toEqual({ minBet: "1", maxBet: "10000" });
    expect(body.freeSpins).toEqual({ daily: true, bonus: 0 });
    expect(parseFre(body.jackpot)).toBeGreaterThanOrEqual(1000n * FRE);
    expect(body.publication).toBeTruthy();
    expect((await client(test()).get("/api/games")).statusCode).toBe(401);
  });

  it("shows the hash (never the seed) and takes a new client seed", async () => {
    const { c } = await player(0n);
    const seeds = (await c.get("/api/games/seeds")).json();
    expect(seeds.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(seeds.nonce).toBe(0);
    expect(seeds).not.toHaveProperty("serverSeed");
    expect(seeds.revealed).toEqual([]);
    const changed = await c.put("/api/games/seeds", { clientSeed: "my-lucky-seed" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      serverSeedHash: seeds.serverSeedHash,
      clientSeed: "my-lucky-seed",
      nonce: 0,
    });
    for (const clientSeed of ["", "with space", "x".repeat(65), "tab\there"]) {
      expect((await c.put("/api/games/seeds", { clientSeed })).statusCode).toBe(400);
    }
  });
});

describe("keno", () => {
  it("debits the bet and pays the published multiplier in one move", async () => {
    const { c } = await player(100n);
    let balance = await balanceOf(c);
    for (let nonce = 0; nonce < 5; nonce++) {
      const response = await c.post("/api/games/keno/bets", {
        amount: "2.5",
        picks: [1, 7, 13, 22, 40],
        risk: "high",
      });
      expect(response.statusCode).toBe(200);
      const play = response.json();
      expect(play.nonce).toBe(nonce);
      expect(play.status).toBe("settled");
      const draw = play.outcome.draw as number[];
      expect(new Set(draw).size).toBe(10);
      expect(draw.every((n) => n >= 1 && n <= 40)).toBe(true);
      const expected = applyMultiplier(
        parseFre("2.5"),
        kenoMultiplier("high", [1, 7, 13, 22, 40], draw),
      );
      expect(play.payout).toBe(formatNano(expected));
      balance = balance - parseFre("2.5") + expected;
      expect(play.balance).toBe(formatNano(balance));
    }
    expect(await balanceOf(c)).toBe(balance);
  });

  it("refuses bad bets, each with its translated error", async () => {
    const { c } = await player(5n, "fr");
    const bet = (body: object) =>
      c.post("/api/games/keno/bets", { amount: "1", picks: [1], risk: "classic", ...body });
    const small = await bet({ amount: "0.5" });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toEqual({
      error: "BET_TOO_SMALL",
      message: "Mise trop faible : le minimum est de 1 FRE.",
    });
    const large = await bet({ amount: "10000.5" });
    expect(large.json().error).toBe("BET_TOO_LARGE");
    expect(large.json().message).toMatch(/le maximum est de 10\s000 FRE\.$/);
    const poor = await bet({ amount: "6" });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toEqual({ error: "INSUFFICIENT_BALANCE", message: "Solde insuffisant." });
    for (const body of [
      { picks: [] },
      { picks: [1, 1] },
      { picks: [41] },
      { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] },
      { risk: "extreme" },
      { amount: "1e3" },
      { amount: "-1" },
      { amount: "1.0000000001" },
    ]) {
      const response = await bet(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe("VALIDATION_ERROR");
    }
    expect(await balanceOf(c)).toBe(5n * FRE);
    expect((await c.get("/api/games/seeds")).json().nonce).toBe(0);
  });
});

describe("towers", () => {
  it("climbs, cashes out at 0.99 × (tiles/safe)^k and resumes after a reload", async () => {
    const { c } = await player(100n);
    const opened = await c.post("/api/games/towers/rounds", { amount: "10", difficulty: "easy" });
    expect(opened.statusCode).toBe(200);
    const round = opened.json();
    expect(round.status).toBe("open");
    expect(round.balance).toBe(formatNano(90n * FRE));
    expect(round.multiplier).toBe("0.99");
    const current = (await c.get("/api/games/towers/rounds/current")).json();
    expect(current.round.id).toBe(round.id);
    const again = await c.post("/api/games/towers/rounds", { amount: "10", difficulty: "easy" });
    expect(again.json().error).toBe("ROUND_IN_PROGRESS");
    expect((await c.post("/api/games/seeds/rotate")).json().error).toBe("ROUND_IN_PROGRESS");
    const bad = await c.post(`/api/games/towers/rounds/${round.id}/steps`, { tile: 4 });
    expect(bad.statusCode).toBe(400);

    // Step until a trap or two floors: tiles are chosen blindly, the server decides.
    let last = round;
    for (let floor = 0; floor < 2 && last.status === "open"; floor++) {
      last = (await c.post(`/api/games/towers/rounds/${round.id}/steps`, { tile: 0 })).json();
    }
    if (last.status === "open") {
      expect(last.multiplier).toBe("1.76"); // 0.99 × (4/3)² = 1.76
      last = (await c.post(`/api/games/towers/rounds/${round.id}/cashout`)).json();
      expect(last.payout).toBe(formatNano((10n * FRE * 99n * 16n) / (100n * 9n)));
    } else {
      expect(last.payout).toBe(formatNano(0n));
    }
    expect(last.status).toBe("settled");
    expect(last.outcome.floors).toHaveLength(9);
    expect(await balanceOf(c)).toBe(90n * FRE + parseFre(last.payout));
    const after = await c.post(`/api/games/towers/rounds/${round.id}/cashout`);
    expect(after.statusCode).toBe(404);
    expect(after.json().error).toBe("NO_ROUND");
    expect((await c.get("/api/games/towers/rounds/current")).json()).toEqual({ round: null });
  });

  it("another player's round is not found", async () => {
    const owner = await player(20n);
    const other = await player(20n);
    const round = (
      await owner.c.post("/api/games/towers/rounds", { amount: "5", difficulty: "hard" })
    ).json();
    const stolen = await other.c.post(`/api/games/towers/rounds/${round.id}/cashout`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe("NO_ROUND");
    expect((await owner.c.post(`/api/games/towers/rounds/${round.id}/cashout`)).statusCode).toBe(
      200,
    );
  });
});

describe("hi-lo", () => {
  it("skips, guesses and cashes out with the product of 0.99 / P", async () => {
    const { c } = await player(50n);
    const round = (await c.post("/api/games/hilo/rounds", { amount: "10" })).json();
    expect(round.outcome.cards).toHaveLength(1);
    expect(round.multiplier).toBe("1.00");
    const skipped = (
      await c.post(`/api/games/hilo/rounds/${round.id}/guesses`, { guess: "skip" })
    ).json();
    expect(skipped.outcome.cards).toHaveLength(2);
    expect(skipped.multiplier).toBe("1.00");
    const bad = await c.post(`/api/games/hilo/rounds/${round.id}/guesses`, { guess: "equal" });
    expect(bad.statusCode).toBe(400);
    // "higher or same" on a 2 always wins; on any card it wins at least 1/13 of the time.
    const guessed = (
      await c.post(`/api/games/hilo/rounds/${round.id}/guesses`, { guess: "higher" })
    ).json();
    if (guessed.status === "open") {
      const cashed = (await c.post(`/api/games/hilo/rounds/${round.id}/cashout`)).json();
      expect(cashed.status).toBe("settled");
      expect(parseFre(cashed.payout)).toBeGreaterThan(0n);
      expect(await balanceOf(c)).toBe(40n * FRE + parseFre(cashed.payout));
    } else {
      expect(guessed.payout).toBe(formatNano(0n));
      expect(await balanceOf(c)).toBe(40n * FRE);
    }
    expect((await c.post(`/api/games/hilo/rounds/${round.id}/cashout`)).json().error).toBe(
      "NO_ROUND",
    );
  });
});

describe("slot and FRE machine", () => {
  it("gives one free spin per UTC day, then NO_FREE_SPIN", async () => {
    const { c } = await player(0n);
    const spun = await c.post("/api/games/slot/spins");
    expect(spun.statusCode).toBe(200);
    expect(spun.json().outcome.symbols).toHaveLength(3);
    expect(spun.json().amount).toBe(formatNano(0n));
    const again = await c.post("/api/games/slot/spins");
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("NO_FREE_SPIN");
    expect((await c.get("/api/games")).json().freeSpins).toEqual({ daily: false, bonus: 0 });
    test().clock.advance(DAY_MS);
    expect((await c.post("/api/games/slot/spins")).statusCode).toBe(200);
  });

  it("adds a bonus spin per referral with a verified e-mail and a first mining session", async () => {
    const referrer = await verifiedUser(test(), "slotref");
    const referral = await verifiedUser(test(), "slotee", {
      referralCode: referrer.me.referralCode,
    });
    await signUp(test(), uniqueUser("slotun"), { referralCode: referrer.me.referralCode });
    expect((await referrer.client.get("/api/games")).json().freeSpins.bonus).toBe(0);
    expect((await referral.client.post("/api/mining/start")).statusCode).toBe(200);
    test().clock.advance(DAY_MS + 60_000);
    expect((await referral.client.post("/api/mining/claim")).statusCode).toBe(200);
    expect((await referrer.client.get("/api/games")).json().freeSpins).toEqual({
      daily: true,
      bonus: 1,
    });
    expect((await referrer.client.post("/api/games/slot/spins")).json().outcome.freeSpin).toBe(
      "daily",
    );
    expect((await referrer.client.post("/api/games/slot/spins")).json().outcome.freeSpin).toBe(
      "bonus",
    );
    expect((await referrer.client.post("/api/games/slot/spins")).json().error).toBe("NO_FREE_SPIN");
  });

  it("pays the FRE machine and feeds 1 % of each bet to the jackpot", async () => {
    const { c } = await player(1000n);
    const before = parseFre((await c.get("/api/games")).json().jackpot);
    const spun = (await c.post("/api/games/fre-machine/spins", { amount: "100" })).json();
    expect(spun.outcome.symbols).toHaveLength(3);
    const won = parseFre(spun.payout);
    expect(spun.balance).toBe(formatNano(900n * FRE + won));
    const after = parseFre((await c.get("/api/games")).json().jackpot);
    if (parseFre(spun.outcome.jackpot) === 0n) expect(after - before).toBe(1n * FRE);
    expect((await c.post("/api/games/fre-machine/spins", { amount: "0.1" })).json().error).toBe(
      "BET_TOO_SMALL",
    );
  });

  it("sends slot_available once a day to recent players who have not spun", async () => {
    const sent: { userId: string; params: unknown }[] = [];
    const events = {
      notify: async (userId: string, _type: string, params: unknown) => {
        sent.push({ userId, params });
      },
    };
    const { id, c } = await player(5n);
    // Signed in but never played: not a player, no notice.
    const { id: member } = await player(0n);
    await sweepSlotNotices({ db: test().db, clock: test().clock, events });
    expect(sent.some((s) => s.userId === id || s.userId === member)).toBe(false);
    expect(
      (await c.post("/api/games/keno/bets", { amount: "1", picks: [7], risk: "low" })).statusCode,
    ).toBe(200);
    await sweepSlotNotices({ db: test().db, clock: test().clock, events });
    expect(sent.filter((s) => s.userId === id)).toEqual([
      { userId: id, params: { bonusSpins: 0 } },
    ]);
    expect(sent.some((s) => s.userId === member)).toBe(false);
    sent.length = 0;
    await sweepSlotNotices({ db: test().db, clock: test().clock, events });
    expect(sent.some((s) => s.userId === id)).toBe(false);
  });
});

describe("history, rotation and verification", () => {
  it("rotation reveals a seed whose hash matches and recomputes every recorded bet", async () => {
    const { c } = await player(500n);
    const before = (await c.get("/api/games/seeds")).json();
    await c.post("/api/games/keno/bets", { amount: "1", picks: [3, 4, 5], risk: "low" });
    await c.post("/api/games/slot/spins");
    await c.post("/api/games/fre-machine/spins", { amount: "1" });
    const tower = (
      await c.post("/api/games/towers/rounds", { amount: "1", difficulty: "master" })
    ).json();
    await c.post(`/api/games/towers/rounds/${tower.id}/steps`, { tile: 2 });
    await c.post(`/api/games/towers/rounds/${tower.id}/cashout`);
    const hilo = (await c.post("/api/games/hilo/rounds", { amount: "1" })).json();
    await c.post(`/api/games/hilo/rounds/${hilo.id}/guesses`, { guess: "skip" });
    await c.post(`/api/games/hilo/rounds/${hilo.id}/cashout`);

    const unrevealed = (await c.get("/api/games/bets")).json();
    expect(unrevealed.items).toHaveLength(5);
    expect(unrevealed.items.every((b: { serverSeed: unknown }) => b.serverSeed === null)).toBe(
      true,
    );

    const rotated = await c.post("/api/games/seeds/rotate");
    expect(rotated.statusCode).toBe(200);
    const { revealed, current } = rotated.json();
    expect(revealed.serverSeedHash).toBe(before.serverSeedHash);
    expect(sha256Hex(revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(revealed.lastNonce).toBe(4);
    expect(current.nonce).toBe(0);
    expect(current.serverSeedHash).not.toBe(before.serverSeedHash);

    const bets = (await c.get("/api/games/bets")).json().items;
    for (const bet of bets) {
      expect(bet.serverSeed).toBe(revealed.serverSeed);
      const seeds = { serverSeed: bet.serverSeed, clientSeed: bet.clientSeed, nonce: bet.nonce };
      const expected = verifyOutcome(bet.game, seeds, { difficulty: "master" }) as Record<
        string,
        unknown
      >;
      if (bet.game === "keno") expect(bet.outcome.draw).toEqual(expected.draw);
      if (bet.game === "towers") expect(bet.outcome.floors).toEqual(expected.floors);
      if (bet.game === "hilo") {
        expect(bet.outcome.cards).toEqual((expected.cards as string[]).slice(0, 2));
      }
      if (bet.game === "slot" || bet.game === "fre-machine") {
        expect(bet.outcome.stops).toEqual(expected.stops);
        expect(bet.outcome.symbols).toEqual(expected.symbols);
      }
      // The public route answers the same, without a session.
      const query = new URLSearchParams({
        game: bet.game,
        serverSeed: bet.serverSeed,
        clientSeed: bet.clientSeed,
        nonce: String(bet.nonce),
        difficulty: "master",
      });
      const verified = await client(test()).get(`/api/games/verify?${query}`);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ game: bet.game, outcome: expected });
    }
    const seeds = (await c.get("/api/games/seeds")).json();
    expect(seeds.revealed[0].serverSeed).toBe(revealed.serverSeed);
  });

  it("pages my bets with a cursor", async () => {
    const { c } = await player(50n);
    for (let i = 0; i < 5; i++) {
      await c.post("/api/games/keno/bets", { amount: "1", picks: [i + 1], risk: "classic" });
    }
    const first = (await c.get("/api/games/bets?limit=3")).json();
    expect(first.items.map((b: { nonce: number }) => b.nonce)).toEqual([4, 3, 2]);
    const second = (await c.get(`/api/games/bets?limit=3&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((b: { nonce: number }) => b.nonce)).toEqual([1, 0]);
    expect(second.nextCursor).toBeNull();
    expect((await c.get("/api/games/bets?cursor=abc")).statusCode).toBe(400);
  });

  it("refuses bad verify queries with 400", async () => {
    const anonymous = client(test());
    const seed = "a".repeat(64);
    for (const query of [
      `game=roulette&serverSeed=${seed}&clientSeed=x&nonce=0`,
      "game=keno&serverSeed=short&clientSeed=x&nonce=0",
      `game=keno&serverSeed=${seed}&clientSeed=x&nonce=-1`,
      `game=keno&serverSeed=${seed}&clientSeed=x&nonce=99999999999`,
      `game=keno&serverSeed=${seed}&clientSeed=${"y".repeat(65)}&nonce=0`,
      `game=towers&serverSeed=${seed}&clientSeed=x&nonce=0&difficulty=godlike`,
      `game=towers&serverSeed=${seed}&clientSeed=x&nonce=0`,
    ]) {
      expect((await anonymous.get(`/api/games/verify?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe("admin limits", () => {
  it("an elevated admin changes the bet bounds", async () => {
    const admin = await elevatedAdmin(test());
    const { c } = await player(100n);
    const set = await admin.client.put("/api/admin/games/limits", { minBet: "5", maxBet: "50" });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ minBet: "5", maxBet: "50" });
    const bet = (amount: string) =>
      c.post("/api/games/keno/bets", { amount, picks: [1], risk: "classic" });
    expect((await bet("4")).json().error).toBe("BET_TOO_SMALL");
    expect((await bet("51")).json().error).toBe("BET_TOO_LARGE");
    expect((await bet("5")).statusCode).toBe(200);
    expect(
      (await admin.client.put("/api/admin/games/limits", { minBet: "9", maxBet: "2" })).statusCode,
    ).toBe(400);
    await admin.client.put("/api/admin/games/limits", { minBet: "1", maxBet: "10000" });
  });
});

describe("the books after many bets", () => {
  it("the ledger and the jackpot pool verify after 10 000 simulated bets (2 000 embedded)", async () => {
    // 8 players, 1 250 bets each: Keno of every risk and size, and one FRE-machine spin in ten
    // (the jackpot pool's books move too). The embedded database runs one transaction at a
    // time, so there the players take turns, 250 bets each, to stay within CI's time on a
    // loaded machine; the full 10 000 run concurrently on PostgreSQL (CI runs both).
    const perPlayer = onPostgres ? 1250 : 250;
    const players = await Promise.all(Array.from({ length: 8 }, () => player(100_000n)));
    const deps = test().games;
    const risks = ["classic", "low", "medium", "high"] as const;
    const poolBefore = parseFre((await players[0]?.c.get("/api/games"))?.json().jackpot);
    const bets = async ({ id }: { id: string }, p: number) => {
      for (let i = 0; i < perPlayer; i++) {
        if (i % 10 === 9) await spinFreMachine(deps, id, { amount: "3" });
        else {
          const picks = Array.from({ length: (i % 10) + 1 }, (_, k) => ((i + p + k * 7) % 40) + 1);
          await playKeno(deps, id, { amount: "2", picks, risk: risks[i % 4] ?? "classic" });
        }
      }
    };
    if (onPostgres) await Promise.all(players.map(bets));
    else for (const [p, x] of players.entries()) await bets(x, p);
    expect(await findLedgerMismatches(test().db)).toEqual([]);
    // Each balance is its funding minus its bets plus its payouts, as the bets table records.
    const rows = rowsOf<{ userId: string; bets: string; staked: string; paid: string }>(
      await test().db.execute(sql`
        select user_id as "userId", count(*)::text as "bets",
          sum(amount_nano)::text as "staked", sum(payout_nano)::text as "paid"
        from game_bets where user_id in (${sql.join(
          players.map((x) => sql`${x.id}`),
          sql`, `,
        )}) group by user_id`),
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.bets).toBe(String(perPlayer));
      const c = players.find((x) => x.id === row.userId)?.c;
      if (!c) throw new Error("unknown player");
      expect(await balanceOf(c)).toBe(100_000n * FRE - BigInt(row.staked) + BigInt(row.paid));
    }
    // One spin of 3 FRE in ten fed 1 % each to the pool (unless a jackpot was won meanwhile).
    const jackpots = rowsOf<{ count: number }>(
      await test().db.execute(sql`select count(*)::int as "count" from jackpot_movements
        where kind = 'win'`),
    )[0]?.count;
    const poolAfter = parseFre((await players[0]?.c.get("/api/games"))?.json().jackpot);
    const spins = BigInt((8 * perPlayer) / 10);
    if (jackpots === 0) expect(poolAfter - poolBefore).toBe((spins * 3n * FRE) / 100n);
  }, 240_000);
});

describe("ledger:verify and the jackpot pool", () => {
  it("reports a pool that is not its seeds plus contributions minus wins", async () => {
    expect(await findLedgerMismatches(test().db)).toEqual([]);
    await test().db.execute(
      sql`update jackpot_pools set amount_nano = amount_nano + 1 where id = 'fre-machine'`,
    );
    try {
      const found = await findLedgerMismatches(test().db);
      expect(found.map((m) => m.userId)).toEqual(["jackpot:fre-machine"]);
      expect(BigInt(found[0]?.balance ?? 0) - BigInt(found[0]?.ledgerSum ?? 0)).toBe(1n);
    } finally {
      await test().db.execute(
        sql`update jackpot_pools set amount_nano = amount_nano - 1 where id = 'fre-machine'`,
      );
    }
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });
});

describe("the live jackpot event", () => {
  it("goes out at most once a second, with the latest pool", () => {
    const sent: unknown[] = [];
    let now = 0;
    vi.useFakeTimers();
    try {
      const announcer = jackpotAnnouncer(
        {
          live: async (userId, event, options) => {
            // A broadcast value, not kept (a lost one is replaced by the next).
            expect([userId, options]).toEqual([null, { transient: true }]);
            sent.push(event);
          },
        },
        () => now,
        1000,
      );
      announcer.announce("1000.01");
      expect(sent).toEqual([{ type: "jackpot", data: { pool: "1000.01" } }]);
      now = 200;
      announcer.announce("1000.02");
      now = 500;
      announcer.announce("1000.03");
      expect(sent).toHaveLength(1);
      now = 1000;
      vi.advanceTimersByTime(800);
      expect(sent).toEqual([
        { type: "jackpot", data: { pool: "1000.01" } },
        { type: "jackpot", data: { pool: "1000.03" } },
      ]);
      now = 1500;
      announcer.announce("1000.04");
      expect(sent).toHaveLength(2);
      now = 2000;
      vi.advanceTimersByTime(500);
      expect(sent.at(-1)).toEqual({ type: "jackpot", data: { pool: "1000.04" } });
      now = 5000;
      announcer.announce("1000.05");
      expect(sent).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
