import { matchPaytable, type SlotMachine } from "@fre/shared";

/**
 * Where the reels rest before any spin (and after a reload or a refused spin): stops on which the
 * game's own paytable rule (matchPaytable) pays nothing, so an idle machine never shows a win
 * nobody played. The first such line in a fixed walk over the strips, preferring one whose
 * symbols all differ (not even a near miss); null only for a machine where every line pays.
 */
export function idleStops(machine: SlotMachine): number[] | null {
  const lengths = machine.reels.map((strip) => strip.length);
  if (lengths.some((length) => length === 0)) return null;
  let fallback: number[] | null = null;
  const stops = lengths.map(() => 0);
  for (;;) {
    if (!matchPaytable(machine, stops)) {
      const symbols = stops.map((stop, i) => machine.reels[i]?.[stop]);
      if (new Set(symbols).size === symbols.length) return [...stops];
      fallback ??= [...stops];
    }
    // The next combination, the last reel turning fastest; past the last one, the walk is over.
    let reel = stops.length - 1;
    while (reel >= 0 && stops[reel] === (lengths[reel] ?? 0) - 1) stops[reel--] = 0;
    if (reel < 0) return fallback;
    stops[reel] = (stops[reel] ?? 0) + 1;
  }
}
