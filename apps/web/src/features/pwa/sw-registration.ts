/**
 * Registers /sw.js (production builds only) and tracks a waiting new version, so the app can
 * offer "new version available". Registration is asked for by the signed-in layout once the
 * page has loaded, never by the landing's first paint.
 */

type Listener = () => void;

let registration: Promise<ServiceWorkerRegistration | null> | undefined;
let waiting: ServiceWorker | null = null;
const listeners = new Set<Listener>();

export const serviceWorkerSupported = () =>
  import.meta.env.PROD && typeof navigator !== "undefined" && "serviceWorker" in navigator;

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

function watch(reg: ServiceWorkerRegistration) {
  // A waiting worker only matters when another one already runs this page (an update).
  if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const installing = reg.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) {
        setWaiting(reg.waiting ?? installing);
      }
    });
  });
}

/** Registers the worker once; resolves to null where there is none (dev, old browsers). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return Promise.resolve(null);
  registration ??= navigator.serviceWorker
    .register("/sw.js", { scope: "/", updateViaCache: "none" })
    .then((reg) => {
      watch(reg);
      return reg;
    })
    .catch((error: unknown) => {
      console.warn("Service worker registration failed", error);
      return null;
    });
  return registration;
}

/** Registers after the page's load event and an idle moment. */
export function registerWhenLoaded(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return Promise.resolve(null);
  return new Promise((resolve) => {
    const go = () => {
      const idle =
        window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
      idle(() => resolve(registerServiceWorker()));
    };
    if (document.readyState === "complete") go();
    else window.addEventListener("load", go, { once: true });
  });
}

/** The registration if one exists already (this or an earlier visit); never registers. */
export async function existingRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!serviceWorkerSupported()) return null;
  if (registration) return registration;
  return (await navigator.serviceWorker.getRegistration("/")) ?? null;
}

/** Asks the server for a newer worker (e.g. when the tab comes back). */
export async function checkForUpdate(): Promise<void> {
  const reg = await registration;
  await reg?.update().catch(() => undefined);
}

export function subscribeWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getWaiting = () => waiting;

/** Lets the waiting worker take over, then reloads into the new version. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: "SKIP_WAITING" });
}
