/**
 * Mines over the API (issue 35 §3, decision 0069): the mines drawn as Keno draws its numbers, the
 * multiplier (1 − edge) × C(25, k) / C(25 − m, k), an exact cash-out, a mine that loses the bet,
 * an opening that a double click or a retry never doubles (Idempotency-Key), the ledger's rows of
 * each round and ledger:verify after them, on the embedded database and on PostgreSQL.
 */
import {
  formatMultiplier,
  formatNano,
  minesDraw,
  minesMultiplier,
  parseFre,
  rational,
} from "@fre/shared";
import { and, eq, isNull, like, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gameSeedPairs, ledgerEntries } from "../src/db/schema/index.ts";
import { credit } from "../src/modules/ledger/ledger.ts";
import { findLedgerMismatches } from "../src/modules/ledger/ledger.verify.ts";
import { type Client, client, PUBLIC_URL, signUp, uniqueUser, useTestApp } from "./helpers.ts";

const FRE = 1_000_000_000n;
const test = useTestApp();
let keys = 0;
const newKey = () => `mines-key-${++keys}-${Date.now()}`;

async function player(fre = 1000n, language = "en") {
  const signed = await signUp(test(), uniqueUser("miner"), {}, { language });
  await test().db.transaction((tx) =>
    credit(tx, {
      userId: signed.me.id,
      kind: "bonus",
      amountNano: fre * FRE,
      reference: `mines-test:${signed.me.id}`,
      at: test().clock.now(),
    }),
  );
  return { c: signed.client, id: signed.me.id as string };
}

/** POST /api/games/mines/rounds with the client's cookies and an Idempotency-Key (or none). */
function open(c: Client, body: unknown, key: string | null = newKey(), language = "en") {
  const headers: Record<string, string> = {
    origin: PUBLIC_URL,
    "accept-language": language,
    cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join("; "),
  };
  if (key !== null) headers["idempotency-key"] = key;
  return test().app.inject({
    method: "POST",
    url: "/api/games/mines/rounds",
    headers,
    payload: body as object,
  });
}

/** The mines of the player's next round, from the secret seed this test may read. */
async function nextMines(c: Client, userId: string, count: number) {
  // The seeds view creates the pair on a first visit.
  const { nonce } = (await c.get("/api/games/seeds")).json();
  const [pair] = await test()
    .db.select({ serverSeed: gameSeedPairs.serverSeed, clientSeed: gameSeedPairs.clientSeed })
    .from(gameSeedPairs)
    .where(and(eq(gameSeedPairs.userId, userId), isNull(gameSeedPairs.revealedAt)));
  if (!pair) throw new Error("no seed pair");
  return minesDraw({ ...pair, nonce }, count);
}
const safeTiles = (mines: number[]) =>
  Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));

const balanceOf = async (c: Client) => parseFre((await c.get("/api/wallet")).json().balance);

/** The round's ledger rows: its bet held (`bet:<id>`, negative) and its payout (`win:<id>`). */
async function ledgerOf(roundId: string) {
  const rows = await test()
    .db.select({ reference: ledgerEntries.reference, amountNano: ledgerEntries.amountNano })
    .from(ledgerEntries)
    .where(
      or(
        like(ledgerEntries.reference, `bet:${roundId}`),
        like(ledgerEntries.reference, `win:${roundId}`),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.reference.split(":")[0], row.amountNano]));
}

const reveal = (c: Client, id: string, tile: number) =>
  c.post(`/api/games/mines/rounds/${id}/reveal`, { tile });

