import type {
  adminGlobalMessageBodySchema,
  GlobalMessage,
  informationBodySchema,
} from "@fre/shared";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { AppError } from "../../lib/errors.ts";
import { type AuditActor, recordChange } from "../audit/index.ts";
import {
  countInformationSince,
  deleteInformation,
  findGlobalMessage,
  insertInformation,
  listInformation,
  lockInformation,
  markGlobalRead,
  readRevision,
  readWatermark,
  saveGlobalMessage,
  setWatermark,
  updateInformation,
} from "./messages.repo.ts";

export interface MessagesDeps {
  db: Db;
  clock: Clock;
  /** Live events to every open app, written with the change (delivered after its commit). */
  events: Pick<DomainEvents, "live">;
}

type GlobalRow = NonNullable<Awaited<ReturnType<typeof findGlobalMessage>>>;

const globalView = (row: GlobalRow): GlobalMessage => ({
  title: row.title,
  content: row.content,
  type: row.type,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  revision: row.revision,
});

/** An admin's change in one transaction, at one instant: `now`, read before it begins. */
function adminChange<T>(deps: MessagesDeps, change: (tx: Tx, now: Date) => Promise<T>) {
  const now = deps.clock.now();
  return deps.db.transaction((tx) => change(tx, now));
}

const informationView = (row: { id: string; title: string; content: string; createdAt: Date }) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
});

/** The global message when active, not expired and not yet closed by this user (spec §2). */
export async function globalMessageFor(deps: MessagesDeps, userId: string) {
  const row = await findGlobalMessage(deps.db);
  const now = deps.clock.now();
  if (!row?.active || (row.expiresAt && row.expiresAt <= now)) return { message: null };
  if ((await readRevision(deps.db, userId)) >= row.revision) return { message: null };
  return { message: globalView(row) };
}

export async function closeGlobalMessage(deps: MessagesDeps, userId: string, revision: number) {
  await markGlobalRead(deps.db, userId, revision);
}

export async function informationFor(deps: MessagesDeps, userId: string) {
  const [rows, readUntil] = await Promise.all([
    listInformation(deps.db, 100),
    readWatermark(deps.db, userId),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    createdAt: r.createdAt.toISOString(),
    unread: r.createdAt > readUntil,
  }));
  return { items, unreadCount: items.filter((i) => i.unread).length };
}

export async function unreadInformation(deps: MessagesDeps, userId: string) {
  const readUntil = await readWatermark(deps.db, userId);
  const [unreadCount, [latest]] = await Promise.all([
    countInformationSince(deps.db, readUntil),
    listInformation(deps.db, 1),
  ]);
  return {
    unreadCount,
    latest:
      latest && latest.createdAt > readUntil
        ? { id: latest.id, title: latest.title, createdAt: latest.createdAt.toISOString() }
        : null,
  };
}

/** Opening /information reads everything published so far. */
export async function readAllInformation(deps: MessagesDeps, userId: string) {
  const [latest] = await listInformation(deps.db, 1);
  const now = deps.clock.now();
  await setWatermark(deps.db, userId, latest && latest.createdAt > now ? latest.createdAt : now);
}

export async function adminGlobalMessage(deps: MessagesDeps) {
  const row = await findGlobalMessage(deps.db);
  return { message: row ? { ...globalView(row), active: row.active } : null };
}

export async function adminSaveGlobalMessage(
  deps: MessagesDeps,
  actor: AuditActor,
  body: z.infer<typeof adminGlobalMessageBodySchema>,
) {
  const row = await adminChange(deps, async (tx, now) => {
    const before = await findGlobalMessage(tx);
    const saved = await saveGlobalMessage(tx, {
      title: body.title,
      content: body.content,
      type: body.type,
      active: body.active,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      updatedAt: now,
    });
    await recordChange(tx, actor, now, "message.global_save", ["message", "global"], {
      before: before ? { ...globalView(before), active: before.active } : null,
      after: { ...globalView(saved), active: saved.active },
    });
    await deps.events.live(
      null,
      { type: "global_message", data: { revision: saved.revision } },
      { tx },
    );
    return saved;
  });
  return { message: { ...globalView(row), active: row.active } };
}

export async function adminCreateInformation(
  deps: MessagesDeps,
  actor: AuditActor,
  body: z.infer<typeof informationBodySchema>,
) {
  const row = await adminChange(deps, async (tx, now) => {
    const created = await insertInformation(tx, { ...body, createdAt: now, updatedAt: now });
    await recordChange(tx, actor, now, "message.information_create", ["message", created.id], {
      after: { title: created.title, content: created.content },
    });
    await deps.events.live(
      null,
      {
        type: "information",
        data: { id: created.id, title: created.title, createdAt: created.createdAt.toISOString() },
      },
      { tx },
    );
    return created;
  });
  return informationView(row);
}

export async function adminUpdateInformation(
  deps: MessagesDeps,
  actor: AuditActor,
  id: string,
  body: z.infer<typeof informationBodySchema>,
) {
  const row = await adminChange(deps, async (tx, now) => {
    const before = await lockInformation(tx, id);
    if (!before) throw new AppError("NOT_FOUND", 404);
    const updated = await updateInformation(tx, id, { ...body, updatedAt: now });
    if (!updated) throw new AppError("NOT_FOUND", 404);
    await recordChange(tx, actor, now, "message.information_update", ["message", id], {
      before: { title: before.title, content: before.content },
      after: { title: updated.title, content: updated.content },
    });
    return updated;
  });
  return informationView(row);
}

export async function adminDeleteInformation(deps: MessagesDeps, actor: AuditActor, id: string) {
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteInformation(tx, id);
    if (!deleted) throw new AppError("NOT_FOUND", 404);
    await recordChange(tx, actor, deps.clock.now(), "message.information_delete", ["message", id], {
      before: { title: deleted.title, content: deleted.content },
    });
  });
}
