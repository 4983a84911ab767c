/**
 * One ad drawn by weight: an ad of weight 30 shows three times as often as one of weight 10.
 * `random` is in [0, 1) (Math.random by default); null when there is nothing to draw.
 */
export function pickWeighted<T extends { weight: number }>(
  items: readonly T[],
  random: () => number = Math.random,
): T | null {
  const usable = items.filter((item) => Number.isFinite(item.weight) && item.weight > 0);
  const total = usable.reduce((sum, item) => sum + item.weight, 0);
  if (total <= 0) return null;
  let point = random() * total;
  for (const item of usable) {
    point -= item.weight;
    if (point < 0) return item;
  }
  return usable.at(-1) ?? null;
}

/** Click-through rate in percent (clicks per impression), or null before any impression. */
export function clickThroughRate(counts: { impressions: number; clicks: number }): number | null {
  if (counts.impressions <= 0) return null;
  return (counts.clicks / counts.impressions) * 100;
}

/** `<input type="datetime-local">`'s value for an instant, in the device's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The instant a `datetime-local` value names on this device, as ISO (null when incomplete). */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
