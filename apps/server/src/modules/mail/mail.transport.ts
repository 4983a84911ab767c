import type { Db } from "../../db/client.ts";
import { findMailsTo, insertMail } from "./mail-outbox.repo.ts";

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
      await insertMail(db, mail);
    },
    async close() {},
  };
}

export async function readOutbox(db: Db, to: string) {
  const rows = await findMailsTo(db, to);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
