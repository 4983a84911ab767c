import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, vi } from "vitest";
import { solvedChallenge } from "./proof-of-work.ts";

export const baseURL = () => inject("baseURL");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}

/**
 * What the TON Connect widget (on /wallet, /shop, /contest) logs here and nowhere else: this
 * sandbox has no Internet, so the public wallets list, the wallets' icons and their bridges fail
 * to resolve. The pages themselves are served from 127.0.0.1, so a name that does not resolve is
 * always a third party's. (Its iOS `ontouchstart=""` trick is allowed by the CSP's hash: a CSP
 * report is a failure again.)
 */
export const isOfflineWidgetNoise = (message: string) =>
  message.startsWith("[TON_CONNECT_SDK]") ||
  message === "Failed to load resource: net::ERR_NAME_NOT_RESOLVED";

export const REFUSED_CONSENT = {
  necessary: true,
  functional: false,
  analytics: false,
  advertising: false,
};

/**
 * A phone-sized context (390×844) whose console errors fail the test. `skipCookieBanner`
 * stores a decision before any page runs, so the banner never covers the page.
 */
export async function phone(
  browser: Browser,
  options: { locale?: string; skipCookieBanner?: boolean; userAgent?: string } = {},
) {
  const context: BrowserContext = await browser.newContext({
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    baseURL: baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? "fr-FR",
  });
  if (options.skipCookieBanner) await storeRefusedConsent(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // Expected API refusals (401 before sign-in, 4xx of negative tests) are logged by Chromium.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (isOfflineWidgetNoise(text)) return;
    errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * The file's Chromium, launched in a `beforeAll` and closed in an `afterAll` after every context
 * in `contexts`: `open` registers the phone it opens there, a test pushes any context it opens
 * itself. Called once at the top of a test file.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  const handle = {
    get browser(): Browser {
      if (!browser) {
        throw new Error(
          "useBrowser(): no browser before its beforeAll ran (use it in a hook or a test)",
        );
      }
      return browser;
    },
    contexts,
    /** A phone (see `phone`), the cookie decision stored unless told otherwise, closed at the end. */
    async open(options: Parameters<typeof phone>[1] = { skipCookieBanner: true }) {
      const opened = await phone(handle.browser, options);
      contexts.push(opened.context);
      return opened;
    },
  };
  return handle;
}

/** Stores a cookie decision before any page runs, so the banner never covers the page. */
async function storeRefusedConsent(context: BrowserContext) {
  await context.addInitScript((consent) => {
    try {
      if (!localStorage.getItem("fre.cookieConsent")) {
        localStorage.setItem("fre.cookieConsent", consent);
      }
    } catch {
      // about:blank has no storage
    }
  }, JSON.stringify(REFUSED_CONSENT));
}

/**
 * A phone-sized Chromium with a persistent profile, for service workers, installability and
 * push (Chromium reports every `browser.newContext()` as incognito, itself an installability
 * error). The cookie decision is stored; console errors are collected; `close` removes the
 * profile.
 */
export async function persistentPhone(prefix: string) {
  const profileDir = mkdtempSync(join(tmpdir(), `fre-${prefix}-`));
  const context = await chromium
    .launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
      baseURL: baseURL(),
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "fr-FR",
    })
    .catch((error: unknown) => {
      // No browser, no `close` to call: the profile goes now.
      rmSync(profileDir, { recursive: true, force: true });
      throw error;
    });
  await storeRefusedConsent(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !isOfflineWidgetNoise(message.text())) {
      errors.push(message.text());
    }
  });
  page.on("pageerror", (error) => errors.push(error.message));
  const close = async () => {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  };
  return { context, page, errors, close };
}

const SW_SCRIPT = () => `${baseURL()}/sw.js`;

/** The app's service worker as Playwright attached it (it may have been restarted since). */
function appWorker(context: BrowserContext) {
  const worker = context.serviceWorkers().find((w) => w.url() === SW_SCRIPT());
  if (!worker) throw new Error(`no service worker ${SW_SCRIPT()} attached`);
  return worker;
}

/** What the test's listeners in the app's service worker saw (see prepareWorker). */
interface WorkerReport {
  pushes: number;
  /** Each showNotification the worker called: still pending, shown, or failed (and why). */
  shows: { state: "pending" | "shown" | "failed"; error?: string }[];
}

/**
 * Waits until the app's service worker itself sees the notification permission granted (the
 * page seeing it is not enough: the worker, another process, learns of it later, and a push it
 * handles before then is lost — showNotification rejects), then watches it: a test-only push
 * listener beside the app's own handler counts the pushes, and its registration's
 * showNotification is wrapped to record what became of each call.
 */
