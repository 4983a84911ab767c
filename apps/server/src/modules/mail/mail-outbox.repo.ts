import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema/index.ts";

/**
 * The SQL of the embedded mail transport: mails kept in the database for a developer to read.
 * It speaks the table's row (the transport's `Mail` fits it), so it does not import its caller.
 */

export async function insertMail(db: Db, mail: typeof mailOutbox.$inferInsert) {
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
