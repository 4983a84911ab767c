import type { FeatureId } from "@fre/shared";
import type { ReactNode } from "react";
import { useFeatures } from "../hooks/use-features";
import { FeatureUnavailable } from "./feature-unavailable";

/**
 * A switched-off feature's screens say so instead of failing on their first request; the
 * screen comes back by itself when the feature is switched on (the switches are polled). Until
 * the switches are known the screen shows as usual: they are almost always on.
 */
export function FeatureGuard({ feature, children }: { feature: FeatureId; children: ReactNode }) {
  const { data } = useFeatures();
  if (data && !data[feature]) return <FeatureUnavailable feature={feature} />;
  return children;
}
