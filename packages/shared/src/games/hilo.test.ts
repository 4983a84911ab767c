import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardLabel, hiloCards, hiloStepMultiplier, hiloWins } from "./hilo.ts";
import { rational } from "./rational.ts";

const RANK_NAMES = "2 3 4 5 6 7 8 9 10 J Q K A".split(" ");
const SUIT_NAMES = ["♦", "♥", "♠", "♣"];

/** Reference: node:crypto floats, card = floor(float × 52). */
function referenceCards(serverSeed: string, clientSeed: string, nonce: number, count: number) {
  const cards: number[] = [];
  for (let round = 0; cards.length < count; round++) {
    const block = createHmac("sha256", serverSeed)
      .update(`${clientSeed}:${nonce}:${round}`)
      .digest();
    for (let i = 0; i < 32 && cards.length < count; i += 4) {
      cards.push(Math.floor((block.readUInt32BE(i) / 2 ** 32) * 52));
    }
  }
  return cards;
}

describe("Hi-Lo", () => {
  it("deals like the independent reference (52 cards, 7 HMAC rounds)", () => {
    for (let nonce = 0; nonce < 10; nonce++) {
      const seeds = { serverSeed: "hilo-server", clientSeed: "hilo-client", nonce };
      expect(hiloCards(seeds)).toEqual(referenceCards("hilo-server", "hilo-client", nonce, 52));
    }
    expect(hiloCards({ serverSeed: "x", clientSeed: "y", nonce: 0 }, 60)).toHaveLength(60);
  });

  it("labels cards as rank then suit", () => {
    expect(cardLabel(0)).toBe("2♦");
    expect(cardLabel(33)).toBe("10♥");
    expect(cardLabel(38)).toBe("J♠");
    expect(cardLabel(51)).toBe("A♣");
    for (let i = 0; i < 52; i++) {
      expect(cardLabel(i)).toBe(`${RANK_NAMES[Math.trunc(i / 4)]}${SUIT_NAMES[i % 4]}`);
    }
    expect(() => cardLabel(52)).toThrow(RangeError);
    expect(() => cardLabel(-1)).toThrow(RangeError);
  });

  it("keeps cards in 0–51", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), (serverSeed, clientSeed, nonce) => {
        const cards = hiloCards({ serverSeed, clientSeed, nonce }, 16);
        expect(cards.every((c) => Number.isInteger(c) && c >= 0 && c < 52)).toBe(true);
      }),
    );
  });

  it("pays 0.99 / P(win), including the edge ranks", () => {
    expect(hiloStepMultiplier(48, "higher")).toEqual(rational(1287, 100)); // ace: only an ace
    expect(hiloStepMultiplier(0, "lower")).toEqual(rational(1287, 100)); // 2: only a 2
    expect(hiloStepMultiplier(0, "higher")).toEqual(rational(99, 100)); // always wins
    expect(hiloStepMultiplier(24, "higher")).toEqual(rational(99 * 13, 100 * 7)); // 8: 8…A
  });

  it("returns exactly 99 % per step for every card and guess on the infinite deck", () => {
    for (let card = 0; card < 52; card++) {
      for (const guess of ["higher", "lower"] as const) {
        const winners = Array.from({ length: 52 }, (_, next) => next).filter((next) =>
          guess === "higher" ? next >> 2 >= card >> 2 : next >> 2 <= card >> 2,
        );
        expect(winners.every((next) => hiloWins(card, next, guess))).toBe(true);
        expect(winners.length).toBe(
          Array.from({ length: 52 }, (_, n) => n).filter((n) => hiloWins(card, n, guess)).length,
        );
        const m = hiloStepMultiplier(card, guess);
        // (winners / 52) × m = 99 / 100
        expect(BigInt(winners.length) * m.num * 100n).toBe(99n * 52n * m.den);
      }
    }
  });
});
