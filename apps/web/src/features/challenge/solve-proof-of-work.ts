import type { ChallengeAction } from "@fre/shared";
import { createWidget, loadWidget } from "./load-widget";

/**
 * Solves a challenge without showing anything (the widget's invisible mode): the dashboard's
 * first mining start, by someone who already proved a human at sign-up (decision 0044).
 * Resolves with the payload to send in `X-Altcha`.
 */
export async function solveProofOfWork(action: ChallengeAction, language: string): Promise<string> {
  await loadWidget(language);
  const host = document.createElement("div");
  host.hidden = true;
  document.body.append(host);
  try {
    const widget = await createWidget(host, action, language, { display: "invisible" });
    const result = await widget.verify();
    if (!result?.payload) throw new Error("proof of work not solved");
    return result.payload;
  } finally {
    host.remove();
  }
}

/**
 * Loads the widget's code (its JS, CSS and worker) once the browser is idle, so that a first
 * mining start's tap does not fetch it and restyle the page for its stylesheet (issue 36: the
 * tap's next paint). Returns a cancel for an effect's cleanup.
 */
export function warmProofOfWork(language: string): () => void {
  const warm = () => void loadWidget(language).catch(() => undefined);
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(warm, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(warm, 1_000);
  return () => window.clearTimeout(timer);
}