describe("mines", () => {
  it("reveals safe tiles at (1 − edge) × C(25, k) / C(25 − m, k) and cashes out exactly", async () => {
    const { c, id } = await player(100n);
    const mines = await nextMines(c, id, 3);
    const opened = await open(c, { amount: "10", mines: 3 });
    expect(opened.statusCode).toBe(200);
    const round = opened.json();
    expect(round).toMatchObject({
      game: "mines",
      status: "open",
      multiplier: "0.99",
      outcome: { count: 3, revealed: [], mines: [] },
      balance: formatNano(90n * FRE),
    });
    expect((await c.get("/api/games/mines/rounds/current")).json().round.id).toBe(round.id);
    expect((await c.post("/api/games/seeds/rotate")).json().error).toBe("ROUND_IN_PROGRESS");

    const safe = safeTiles(mines).slice(0, 4);
    let last = round;
    for (const [k, tile] of safe.entries()) {
      const answer = await reveal(c, round.id, tile);
      expect(answer.statusCode).toBe(200);
      last = answer.json();
      expect(last.status).toBe("open");
      expect(last.outcome).toEqual({ count: 3, revealed: safe.slice(0, k + 1), mines: [] });
      expect(last.multiplier).toBe(formatMultiplier(minesMultiplier(3, k + 1)));
    }
    // 0.99 × C(25, 4) / C(22, 4) = 0.99 × 12650 / 7315
    expect(minesMultiplier(3, 4)).toEqual(rational(99n * 12650n, 100n * 7315n));

    const cashed = await c.post(`/api/games/mines/rounds/${round.id}/cashout`);
    expect(cashed.statusCode).toBe(200);
    const settled = cashed.json();
    const payout = (10n * FRE * 99n * 12650n) / (100n * 7315n);
    expect(settled).toMatchObject({
      status: "settled",
      payout: formatNano(payout),
      outcome: { count: 3, revealed: safe, mines },
      balance: formatNano(90n * FRE + payout),
    });
    expect(await balanceOf(c)).toBe(90n * FRE + payout);
    expect(await ledgerOf(round.id)).toEqual({ bet: -10n * FRE, win: payout });
    const again = await c.post(`/api/games/mines/rounds/${round.id}/cashout`);
    expect([again.statusCode, again.json().error]).toEqual([404, "NO_ROUND"]);
    expect((await c.get("/api/games/mines/rounds/current")).json()).toEqual({ round: null });
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("a mine loses the bet and shows every mine; nothing is paid", async () => {
    const { c, id } = await player(20n);
    const mines = await nextMines(c, id, 5);
    const round = (await open(c, { amount: "5", mines: 5 })).json();
    const [safe = 0] = safeTiles(mines);
    expect((await reveal(c, round.id, safe)).json().status).toBe("open");
    const lost = (await reveal(c, round.id, mines[2] ?? 0)).json();
    expect(lost).toMatchObject({
      status: "settled",
      multiplier: "0.00",
      payout: formatNano(0n),
      outcome: { count: 5, revealed: [safe, mines[2]], mines },
    });
    expect(await balanceOf(c)).toBe(15n * FRE);
    expect(await ledgerOf(round.id)).toEqual({ bet: -5n * FRE });
    expect((await reveal(c, round.id, safe)).statusCode).toBe(404);
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("a double click or a retry opens one round, debits once, and cash-out pays once", async () => {
    const { c, id } = await player(50n);
    const key = newKey();
    const [first, second] = await Promise.all([
      open(c, { amount: "10", mines: 2 }, key),
      open(c, { amount: "10", mines: 2 }, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().id).toBe(first.json().id);
    const retried = await open(c, { amount: "10.000", mines: 2 }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(first.json());
    expect(await balanceOf(c)).toBe(40n * FRE);

    const reused = await open(c, { amount: "11", mines: 2 }, key);
    expect([reused.statusCode, reused.json().error]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    const another = await open(c, { amount: "10", mines: 2 });
    expect([another.statusCode, another.json().error]).toEqual([409, "ROUND_IN_PROGRESS"]);
    const keyless = await open(c, { amount: "10", mines: 2 }, null);
    expect(keyless.statusCode).toBe(400);
    expect(await balanceOf(c)).toBe(40n * FRE);

    const roundId = first.json().id as string;
    const mines = minesDraw(await seedsOfRound(id, first.json().nonce), 2);
    const [tile = 0] = safeTiles(mines);
    const [a, b] = await Promise.all([reveal(c, roundId, tile), reveal(c, roundId, tile)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const [x, y] = await Promise.all([
      c.post(`/api/games/mines/rounds/${roundId}/cashout`),
      c.post(`/api/games/mines/rounds/${roundId}/cashout`),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 404]);
    const payout = (10n * FRE * 99n * 25n) / (100n * 23n);
    expect(await balanceOf(c)).toBe(40n * FRE + payout);
    expect(await ledgerOf(roundId)).toEqual({ bet: -10n * FRE, win: payout });
    // A retry of the opening after the round settled still answers that round, opens none.
    const late = await open(c, { amount: "10", mines: 2 }, key);
    expect(late.json().id).toBe(roundId);
    expect((await c.get("/api/games/mines/rounds/current")).json()).toEqual({ round: null });
    expect(await balanceOf(c)).toBe(40n * FRE + payout);
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("an opening and the same player's Keno bets at once: no deadlock, each debited once", async () => {
    const { c } = await player(100n);
    const key = newKey();
    const answers = await Promise.all([
      open(c, { amount: "5", mines: 4 }, key),
      c.post("/api/games/keno/bets", { amount: "1", picks: [1], risk: "classic" }),
      open(c, { amount: "5", mines: 4 }, key),
      c.post("/api/games/keno/bets", { amount: "1", picks: [2], risk: "classic" }),
      c.post("/api/games/seeds/rotate"),
    ]);
    const [first, , second] = answers;
    expect(first?.statusCode).toBe(200);
    expect(second?.json().id).toBe(first?.json().id);
    expect(answers[1]?.statusCode).toBe(200);
    expect(answers[3]?.statusCode).toBe(200);
    // The rotation waits for the pair, then finds the round open (or ran first).
    expect([200, 409]).toContain(answers[4]?.statusCode);
    const keno = [answers[1], answers[3]].map((a) => parseFre(a?.json().payout ?? "0"));
    expect(await balanceOf(c)).toBe(100n * FRE - 7n * FRE + (keno[0] ?? 0n) + (keno[1] ?? 0n));
    expect(await ledgerOf(first?.json().id)).toEqual({ bet: -5n * FRE });
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("refuses a tile revealed twice, a tile off the grid and 0 or 25 mines", async () => {
    const { c, id } = await player(20n);
    const mines = await nextMines(c, id, 1);
    const round = (await open(c, { amount: "1", mines: 1 })).json();
    const [tile = 0] = safeTiles(mines);
    expect((await reveal(c, round.id, tile)).statusCode).toBe(200);
    const twice = await reveal(c, round.id, tile);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe("VALIDATION_ERROR");
    for (const bad of [25, -1, 1.5, "3"]) {
      expect((await reveal(c, round.id, bad as number)).statusCode, String(bad)).toBe(400);
    }
    const current = (await c.get("/api/games/mines/rounds/current")).json().round;
    expect(current.outcome.revealed).toEqual([tile]);
    await c.post(`/api/games/mines/rounds/${round.id}/cashout`);
    for (const count of [0, 25, 2.5]) {
      expect((await open(c, { amount: "1", mines: count })).statusCode, String(count)).toBe(400);
    }
  });

  it("with 24 mines, the one safe tile cashes out by itself at ×24.75", async () => {
    const { c, id } = await player(10n);
    const mines = await nextMines(c, id, 24);
    const [safe] = safeTiles(mines);
    const round = (await open(c, { amount: "2", mines: 24 })).json();
    const won = (await reveal(c, round.id, safe ?? 0)).json();
    expect(won).toMatchObject({
      status: "settled",
      multiplier: "24.75",
      payout: formatNano((2n * FRE * 2475n) / 100n),
      outcome: { count: 24, revealed: [safe], mines },
    });
    expect(await balanceOf(c)).toBe(8n * FRE + (2n * FRE * 2475n) / 100n);
    expect(await findLedgerMismatches(test().db)).toEqual([]);
  });

  it("reads a French decimal comma: « 2,5 » bets 2.5 FRE (and is the same request as 2.5)", async () => {
    const { c } = await player(10n, "fr");
    const key = newKey();
    const opened = await open(c, { amount: "2,5", mines: 3 }, key, "fr");
    expect(opened.statusCode).toBe(200);
    expect(opened.json().amount).toBe(formatNano(parseFre("2.5")));
    expect(await balanceOf(c)).toBe(parseFre("7.5"));
    expect((await open(c, { amount: "2.5", mines: 3 }, key, "fr")).json().id).toBe(
      opened.json().id,
    );
    const unreadable = await open(c, { amount: "2,5,0", mines: 3 }, newKey(), "fr");
    expect(unreadable.statusCode).toBe(400);
    expect(await ledgerOf(opened.json().id)).toEqual({ bet: -parseFre("2.5") });
  });

  it("another player's round is not found", async () => {
    const owner = await player(10n);
    const other = await player(10n);
    const round = (await open(owner.c, { amount: "1", mines: 3 })).json();
    for (const path of ["reveal", "cashout"]) {
      const stolen = await other.c.post(`/api/games/mines/rounds/${round.id}/${path}`, { tile: 0 });
      expect([stolen.statusCode, stolen.json().error]).toEqual([404, "NO_ROUND"]);
    }
  });

  it("GET /api/games/verify?game=mines&…&mines=M recomputes a settled round's mines", async () => {
    const { c } = await player(10n);
    const round = (await open(c, { amount: "1", mines: 7 })).json();
    await c.post(`/api/games/mines/rounds/${round.id}/cashout`);
    const { revealed } = (await c.post("/api/games/seeds/rotate")).json();
    const [bet] = (await c.get("/api/games/bets")).json().items;
    expect(bet.serverSeed).toBe(revealed.serverSeed);
    const query = new URLSearchParams({
      game: "mines",
      serverSeed: bet.serverSeed,
      clientSeed: bet.clientSeed,
      nonce: String(bet.nonce),
      mines: "7",
    });
    const verified = await client(test()).get(`/api/games/verify?${query}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ game: "mines", outcome: { mines: bet.outcome.mines } });
    expect(bet.outcome.mines).toHaveLength(7);
    query.delete("mines");
    expect((await client(test()).get(`/api/games/verify?${query}`)).statusCode).toBe(400);
    for (const mines of ["0", "25", "x"]) {
      query.set("mines", mines);
      expect((await client(test()).get(`/api/games/verify?${query}`)).statusCode).toBe(400);
    }
  });
});

async function seedsOfRound(userId: string, nonce: number) {
  const [pair] = await test()
    .db.select({ serverSeed: gameSeedPairs.serverSeed, clientSeed: gameSeedPairs.clientSeed })
    .from(gameSeedPairs)
    .where(and(eq(gameSeedPairs.userId, userId), isNull(gameSeedPairs.revealedAt)));
  if (!pair) throw new Error("no seed pair");
  return { ...pair, nonce };
}
