import { and, count, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { supportMessages, supportTickets, users } from "../../db/schema/index.ts";

type Executor = Db | Tx;
export type TicketStatus = (typeof supportTickets.$inferSelect)["status"];
export type MessageAuthor = (typeof supportMessages.$inferSelect)["author"];

const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  subject: supportTickets.subject,
  status: supportTickets.status,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};
export type TicketRow = {
  id: string;
  userId: string;
  subject: string;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
};

const messageColumns = {
  id: supportMessages.id,
  author: supportMessages.author,
  body: supportMessages.body,
  createdAt: supportMessages.createdAt,
};

export async function insertTicket(
  tx: Executor,
  values: { userId: string; subject: string; at: Date },
): Promise<TicketRow> {
  const [row] = await tx
    .insert(supportTickets)
    .values({
      userId: values.userId,
      subject: values.subject,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning(ticketColumns);
  return row!;
}

export async function insertMessage(
  tx: Executor,
  values: { ticketId: string; author: MessageAuthor; body: string; at: Date },
) {
  await tx.insert(supportMessages).values({
    ticketId: values.ticketId,
    author: values.author,
    body: values.body,
    createdAt: values.at,
  });
}

/** Who a support mail goes to. */
/** The user's own tickets, most recently updated first. */
export async function listTicketsOf(db: Executor, userId: string, limit: number) {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(limit);
}

/** A ticket of this user, or null (another user's ticket is not found). */
export async function findTicketOf(
  db: Executor,
  userId: string,
  id: string,
): Promise<TicketRow | null> {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)));
  return row ?? null;
}

/** Any user's ticket (admin console). */
export async function findTicket(db: Executor, id: string): Promise<TicketRow | null> {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(eq(supportTickets.id, id));
  return row ?? null;
}

/**
 * A ticket's thread, oldest first. Callers read the ticket first (by its owner on the user's
 * side), so the ticket id alone scopes these rows.
 */
export async function listMessages(db: Executor, ticketId: string) {
  return db
    .select(messageColumns)
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(supportMessages.createdAt);
}

/** Reopens the user's own ticket; false when this user has no such ticket. */
export async function reopenTicketOf(tx: Executor, userId: string, id: string, at: Date) {
  const rows = await tx
    .update(supportTickets)
    .set({ status: "open", updatedAt: at })
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}

/** Sets an answered ticket's status (admin reply); null when there is no such ticket. */
export async function setTicketStatus(
  tx: Executor,
  id: string,
  status: TicketStatus,
  at: Date,
): Promise<TicketRow | null> {
  const [row] = await tx
    .update(supportTickets)
    .set({ status, updatedAt: at })
    .where(eq(supportTickets.id, id))
    .returning(ticketColumns);
  return row ?? null;
}

/** Every user's tickets with their author's nickname (admin console), optionally by status. */
export async function listTicketsForAdmin(
  db: Executor,
  status: TicketStatus | undefined,
  limit: number,
) {
  return db
    .select({ ticket: ticketColumns, nickname: users.nickname })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(status ? eq(supportTickets.status, status) : undefined)
    .orderBy(desc(supportTickets.updatedAt))
    .limit(limit);
}

/** How many tickets wait for the team's answer (the admin home's count). */
export async function countOpenTickets(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportTickets)
    .where(eq(supportTickets.status, "open"));
  return row?.n ?? 0;
}
