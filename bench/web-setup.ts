/**
 * What the browser benches share (bench/web.ts, bench/inp.ts): the real server on an embedded
 * database in a folder of their own, and signed-up users with a verified e-mail, made through
 * the API as a person's browser would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "..");

export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => done(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The environment the benches' server runs with (`extra` wins). */
export function serverEnv(
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `pglite:${dataDir}`,
    LOG_LEVEL: "warn",
    // Cold loads of ~60 requests each from one address: not what the limit is for.
    RATE_LIMIT_MAX: "100000",
    AUTH_RATE_LIMIT_MAX: "10000",
    // The outbox is read through /api/dev/outbox to verify the bench users' e-mail.
    MAIL_TRANSPORT: "outbox",
    DEV_ROUTES: "true",
    ...extra,
  };
}

/**
 * Starts `apps/server/src/server.ts` and waits for its health check. `prefix` runs it under
 * another command (bench/inp.ts: `faketime -f +25h`).
 */
export async function startServer(
  port: number,
  dataDir: string,
  options: { env?: Record<string, string>; prefix?: string[] } = {},
): Promise<ChildProcess> {
  const command = [...(options.prefix ?? []), process.execPath];
  const [program = process.execPath, ...before] = command;
  const child = spawn(program, [...before, "--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: serverEnv(port, dataDir, options.env),
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error("server did not start");
}

/** SIGTERM, and waits for the process to exit (PGlite allows one process on its folder). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** `name=value` pairs of a response's Set-Cookie headers, merged into `jar`. */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** A client of the API that keeps its cookies, as a browser does. */
export function apiClient(origin: string) {
  const jar = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}${path}`, {
      redirect: "manual",
      ...init,
      headers: {
        origin,
        "content-type": "application/json",
        ...(jar.size > 0 ? { cookie: cookieHeader(jar) } : {}),
        ...init.headers,
      },
    });
    keepCookies(jar, response);
    return response;
  };
  return { jar, call };
}

let counter = 0;

/**
 * Signs up a new user through the API and verifies its e-mail through the dev outbox; returns
 * its client (signed in) and its credentials.
 */
export async function verifiedUser(origin: string, prefix = "bench") {
  counter += 1;
  const client = apiClient(origin);
  const id = `${prefix}${Date.now().toString(36)}${counter}`;
  const email = `${id}@example.com`;
  const nickname = id.slice(-20);
  const password = "Str0ng!pass";
  const signUp = await client.call("/api/auth/sign-up/email", {
    method: "POST",
    body: JSON.stringify({ email, password, name: nickname, nickname }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  let link: string | undefined;
  for (let i = 0; i < 40 && !link; i++) {
    const mails = (await (
      await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`)
    ).json()) as { text: string }[];
    link = mails[0]?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 250));
  }
  if (!link) throw new Error("no verification mail in the outbox");
  const verify = new URL(link);
  const verified = await client.call(verify.pathname + verify.search);
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  return { ...client, email, password, nickname };
}

/**
 * Makes `client`'s user look like a daily user's browser: the team's messages read and the
 * cookie choice made long ago (no banner), and the view facts the app writes on a signed-in
 * page (its language, time zone and push offer: apps/server/src/web-render.ts) in its jar.
 */
export async function settleAsDailyUser(client: ReturnType<typeof apiClient>): Promise<void> {
  const { call, jar } = client;
  const global = (await (await call("/api/messages/global")).json()) as {
    message?: { revision?: number } | null;
  };
  if (global.message?.revision !== undefined) {
    await call("/api/messages/global/read", {
      method: "POST",
      body: JSON.stringify({ revision: global.message.revision }),
    });
  }
  await call("/api/messages/information/read", { method: "POST", body: "{}" });
  const consent = await call("/api/me", {
    method: "PATCH",
    body: JSON.stringify({
      cookieConsent: { necessary: true, functional: false, analytics: false, advertising: false },
    }),
  });
  if (!consent.ok) throw new Error(`not signed in: ${consent.status} ${await consent.text()}`);
  const facts = new URLSearchParams({
    l: "fr",
    z: Intl.DateTimeFormat().resolvedOptions().timeZone,
    p: "1",
  });
  jar.set("fre_view", encodeURIComponent(facts.toString()));
}

/**
 * A signed-up user with a verified e-mail, a mining session running and the messages read;
 * returns the session cookie (bench/web.ts's signed-in screens).
 */
export async function signedInUser(origin: string): Promise<string> {
  const client = await verifiedUser(origin);
  const started = await client.call("/api/mining/start", { method: "POST", body: "{}" });
  if (!started.ok)
    throw new Error(`mining start failed: ${started.status} ${await started.text()}`);
  await settleAsDailyUser(client);
  return cookieHeader(client.jar);
}

/**
 * `--busy`: a background CPU load of one core (a busy loop in a child process) for as long as
 * the bench runs, to show the figures of a phone or a machine with other work (issue 36 point 3).
 * Returns its stop.
 */
export function startBusyCore(): () => void {
  const child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  return () => void child.kill("SIGKILL");
}

/** The 1-minute load average with the machine's core count, for a bench's header lines. */
export const loadLine = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} (1, 5, 15 min) on ${availableParallelism()} cores`;
