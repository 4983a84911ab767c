import type { PaytableLine, SlotMachine } from "@fre/shared";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatFreColumn } from "../../../lib/fre-amount";
import { sortedPaytable } from "../games-logic";
import { useReveal, useTicker } from "../hooks/use-reveal";
import { idleStops } from "../idle-reels";
import { useMultiplier } from "./game-ui";

/** How a symbol looks on a reel; its name is read from the catalog. */
const GLYPHS: Record<string, string> = {
  FRE: "FRE",
  seven: "7",
  bar: "BAR",
  bell: "🔔",
  plum: "🟣",
  orange: "🍊",
  lemon: "🍋",
  cherry: "🍒",
};

const SYMBOL_KEYS = ["FRE", "seven", "bar", "bell", "plum", "orange", "lemon", "cherry"] as const;
type SymbolKey = (typeof SYMBOL_KEYS)[number];
const isSymbol = (s: string): s is SymbolKey => (SYMBOL_KEYS as readonly string[]).includes(s);

export function useSymbolName() {
  const { t } = useTranslation("games");
  return (symbol: string) =>
    symbol === "*" ? t("symbols.any") : isSymbol(symbol) ? t(`symbols.${symbol}`) : symbol;
}

export function SymbolGlyph({ symbol }: { symbol: string }) {
  const name = useSymbolName()(symbol);
  return (
    <span role="img" aria-label={name} title={name}>
      {symbol === "*" ? "•" : (GLYPHS[symbol] ?? symbol)}
    </span>
  );
}

/**
 * Three reels: they roll while the server decides, then stop one after another on the
 * symbols of its answer (at once under reduced motion). Before any spin they rest on a line
 * the paytable does not pay (idle-reels.ts).
 */
export function Reels({
  machine,
  symbols,
  spinKey,
  spinning,
}: {
  machine: SlotMachine;
  symbols: string[] | undefined;
  spinKey: string | null;
  spinning: boolean;
}) {
  const { t } = useTranslation("games");
  const { reels } = machine;
  const stopped = useReveal(spinKey, reels.length, 350);
  const rolling = spinning || (spinKey !== null && stopped < reels.length);
  const tick = useTicker(rolling, 90);
  const rest = useMemo(() => idleStops(machine), [machine]);
  const idle = !rolling && symbols === undefined && rest !== null;
  const idleLine = idle ? reels.map((strip, i) => strip[rest[i] ?? 0] ?? "") : null;
  return (
    <section
      aria-label={t("slot.reels")}
      aria-busy={spinning}
      data-testid="games-reels"
      data-stopped={symbols && stopped >= reels.length ? symbols.join(",") : ""}
      data-idle={idleLine ? idleLine.join(",") : ""}
      className="grid grid-cols-3 gap-2"
    >
      {reels.map((strip, i) => {
        const settled = symbols !== undefined && !spinning && i < stopped;
        const symbol = settled
          ? (symbols[i] ?? "")
          : (idleLine?.[i] ?? strip[(tick + i * 7) % strip.length] ?? strip[0] ?? "");
        return (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a reel is its position
            key={i}
            className={`flex h-24 items-center justify-center rounded-2xl border text-3xl font-black ${
              settled
                ? "border-amber-300/60 bg-night-800 text-amber-200 motion-safe:animate-rise"
                : "border-night-600 bg-night-900 text-slate-400 motion-safe:blur-[1px]"
            }`}
          >
            <SymbolGlyph symbol={symbol} />
          </div>
        );
      })}
    </section>
  );
}

/**
 * A machine's published paytable, the jackpot and largest prizes first: FRE amounts (free slot,
 * lined up to the same digits) or multipliers of the bet.
 */
export function Paytable({
  lines,
  unit,
  title,
}: {
  lines: readonly PaytableLine[];
  unit: "fre" | "multiplier";
  title: string;
}) {
  const { t, i18n } = useTranslation("games");
  const multiplier = useMultiplier();
  const sorted = sortedPaytable(lines);
  // The jackpot line holds no amount: "0" leaves the column's digits as the others set them.
  const amounts = formatFreColumn(
    sorted.map((line) => (line.prize === "jackpot" ? "0" : line.prize)),
    i18n.language,
    "exact",
  );
  const prizeOf = (line: PaytableLine, index: number) => {
    if (line.prize === "jackpot") return { text: t("fre.jackpotLine"), title: undefined };
    if (unit === "fre") return { text: `${amounts[index]} FRE`, title: undefined };
    const shown = multiplier(line.prize);
    return { text: `×${shown.text}`, title: shown.title };
  };
  return (
    <details className="rounded-2xl border border-night-700 bg-night-850 p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-100">{title}</summary>
      <table className="mt-3 w-full text-left">
        <thead>
          <tr className="text-xs text-slate-400">
            <th scope="col">{t("slot.line")}</th>
            <th scope="col">{t("slot.prizeColumn")}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((line, index) => {
            const prize = prizeOf(line, index);
            return (
              <tr key={line.symbols.join(",")} className="border-t border-night-700">
                <td className="py-1">
                  <span className="inline-flex gap-2">
                    {line.symbols.map((symbol, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a reel is its position
                      <SymbolGlyph key={i} symbol={symbol} />
                    ))}
                  </span>
                </td>
                <td className="py-1 tabular-nums text-slate-100" title={prize.title}>
                  {prize.text}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
