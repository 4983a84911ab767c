import { Component, lazy, type ReactNode, Suspense } from "react";
import { useAfterFirstPaint } from "../../../lib/use-after-first-paint";

// The card, its query and its catalog load after the dashboard has painted (the server draws the
// dashboard without them); its place is kept at the card's height, so nothing below it moves.
// From the page's module: the feature is one chunk (one entry in the landing's route table).
const DailyCard = lazy(() =>
  import("../routes/daily-page").then((m) => ({ default: m.DailyCard })),
);

/** A card that cannot load (chunk, catalog) leaves its empty place, not a broken screen. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const placeholder = (
  <div aria-hidden="true" className="min-h-44 rounded-3xl border border-night-700 bg-night-850" />
);

/** The dashboard's daily reward card, rendered after the first paint in a reserved place. */
export function DailyCardSlot() {
  const painted = useAfterFirstPaint();
  if (!painted) return placeholder;
  return (
    <QuietBoundary>
      <Suspense fallback={placeholder}>
        <DailyCard />
      </Suspense>
    </QuietBoundary>
  );
}
