import { useEffect, useState } from "react";

export const prefersReducedMotion = () =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * How many of `total` items of the server's answer `key` are shown yet: one more every
 * `stepMs`, or all at once when the user asks for reduced motion. A new key starts over.
 */
export function useReveal(key: string | null, total: number, stepMs: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (key === null) {
      setShown(0);
      return;
    }
    if (prefersReducedMotion() || stepMs <= 0) {
      setShown(total);
      return;
    }
    setShown(0);
    let count = 0;
    const timer = window.setInterval(() => {
      count += 1;
      setShown(count);
      if (count >= total) window.clearInterval(timer);
    }, stepMs);
    return () => window.clearInterval(timer);
  }, [key, total, stepMs]);
  return shown;
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
