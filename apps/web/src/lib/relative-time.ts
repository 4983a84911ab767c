import { formatDate, relativeTimeFormat } from "./format";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "à l'instant" … "il y a 3 h" … then the date: recent things read best as a distance. */
export function formatRelative(iso: string, nowMs: number, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const elapsed = Math.max(0, nowMs - at);
  const relative = relativeTimeFormat(language);
  if (elapsed < MINUTE) return relative.format(0, "second");
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return formatDate(at, language);
}
