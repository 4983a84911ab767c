/**
 * A squad week in words: its first and last day (`startsAt` inclusive, `endsAt` exclusive, the
 * leagues' UTC weeks), as « 30 nov. » and « 6 déc. » — not the ISO name `2026-W49`.
 */
export function weekSpan(
  week: { startsAt: string; endsAt: string },
  language: string,
): { from: string; to: string } {
  const day = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const lastDay = new Date(new Date(week.endsAt).getTime() - 86_400_000);
  return { from: day.format(new Date(week.startsAt)), to: day.format(lastDay) };
}