async function prepareWorker(context: BrowserContext) {
  await vi.waitFor(
    async () => {
      // A worker stopped meanwhile rejects: the next attempt finds its successor.
      const permission = await appWorker(context).evaluate(() => {
        const scope = self as unknown as {
          report?: WorkerReport;
          registration: ServiceWorkerRegistration;
          addEventListener: typeof addEventListener;
        };
        if (scope.report === undefined) {
          const report: WorkerReport = { pushes: 0, shows: [] };
          scope.report = report;
          scope.addEventListener("push", () => {
            report.pushes += 1;
          });
          const registration = scope.registration;
          const show = registration.showNotification.bind(registration);
          registration.showNotification = (title, options) => {
            const call: WorkerReport["shows"][number] = { state: "pending" };
            report.shows.push(call);
            return show(title, options).then(
              () => {
                call.state = "shown";
              },
              (error: unknown) => {
                call.state = "failed";
                call.error = String(error);
                throw error;
              },
            );
          };
        }
        return Notification.permission;
      });
      if (permission !== "granted") throw new Error(`the worker sees permission ${permission}`);
    },
    { timeout: 30_000, interval: 100 },
  );
}

/** What the worker's test listeners saw; null when the worker restarted since. */
const workerReport = (context: BrowserContext) =>
  appWorker(context)
    .evaluate(() => (self as unknown as { report?: WorkerReport }).report ?? null)
    .catch(() => null);

async function shownNotifications(page: Page, timeout: number) {
  return vi.waitFor(
    async () => {
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          requireInteraction: n.requireInteraction,
          target: (n.data as { target?: string } | null)?.target,
        }));
      });
      if (shown.length === 0) throw new Error("the pushed notification was not shown");
      return shown;
    },
    { timeout, interval: 100 },
  );
}

/**
 * Hands a push message to the page's service worker through DevTools, as the browser does with
 * what its push service received, and returns the notifications the worker then shows. The
 * worker is first made to control the page, activated, running and aware of the permission.
 * DevTools' delivery itself is not the app: on a loaded machine Chromium has been seen to drop
 * it before any push event reached the worker (the worker, asked directly, showed a
 * notification fine), and the browser to refuse a notification while the worker's permission
 * settles. Only then is it delivered once more; a push that reached the worker twice and showed
 * nothing fails the test, with what the worker saw.
 */
export async function pushToServiceWorker(context: BrowserContext, page: Page, payload: unknown) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 30_000,
  });
  await page.waitForFunction(
    async () =>
      Notification.permission === "granted" &&
      (await navigator.permissions.query({ name: "notifications" })).state === "granted",
    null,
    { timeout: 30_000 },
  );
  const scopeURL = `${baseURL()}/`;
  const cdp = await context.newCDPSession(page);
  try {
    let registration: string | undefined;
    const versions = new Map<string, { registrationId: string; status: string; running: string }>();
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
      if (ours) registration = ours.registrationId;
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions: updated }) => {
      for (const v of updated) {
        versions.set(v.versionId, {
          registrationId: v.registrationId,
          status: v.status,
          running: v.runningStatus,
        });
      }
    });
    await cdp.send("ServiceWorker.enable");
    // A worker left idle may have been stopped: start it, and push only once it runs, activated.
    await cdp.send("ServiceWorker.startWorker", { scopeURL });
    const registrationId = await vi.waitFor(
      () => {
        const ready = [...versions.values()].some(
          (v) =>
            v.registrationId === registration &&
            v.status === "activated" &&
            v.running === "running",
        );
        if (!registration || !ready) {
          throw new Error(
            `service worker of ${scopeURL} not running: ${JSON.stringify([...versions.values()])}`,
          );
        }
        return registration;
      },
      { timeout: 30_000, interval: 100 },
    );
    await prepareWorker(context);
    const deliver = () =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: baseURL(),
        registrationId,
        data: JSON.stringify(payload),
      });
    await deliver();
    // The session stays attached until the notification shows.
    try {
      return await shownNotifications(page, 15_000);
    } catch {
      const report = await workerReport(context);
      const shows = report?.shows ?? [];
      // The handler ran and its notification is on its way (a loaded machine): give it longer.
      if (shows.some((call) => call.state !== "failed")) {
        return await shownNotifications(page, 30_000).catch((error: unknown) => {
          throw new Error(`${error}; the worker saw ${JSON.stringify(report)}`);
        });
      }
      // The browser refused it (the worker's permission not settled yet, seen under load), or
      // the push never reached the worker: delivered once more, once.
      console.warn(
        report && report.pushes > 0
          ? `showNotification failed (${shows.map((call) => call.error).join("; ")}): delivered once more`
          : "the push never reached the service worker: delivered once more",
      );
      await prepareWorker(context);
      await deliver();
      // A loaded machine (CI runs the API suites beside) can take seconds to run the handler.
      return await shownNotifications(page, 30_000).catch(async (error: unknown) => {
        throw new Error(`${error}; the worker saw ${JSON.stringify(await workerReport(context))}`);
      });
    }
  } finally {
    await cdp.detach();
  }
}

