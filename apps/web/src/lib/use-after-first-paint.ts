import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has painted it: parts of a screen that are
 * not its content (pop-ups, the live connection, the install agent) render in a task of their
 * own after the page shows, instead of lengthening the first one.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
