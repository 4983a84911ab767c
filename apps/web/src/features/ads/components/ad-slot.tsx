import type { AdPlacement } from "@fre/shared";
import { Component, lazy, type ReactNode, Suspense } from "react";
import { useAfterFirstPaint } from "../../../lib/use-after-first-paint";

// The banner, its query and its catalog load only where a slot is shown, after the screen has
// painted: nothing of it reaches the landing's entry or the first render of the dashboard.
const AdBanner = lazy(() => import("./ad-banner").then((m) => ({ default: m.AdBanner })));

/** An ad that cannot load (chunk, catalog) is no ad: the screen around it stays. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Where a screen may show a first-party ad; renders nothing until (and unless) there is one. */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  const painted = useAfterFirstPaint();
  if (!painted) return null;
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <AdBanner placement={placement} />
      </Suspense>
    </QuietBoundary>
  );
}
