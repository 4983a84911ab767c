/**
 * "31/12/2026" (the French order the console's date fields take) → "2026-12-31" (what the API
 * takes); undefined for an empty field, null for one that is no real day.
 */
export function dayFromFrench(text: string): string | undefined | null {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!match) return null;
  const [, d = "", m = "", y = ""] = match;
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}