let counter = 0;
export function newUser(prefix = "e2e") {
  counter += 1;
  const id = `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
  return { email: `${id}@example.com`, password: "Str0ng!pass", nickname: id.slice(0, 20) };
}

export type User = ReturnType<typeof newUser>;

/** A sign-up body with a solved proof of work (the e2e server runs PROOF_OF_WORK=on). */
export async function signUpBody(user: User, extra: Record<string, unknown> = {}) {
  return {
    email: user.email,
    password: user.password,
    name: user.nickname,
    nickname: user.nickname,
    altcha: await solvedChallenge(baseURL(), "sign-up"),
    ...extra,
  };
}

/** The X-Altcha header a user's first-ever mining start through the API carries. */
export async function miningStartHeaders(): Promise<Record<string, string>> {
  return { "x-altcha": await solvedChallenge(baseURL(), "mining-start") };
}

/** Creates an account through the API, outside any browser (no session kept). */
export async function signUpViaApi(user: User): Promise<void> {
  const response = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL() },
    body: JSON.stringify(await signUpBody(user)),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/** Creates an account through the API inside `context`: its pages are then signed in. */
export async function signUpInContext(context: BrowserContext, user: User): Promise<void> {
  const response = await context.request.post("/api/auth/sign-up/email", {
    data: await signUpBody(user),
    headers: { origin: baseURL() },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** Signs in inside `context` through the API (no failed attempt is ever made here). */
export async function signInInContext(
  context: BrowserContext,
  email: string,
  password: string,
): Promise<void> {
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin: baseURL() },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Signs the seeded admin in inside `context` and elevates them with the access code. The e2e
 * files share one server and one admin, and the code's route allows 10 tries a minute per user:
 * when files running together pass that, the 429 is waited out as its Retry-After says.
 */
export async function elevateAdmin(context: BrowserContext): Promise<void> {
  await signInInContext(context, inject("adminEmail"), inject("adminPassword"));
  for (let attempt = 0; ; attempt++) {
    const granted = await context.request.post("/api/admin/access", {
      data: { code: inject("adminCode") },
      headers: { origin: baseURL() },
    });
    if (granted.status() !== 429 || attempt === 2) {
      expect(granted.status()).toBe(200);
      return;
    }
    const seconds = Number(granted.headers()["retry-after"] ?? "60");
    await new Promise((r) => setTimeout(r, Math.min(61, Math.max(1, seconds)) * 1000));
  }
}

/** Fills and submits /login (the page must already show the sign-in form). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** The pathname of the page, for guard assertions. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The profile as the page's session sees it. */
export async function me(page: Page): Promise<Record<string, unknown>> {
  const response = await page.request.get("/api/me");
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function outbox(email: string): Promise<Mail[]> {
  const response = await fetch(`${baseURL()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return (await response.json()) as Mail[];
}

export async function linkFromMail(email: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const mails = await outbox(email);
    const link = mails[0]?.text.match(pattern)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${email} matching ${pattern}`);
}

/**
 * axe: no serious or critical violation. Measured once the page's transitions have finished: a
 * colour caught half-way (a button just pressed, on a slow machine) is not the page's contrast.
 */
export async function expectAccessible(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== "running" ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

type BrowserHandle = ReturnType<typeof useBrowser>;

/** A phone signed up and verified through the e-mail link, on its dashboard. */
export async function verifiedPhone(chromium: BrowserHandle, prefix: string) {
  const opened = await chromium.open();
  const user = newUser(prefix);
  await signUpInContext(opened.context, user);
  const link = new URL(await linkFromMail(user.email, /https?:\/\/\S+verify-email\S+/));
  await opened.page.goto(link.pathname + link.search);
  await opened.page.waitForURL("**/dashboard");
  return opened;
}

/** Gives the player `amount` FRE through a one-use bonus code made by the seeded admin. */
export async function fundWithBonusCode(chromium: BrowserHandle, player: Page, amount: string) {
  const context = await chromium.browser.newContext({ baseURL: baseURL() });
  chromium.contexts.push(context);
  const admin = context.request;
  const origin = { origin: baseURL() };
  const signedIn = await admin.post("/api/auth/sign-in/email", {
    headers: origin,
    data: { email: inject("adminEmail"), password: inject("adminPassword") },
  });
  expect(signedIn.status()).toBe(200);
  const elevated = await admin.post("/api/admin/access", {
    headers: origin,
    data: { code: inject("adminCode") },
  });
  expect(elevated.status()).toBeLessThan(300);
  const code =
    `FD${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const created = await admin.post("/api/admin/bonus-codes", {
    headers: origin,
    data: { code, type: "fre", rewardValue: amount, durationHours: 24, maxUses: 1, isActive: true },
  });
  expect(created.status()).toBe(201);
  const redeemed = await player.request.post("/api/bonus-codes/redeem", {
    headers: origin,
    data: { code },
  });
  expect(redeemed.status()).toBe(200);
}

/**
 * A visit task in « Gagner », as a user does it: one tap opens the link in a new tab and starts
 * the clock, the second (once its seconds have passed) verifies; resolves once the card says
 * the reward was credited. Returns the task's card.
 */
export async function completeVisitTask(page: Page, taskId: string) {
  const card = page.getByTestId(`task-${taskId}`);
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    card.getByRole("link", { name: /Ouvrir le lien/ }).click(),
  ]);
  await tab.close();
  await page.waitForTimeout(2500);
  await card.getByRole("button", { name: "Vérifier" }).click();
  await card.getByText("Tâche accomplie : récompense créditée.").waitFor();
  return card;
}
