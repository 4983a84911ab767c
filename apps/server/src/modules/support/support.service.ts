import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordAudit } from "../audit/index.ts";
import {
  countOpenTickets,
  findTicket,
  findTicketOf,
  insertMessage,
  insertTicket,
  listMessages,
  listTicketsForAdmin,
  listTicketsOf,
  reopenTicketOf,
  setTicketStatus,
  type TicketRow,
  type TicketStatus,
} from "./support.repo.ts";

export interface SupportDeps {
  db: Db;
  clock: Clock;
  /** The mails and the answer's notification, written with the ticket's change. */
  events: Pick<DomainEvents, "notify" | "mail">;
}

const ticketView = (t: TicketRow) => ({
  id: t.id,
  subject: t.subject,
  status: t.status,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export async function createTicket(
  deps: SupportDeps,
  userId: string,
  body: { subject: string; message: string },
) {
  const now = deps.clock.now();
  const ticket = await deps.db.transaction(async (tx) => {
    const row = await insertTicket(tx, { userId, subject: body.subject, at: now });
    await insertMessage(tx, { ticketId: row.id, author: "user", body: body.message, at: now });
    await deps.events.mail(
      userId,
      "supportReceived",
      { ticketId: row.id, subject: row.subject },
      { tx },
    );
    return row;
  });
  return ticketView(ticket);
}

export async function listMyTickets({ db }: { db: Db }, userId: string) {
  const rows = await listTicketsOf(db, userId, 100);
  return { items: rows.map(ticketView) };
}

async function ticketWithMessages(db: Db, ticket: TicketRow) {
  const messages = await listMessages(db, ticket.id);
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
export async function getMyTicket({ db }: { db: Db }, userId: string, id: string) {
  const ticket = await findTicketOf(db, userId, id);
  if (!ticket) throw new AppError("NOT_FOUND", 404);
  return ticketWithMessages(db, ticket);
}

export async function replyAsUser(deps: SupportDeps, userId: string, id: string, body: string) {
  const now = deps.clock.now();
  // The reopening and the message commit together: a failure leaves the ticket as it was.
  await deps.db.transaction(async (tx) => {
    if (!(await reopenTicketOf(tx, userId, id, now))) throw new AppError("NOT_FOUND", 404);
    await insertMessage(tx, { ticketId: id, author: "user", body, at: now });
  });
  return getMyTicket(deps, userId, id);
}

export async function adminListTickets({ db }: { db: Db }, status?: TicketStatus) {
  const rows = await listTicketsForAdmin(db, status, 200);
  return { items: rows.map((r) => ({ ...ticketView(r.ticket), nickname: r.nickname })) };
}

/** Tickets waiting for the team's answer (the admin home's count). */
export function openTicketCount({ db }: { db: Db }): Promise<number> {
  return countOpenTickets(db);
}

export async function adminGetTicket({ db }: { db: Db }, id: string) {
  const ticket = await findTicket(db, id);
  if (!ticket) throw new AppError("NOT_FOUND", 404);
  return ticketWithMessages(db, ticket);
}

/** An admin answer marks the ticket answered and tells the user (e-mail and notification). */
export async function adminReply(
  deps: SupportDeps,
  actor: AuditActor,
  id: string,
  body: string,
  close: boolean,
) {
  const now = deps.clock.now();
  // The new status and the answer commit together: never a closed ticket without its answer.
  await deps.db.transaction(async (tx) => {
    const row = await setTicketStatus(tx, id, close ? "closed" : "answered", now);
    if (!row) throw new AppError("NOT_FOUND", 404);
    await insertMessage(tx, { ticketId: id, author: "admin", body, at: now });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "support.reply",
      targetType: "support_ticket",
      targetId: id,
      after: { status: row.status, message: body },
      ip: actor.ip,
      at: now,
    });
    await deps.events.mail(
      row.userId,
      "supportAnswered",
      { ticketId: row.id, subject: row.subject, answer: body },
      { tx },
    );
    await deps.events.notify(row.userId, "support_answer", { subject: row.subject }, { tx });
  });
  return adminGetTicket(deps, id);
}
