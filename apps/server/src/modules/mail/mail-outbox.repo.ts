import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import type { Mail } from "./mail.transport.ts";

/** The SQL of the embedded mail transport: mails kept in the database for a developer to read. */

export async function insertMail(db: Db, mail: Mail) {
  await db.insert(mailOutbox).values(mail);
}

/** The latest 50 mails to one address, newest first. */
export function findMailsTo(db: Db, to: string) {
  return db
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
}
