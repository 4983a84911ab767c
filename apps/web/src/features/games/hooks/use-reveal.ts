import { useEffect, useRef, useState } from "react";
import { type GameSound, play } from "../sound";

export const prefersReducedMotion = () =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * How many of `total` items of the server's answer `key` are shown yet: one more every
 * `stepMs`, or all at once when the user asks for reduced motion. A new key starts over
 * (from its first render: the previous answer's count never shows with the new key).
 */
export function useReveal(key: string | null, total: number, stepMs: number): number {
  const [state, setState] = useState<{ key: string | null; shown: number }>({
    key: null,
    shown: 0,
  });
  const immediate = prefersReducedMotion() || stepMs <= 0;
  useEffect(() => {
    if (key === null || immediate) return;
    setState({ key, shown: 0 });
    let count = 0;
    const timer = window.setInterval(() => {
      count += 1;
      setState({ key, shown: count });
      if (count >= total) window.clearInterval(timer);
    }, stepMs);
    return () => window.clearInterval(timer);
  }, [key, total, stepMs, immediate]);
  if (key === null) return 0;
  if (immediate) return total;
  return state.key === key ? state.shown : 0;
}

/**
 * The sounds of a reveal: a tick for each item shown, then `outcome` once everything is (so
 * under reduced motion, where all shows at once, only the outcome sounds, once).
 */
export function useRevealSound(
  key: string | null,
  shown: number,
  total: number,
  outcome: GameSound | null,
): void {
  const heard = useRef<{ key: string | null; shown: number }>({ key: null, shown: 0 });
  useEffect(() => {
    if (key === null) {
      heard.current = { key: null, shown: 0 };
      return;
    }
    const before = heard.current.key === key ? heard.current.shown : 0;
    if (shown <= before) return;
    heard.current = { key, shown };
    if (shown < total) play("tick");
    else if (outcome) play(outcome);
  }, [key, shown, total, outcome]);
}

/** While `active`, an index that moves every `stepMs` (still under reduced motion). */
export function useTicker(active: boolean, stepMs: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), stepMs);
    return () => window.clearInterval(timer);
  }, [active, stepMs]);
  return tick;
}
