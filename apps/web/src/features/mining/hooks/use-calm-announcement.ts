import { useEffect, useRef, useState } from "react";

/**
 * Text for a polite live region that changes at most once per `intervalMs` (a counter that
 * moves every 2 s would otherwise talk over everything), except when `key` changes (a new
 * phase is announced at once).
 */
export function useCalmAnnouncement(text: string, key: string, intervalMs: number): string {
  const [announced, setAnnounced] = useState(text);
  const latest = useRef(text);
  latest.current = text;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key restarts the rhythm on purpose
  useEffect(() => {
    setAnnounced(latest.current);
    const timer = window.setInterval(() => setAnnounced(latest.current), intervalMs);
    return () => window.clearInterval(timer);
  }, [key, intervalMs]);

  return announced;
}
