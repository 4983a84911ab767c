import { type ChildProcess, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { selfSignedCertificate } from "../apps/server/test/fake-push-service.ts";
import { startE2eFakeTelegram } from "./fake-telegram.ts";
import { solvedChallenge } from "./proof-of-work.ts";
import { freePort, root, startServer, stop, waitHealthy } from "./server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    adminCode: string;
    /** Key and certificate of the e2e's local push service, trusted by the server. */
    pushTls: { keyPath: string; certPath: string };
  }
}

export const ADMIN = { email: "admin@fre.test", password: "Adm1n!pass", nickname: "Admin" };
const ADMIN_CODE = "e2e-admin-code";
/** The e2e server's Telegram bot (e2e/telegram.test.ts signs Mini App launches with it). */
export const E2E_TELEGRAM_BOT_TOKEN = "123456789:AAe2e-token-for-telegram-mini-app-00000";

/**
 * Serves the production build with the real server (as `npm start` does) on a fresh embedded
 * database, after creating an admin through the README's own `npm run admin -- promote`.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "apps/web/dist/index.html"))) {
    // vitest sets NODE_ENV=test, which would make Vite build a development bundle.
    execFileSync("npm", ["run", "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), "fre-e2e-"));
  // The push tests run a local push service (the browser vendor's one is out of reach); the
  // server trusts its throw-away certificate, as it trusts the real services' public CAs.
  // Its files live in the data directory, removed with it at teardown.
  const tls = selfSignedCertificate();
  const keyPath = join(dataDir, "push-key.pem");
  const certPath = join(dataDir, "push-cert.pem");
  writeFileSync(keyPath, tls.key, { mode: 0o600 });
  writeFileSync(certPath, tls.cert);
  // The bot's Bot API is a local fake (channel tasks ask it getChatMember, reminders reach it).
  const telegram = await startE2eFakeTelegram(E2E_TELEGRAM_BOT_TOKEN);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseURL,
    DATABASE_URL: `pglite:${join(dataDir, "db")}`,
    ADMIN_DEFAULT_ACCESS_CODE: ADMIN_CODE,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_MAX: "10000",
    RATE_LIMIT_MAX: "100000",
    // One user opens every screen in five languages within a minute or two (layout-languages):
    // on a fast run that is more than a person's 600 requests a minute, and the language change
    // between two rounds was refused (429). The default limits have their own server in
    // shared-address.test.ts.
    USER_RATE_LIMIT_MAX: "100000",
    // Shop payments are read every second (5 s by default) so the shop e2e waits less.
    TON_POLL_MS: "1000",
    NODE_EXTRA_CA_CERTS: certPath,
    // The local push service listens on 127.0.0.1 at a port chosen when the push test starts:
    // push endpoints must otherwise be public addresses on port 443.
    PUSH_ENDPOINT_ALLOW: "127.0.0.1",
    // The tests make their own data; demo miners and the welcome message would change the pages.
    DEMO_CONTENT: "off",
    // Telegram sign-in on (e2e/telegram.test.ts): elsewhere it shows nothing outside Telegram.
    TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_BOT_TOKEN,
    TELEGRAM_API_URL: telegram.apiURL,
    // Sign-ups and first starts carry a real proof of work (the widget in Chromium, altcha-lib's
    // solver for API helpers), at the default difficulty (decision 0044).
    PROOF_OF_WORK: "on",
  };

  let server: ChildProcess | undefined;
  const teardown = async () => {
    if (server) await stop(server);
    await telegram.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // 1. Create the admin account through the API, then stop (PGlite allows one process).
    server = startServer(env);
    await waitHealthy(baseURL, server);
    const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify({
        ...ADMIN,
        name: ADMIN.nickname,
        altcha: await solvedChallenge(baseURL, "sign-up"),
      }),
    });
    if (!signUp.ok) throw new Error(`admin sign-up failed: ${await signUp.text()}`);
    await stop(server);
    execFileSync(
      process.execPath,
      ["--import", "tsx", "apps/server/src/cli/admin.ts", "promote", ADMIN.email],
      {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: "pipe",
      },
    );

    // 2. Serve for the tests.
    server = startServer(env);
    await waitHealthy(baseURL, server);
    project.provide("baseURL", baseURL);
    project.provide("adminEmail", ADMIN.email);
    project.provide("adminPassword", ADMIN.password);
    project.provide("adminCode", ADMIN_CODE);
    project.provide("pushTls", { keyPath, certPath });
    project.provide("telegramControlURL", telegram.controlURL);
  } catch (error) {
    // A failed start leaves nothing behind either.
    await teardown();
    throw error;
  }

  return teardown;
}
