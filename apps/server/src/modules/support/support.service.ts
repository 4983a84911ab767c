import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { supportMessages, supportTickets, users } from "../../db/schema/index.ts";
import { isLanguage } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { supportAnsweredMail, supportReceivedMail } from "../mail/mail.templates.ts";
import type { Mailer } from "../mail/mail.transport.ts";

export interface SupportDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  onMailError: (error: unknown) => void;
}

type Ticket = typeof supportTickets.$inferSelect;

const ticketView = (t: Ticket) => ({
  id: t.id,
  subject: t.subject,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

async function recipient(db: Db, userId: string) {
  const [u] = await db
    .select({ email: users.email, nickname: users.nickname, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return null;
  return { ...u, language: isLanguage(u.language) ? u.language : ("fr" as const) };
}

/** Mail after commit; a mail failure never loses the ticket. */
async function mailQuietly(deps: SupportDeps, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    deps.onMailError(error);
  }
}

export async function createTicket(
  deps: SupportDeps,
  userId: string,
  body: { subject: string; message: string },
) {
  const now = deps.clock.now();
  const ticket = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({ userId, subject: body.subject, createdAt: now, updatedAt: now })
      .returning();
    await tx
      .insert(supportMessages)
      .values({ ticketId: row!.id, author: "user", body: body.message, createdAt: now });
    return row!;
  });
  const to = await recipient(deps.db, userId);
  if (to) {
    const url = new URL(`/support?ticket=${ticket.id}`, deps.publicUrl).toString();
    await mailQuietly(deps, () => deps.mailer.send(supportReceivedMail(to, ticket.subject, url)));
  }
  return ticketView(ticket);
}

export async function listMyTickets(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt))
    .limit(100);
  return { items: rows.map(ticketView) };
}

async function ticketWithMessages(db: Db, ticket: Ticket) {
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticket.id))
    .orderBy(supportMessages.createdAt);
  return {
    ...ticketView(ticket),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** A user's own ticket; another user's is a 404 (conventions §9). */
export async function getMyTicket(db: Db, userId: string, id: string) {
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)));
  if (!ticket) throw new AppError("NOT_FOUND", 404);
  return ticketWithMessages(db, ticket);
}

export async function replyAsUser(deps: SupportDeps, userId: string, id: string, body: string) {
  const now = deps.clock.now();
  // The reopening and the message commit together: a failure leaves the ticket as it was.
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(supportTickets)
      .set({ status: "open", updatedAt: now })
      .where(and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
      .returning({ id: supportTickets.id });
    if (!updated[0]) throw new AppError("NOT_FOUND", 404);
    await tx.insert(supportMessages).values({ ticketId: id, author: "user", body, createdAt: now });
  });
  return getMyTicket(deps.db, userId, id);
}

export async function adminListTickets(db: Db, status?: Ticket["status"]) {
  const rows = await db
    .select({ ticket: supportTickets, nickname: users.nickname })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(status ? eq(supportTickets.status, status) : undefined)
    .orderBy(desc(supportTickets.updatedAt))
    .limit(200);
  return { items: rows.map((r) => ({ ...ticketView(r.ticket), nickname: r.nickname })) };
}

export async function adminGetTicket(db: Db, id: string) {
  const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
  if (!ticket) throw new AppError("NOT_FOUND", 404);
  return ticketWithMessages(db, ticket);
}

/** An admin answer marks the ticket answered and tells the user by e-mail. */
export async function adminReply(deps: SupportDeps, id: string, body: string, close: boolean) {
  const now = deps.clock.now();
  // The new status and the answer commit together: never a closed ticket without its answer.
  const ticket = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportTickets)
      .set({ status: close ? "closed" : "answered", updatedAt: now })
      .where(eq(supportTickets.id, id))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", 404);
    await tx
      .insert(supportMessages)
      .values({ ticketId: id, author: "admin", body, createdAt: now });
    return row;
  });
  const to = await recipient(deps.db, ticket.userId);
  if (to) {
    const url = new URL(`/support?ticket=${ticket.id}`, deps.publicUrl).toString();
    await mailQuietly(deps, () => deps.mailer.send(supportAnsweredMail(to, ticket.subject, url)));
  }
  return adminGetTicket(deps.db, id);
}
