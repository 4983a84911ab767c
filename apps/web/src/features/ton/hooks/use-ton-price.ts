import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { tonPriceQueryOptions } from "../api/ton-api";
import { type TonPriceView, tonPriceView } from "../ton-price";

/** The TON price as the screens show it; a failed load reads as "unavailable". */
export function useTonPrice(): { view: TonPriceView; loading: boolean } {
  const query = useQuery(tonPriceQueryOptions());
  return { view: tonPriceView(query.data), loading: query.isPending };
}

/** The time now, moved every `everyMs`: an age on screen ("il y a 3 min") keeps counting. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
