import { useEffect, useState } from "react";
import { copyText } from "../../../lib/clipboard";

export type CopyState = "idle" | "copied" | "failed";

/** Copy with a confirmation that fades back to idle after 2 s. */
export function useCopy(): [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  return [
    state,
    (text) =>
      void copyText(text).then(
        () => setState("copied"),
        () => setState("failed"),
      ),
  ];
}
