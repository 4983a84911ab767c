/**
 * Entry: when index.html shows the build-time landing, let the browser paint it first, then
 * bring the app in piece by piece (each library evaluates in its own task, so the page
 * stays responsive) before hydrating. Otherwise start at once.
 */
import "./index.css";

const prerenderShown =
  document.getElementById("root")?.hasAttribute("data-prerendered") === true &&
  !document.documentElement.classList.contains("no-prerender");

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function startInSteps() {
  await new Promise((resolve) => requestAnimationFrame(resolve));
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

if (prerenderShown) void startInSteps();
else void import("./start");
