import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * How mail leaves the server. The mail module owns this interface; `outboxMailer` below is the
 * embedded default, SMTP delivery is an adapter (src/adapters/smtp/, decision 0033).
 */
export interface Mailer {
  kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** Keeps mails in the database so a developer (or a test) reads them at /api/dev/outbox. */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: "outbox",
    async send(mail) {
      await db.insert(mailOutbox).values(mail);
    },
    async close() {},
  };
}

export async function readOutbox(db: Db, to: string) {
  const rows = await db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(50);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
