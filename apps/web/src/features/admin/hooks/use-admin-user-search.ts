import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useDropElevationOn } from "../../../lib/admin-access";
import { adminUserSearchQueryOptions } from "../api/admin-user-search-api";

/** Typing pauses this long before a search is sent: one request per word, not per key. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Shorter than this, a text matches too many accounts to be worth a request. */
export const SEARCH_MIN_LENGTH = 2;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The users matching what is typed, once the typing pauses. */
export function useAdminUserSearch(text: string) {
  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const q = settled.length >= SEARCH_MIN_LENGTH ? settled : "";
  const query = useQuery(adminUserSearchQueryOptions(q));
  useDropElevationOn(query.error);
  return { q, query };
}
