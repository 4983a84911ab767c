import { describe, expect, it } from "vitest";
import { diceTargetText, hiloGuessLabel, parseDiceTarget } from "./games-logic";

// Issue 34 point 12: Hi-Lo names the rule that paid an equal card; Dice writes its target the
// French way once the slider has moved it.
describe("Hi-Lo: the label under a drawn card", () => {
  it("an equal card says it was paid as « or same », a higher or lower one says its guess", () => {
    expect(hiloGuessLabel("7♠", "7♥", "higher")).toBe("higherSame");
    expect(hiloGuessLabel("7♠", "7♥", "lower")).toBe("lowerSame");
    expect(hiloGuessLabel("7♠", "9♥", "higher")).toBe("higher");
    expect(hiloGuessLabel("7♠", "2♥", "lower")).toBe("lower");
    expect(hiloGuessLabel("7♠", "7♥", "skip")).toBe("skip");
    expect(hiloGuessLabel("7♠", "7♥", undefined)).toBe("skip");
  });
});

describe("Dice: the target the slider writes", () => {
  it("has a decimal comma in French and reads back", () => {
    expect(diceTargetText(50.5, "fr")).toBe("50,5");
    expect(diceTargetText(12.34, "fr")).toBe("12,34");
    expect(diceTargetText(50, "fr")).toBe("50");
    expect(diceTargetText(50.5, "en")).toBe("50.5");
    expect(parseDiceTarget(diceTargetText(12.34, "fr"))).toBe(12.34);
  });
});
