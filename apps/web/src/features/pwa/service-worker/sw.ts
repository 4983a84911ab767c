/**
 * The service worker, served as /sw.js (scope /). Built by the `fre-service-worker` plugin in
 * vite.config.ts, which strips the types and prepends `SW_VERSION` (a hash of the build) and
 * `SW_PRECACHE` (the app shell: index.html, the offline page, the icons and the hashed
 * assets of the entry and the signed-in routes — never admin screens or a wallet widget).
 *
 * - navigations to the app's screens: the precached index.html of this version at once (the
 *   app shell: the same file for everyone, no personal data), the network if it is missing;
 *   the browser checks /sw.js after each navigation, so a new deployment installs in the
 *   background and the app offers to reload into it ("new version available");
 * - other navigations (files): network first; offline, the offline page (translated by
 *   /offline.js);
 * - /assets/* and the precached shell files: cache first (hashed or versioned with this
 *   worker), hashed assets filled as they are fetched;
 * - /api/* and anything else: straight to the network, never cached (personal data);
 * - push: shows `{type, title, message, target}` (spec §9: vibration 200/100/200, stays
 *   until dismissed, one notification per type) and opens its target when clicked.
 *
 * It runs in a ServiceWorkerGlobalScope; the app's tsconfig only has the DOM library, so the
 * few worker types used here are declared below.
 */

declare const SW_VERSION: string;
declare const SW_PRECACHE: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}
/** Options Chromium honours that lib.dom no longer lists. */
interface PushNotificationOptions extends NotificationOptions {
  renotify?: boolean;
  vibrate?: number[];
}

const sw = self as unknown as WorkerScope;
const CACHE_PREFIX = "fre-shell-";
const CACHE = `${CACHE_PREFIX}${SW_VERSION}`;
const OFFLINE_PAGE = "/offline.html";
const APP_SHELL = "/index.html";

sw.addEventListener("install", (event) => {
  // A new version waits until the app asks it to take over ("new version available").
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SW_PRECACHE)));
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") void sw.skipWaiting();
});

async function fromThisVersion(path: string | Request): Promise<Response | undefined> {
  return (await caches.open(CACHE)).match(path);
}

async function networkFirstNavigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

/** A screen of the app (not a file, not the API): answered by the shell of this version. */
function isAppScreen(url: URL): boolean {
  const last = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  return !last.includes(".") && url.pathname !== "/metrics";
}

async function appShell(request: Request): Promise<Response> {
  return (await fromThisVersion(APP_SHELL)) ?? networkFirstNavigation(request);
}

async function cacheFirst(request: Request, path: string): Promise<Response> {
  const cached = await fromThisVersion(path);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && path.startsWith("/assets/")) {
    const copy = response.clone();
    void caches.open(CACHE).then((cache) => cache.put(path, copy));
  }
  return response;
}

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname === "/sw.js") return;
  if (request.mode === "navigate") {
    event.respondWith(isAppScreen(url) ? appShell(request) : networkFirstNavigation(request));
    return;
  }
  // Hashed assets and the shell files of this version (boot.js, icons, offline page…).
  if (url.pathname.startsWith("/assets/") || SW_PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, url.pathname));
  }
});

interface PushPayload {
  type?: string;
  title?: string;
  message?: string;
  target?: string;
}

/** The app's home is /dashboard; "/" (the spec's target for mining and most types) goes there. */
function appPath(target: unknown): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) {
    return "/dashboard";
  }
  return target === "/" ? "/dashboard" : target;
}

sw.addEventListener("push", (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = { message: event.data?.text() };
  }
  const options: PushNotificationOptions = {
    body: payload.message ?? "",
    tag: payload.type ?? "fre",
    renotify: true,
    requireInteraction: true,
    vibrate: [200, 100, 200],
    data: { target: appPath(payload.target) },
    icon: "/icons/icon-192.png",
    badge: "/icons/badge-96.png",
    lang: "fr",
  };
  event.waitUntil(sw.registration.showNotification(payload.title ?? "FRE", options));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { target?: unknown } | null;
  const url = new URL(appPath(data?.target), sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((client) => client.url === url);
      if (same) {
        await same.focus();
        return;
      }
      const any = windows[0];
      if (any) {
        const focused = await any.focus();
        await focused.navigate(url).catch(() => sw.clients.openWindow(url));
        return;
      }
      await sw.clients.openWindow(url);
    })(),
  );
});
