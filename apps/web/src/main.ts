/**
 * Entry: let the browser paint what index.html already shows (the build-time landing, or the
 * app's frame on a signed-in screen, see public/boot.js), then bring the app in piece by
 * piece — each library evaluates in its own task, so the page stays responsive — and start.
 * On a signed-in screen the pieces are already on their way: boot.js preloaded them.
 */
import "./index.css";

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startInSteps() {
  // A frame first (none comes to a hidden tab: start at once there).
  if (document.visibilityState === "visible") {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  // Our own modules, not whole packages, so tree-shaking still applies.
  for (const load of [
    () => import("react-dom/client"),
    () => import("./lib/i18n"),
    () => import("./lib/session"),
    () => import("./app/router"),
  ]) {
    await nextTask();
    await load();
  }
  await nextTask();
  await import("./start");
}

startInSteps().catch((error: unknown) => {
  // The app's own code could not load (the network dropped before it came): try again once
  // the browser is back online.
  console.warn("FRE failed to start", error);
  window.addEventListener("online", () => window.location.reload(), { once: true });
});
