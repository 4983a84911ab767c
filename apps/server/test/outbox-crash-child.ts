/**
 * A server process for outbox-crash.test.ts: it opens a support ticket through the API (the mail
 * is recorded in the ticket's transaction), and its mailer never answers, so the delivery it
 * starts after the commit is still in flight when the test kills this process (SIGKILL).
 */
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import type { Mailer } from "../src/modules/mail/mail.transport.ts";

const PUBLIC_URL = "http://localhost:3000";
const say = (line: string) => process.stdout.write(`${line}\n`);

const mailer: Mailer = {
  kind: "outbox",
  async send(mail) {
    if (mail.text.includes("verify-email")) return;
    say(`SENDING ${mail.subject}`);
    await new Promise(() => {});
  },
  async close() {},
};

const database = await openDatabase(process.env.DATABASE_URL ?? "");
const built = await buildApp(
  loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL,
    LOG_LEVEL: "silent",
    ADMIN_DEFAULT_ACCESS_CODE: "default-admin-code",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    DATA_ENCRYPTION_KEY: "0f".repeat(32),
    WEB_DIST: "/nonexistent-web-dist",
    // The sign-up below is the test's set-up, not a proof of work (challenge.test.ts).
    PROOF_OF_WORK: "off",
  }),
  { database, mailer },
);
await built.app.ready();
// Alive until killed, whatever the database driver keeps open.
setInterval(() => {}, 60_000);

const email = process.env.CRASH_EMAIL ?? "crash@example.com";
const nickname = email.split("@")[0] ?? "crash";
const signUp = await built.app.inject({
  method: "POST",
  url: "/api/auth/sign-up/email",
  headers: { origin: PUBLIC_URL },
  payload: { email, password: "Str0ng!pass", nickname, name: nickname },
});
const cookie = ([] as string[])
  .concat(signUp.headers["set-cookie"] ?? [])
  .map((line) => line.split(";")[0])
  .join("; ");
const ticket = await built.app.inject({
  method: "POST",
  url: "/api/support/tickets",
  headers: { origin: PUBLIC_URL, cookie },
  payload: { subject: "Crash", message: "Killed before the mail left." },
});
say(`COMMITTED ${ticket.statusCode}`);
