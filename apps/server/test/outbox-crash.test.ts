import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/client.ts";
import { outboxEffects, users } from "../src/db/schema/index.ts";
import { manualClock } from "../src/lib/clock.ts";
import { OUTBOX_LEASE_MS } from "../src/lib/outbox.ts";
import type { Mail, Mailer } from "../src/modules/mail/mail.transport.ts";
import { onPostgres, scratchPostgres, testConfig } from "./helpers.ts";

/**
 * kill -9 between the commit and the mail's delivery (decision 0032): the effect was committed
 * with the ticket, so another process sends it once the dead one's lease is past, exactly once.
 */

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** A database a child process can open too: a PGlite folder, or a copy of the test template. */
async function sharedDatabase() {
  if (onPostgres) return scratchPostgres();
  const dir = mkdtempSync(join(tmpdir(), "fre-outbox-crash-"));
  const migrating = await openDatabase(`pglite:${dir}`);
  await migrating.migrate();
  await migrating.close();
  return { url: `pglite:${dir}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the child, resolves once it says the mail is being sent (committed and claimed). */
function crashingServer(databaseUrl: string, email: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "apps/server/test/outbox-crash-child.ts"],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, CRASH_EMAIL: email },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on("exit", (_code, signal) => resolve(signal)),
  );
  const sending = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no delivery started:\n${output}`)), 100_000);
    const seen = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("COMMITTED 201") && output.includes("SENDING")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    void exited.then(() => reject(new Error(`exited early:\n${output}`)));
  });
  return { child, sending, exited, output: () => output };
}

describe("a server killed between the commit and the mail", () => {
  it("another process sends the mail once the lease is past, exactly once", {
    timeout: 180_000,
  }, async () => {
    const shared = await sharedDatabase();
    const email = `crash${randomBytes(3).toString("hex")}@example.com`;
    try {
      const server = crashingServer(shared.url, email);
      try {
        await server.sending;
      } finally {
        process.kill(server.child.pid!, "SIGKILL");
      }
      expect(await server.exited).toBe("SIGKILL");
      expect(server.output()).toContain("COMMITTED 201");

      const database = await openDatabase(shared.url);
      const handed: Mail[] = [];
      const mailer: Mailer = {
        kind: "smtp",
        send: async (mail) => void handed.push(mail),
        close: async () => {},
      };
      const clock = manualClock(new Date());
      const built = await buildApp(testConfig(), { database, clock, mailer });
      try {
        await built.app.ready();
        const [user] = await database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email));
        // The ticket's mail (the sign-up's verification went out before the kill).
        const effects = async () =>
          (
            await database.db
              .select({
                attempts: outboxEffects.attempts,
                deliveredAt: outboxEffects.deliveredAt,
                payload: outboxEffects.payload,
              })
              .from(outboxEffects)
              .where(eq(outboxEffects.userId, user!.id))
          )
            .filter((e) => (e.payload as { template?: string }).template === "supportReceived")
            .map(({ attempts, deliveredAt }) => ({ attempts, deliveredAt }));
        // Claimed by the dead process: nobody sends it while its lease runs.
        expect(await effects()).toEqual([{ attempts: 1, deliveredAt: null }]);
        await built.effects.settle();
        expect(handed).toEqual([]);

        clock.advance(OUTBOX_LEASE_MS + 1000);
        await built.effects.settle();
        await built.effects.deliverDue();
        clock.advance(OUTBOX_LEASE_MS + 1000);
        await built.effects.settle();
        expect(handed.map((m) => [m.to, m.subject])).toEqual([
          [email, "FRE — Nous avons bien reçu votre demande"],
        ]);
        const [effect] = await effects();
        expect(effect?.attempts).toBe(2);
        expect(effect?.deliveredAt).not.toBeNull();
      } finally {
        await built.app.close();
        await database.close();
      }
    } finally {
      await shared.drop();
    }
  });
});
