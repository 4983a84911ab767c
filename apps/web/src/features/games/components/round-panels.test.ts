import { describe, expect, it } from "vitest";
import { tileGlyph, tileLabel, tileTone } from "./round-panels";

const tile = { known: false, trap: false, picked: false, hit: false, playable: false };

describe("grid tiles", () => {
  it("colours the trap that ended the round, a trap, a safe pick, a safe tile, open, idle", () => {
    expect(tileTone({ ...tile, known: true, trap: true, picked: true, hit: true })).toContain(
      "bg-rose-700",
    );
    expect(tileTone({ ...tile, known: true, trap: true })).toContain("bg-rose-500/30");
    expect(tileTone({ ...tile, known: true, picked: true })).toContain("bg-emerald-400");
    expect(tileTone({ ...tile, known: true })).toContain("bg-emerald-500/20");
    expect(tileTone({ ...tile, playable: true })).toContain("bg-night-700");
    expect(tileTone(tile)).toContain("bg-night-800");
  });

  it("signs and names a tile by what is known of it", () => {
    expect(tileGlyph({ known: true, trap: true })).toBe("✕");
    expect(tileGlyph({ known: true, trap: false })).toBe("◆");
    expect(tileGlyph({ known: false, trap: true })).toBe("");
    expect(tileLabel("Case 3", null, "révélée")).toBe("Case 3, révélée");
  });
});
