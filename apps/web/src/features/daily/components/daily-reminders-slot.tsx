import { lazy, Suspense } from "react";

const DailyRemindersSection = lazy(() =>
  import("../routes/daily-page").then((m) => ({ default: m.DailyRemindersSection })),
);

/** The reminder switch for the profile screen, in its own chunk with the daily catalog. */
export function DailyRemindersSlot() {
  return (
    <Suspense fallback={<div aria-hidden="true" className="min-h-24" />}>
      <DailyRemindersSection />
    </Suspense>
  );
}
